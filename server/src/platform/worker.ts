import { Worker } from 'node:worker_threads';

type Reply<O> = { id: number; result?: O; error?: string };

/**
 * A function run in a worker thread, so that CPU-bound work (a PDF) never holds the event loop
 * other requests wait on. The thread starts at the first job, takes jobs one message at a time,
 * is started again if it dies, and never keeps the process alive. `entry` is the worker's module:
 * a .js file once compiled, or a .ts source (started through tsx, tests and development).
 */
export class ThreadWorker<I, O> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (o: O) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor(
    private readonly entry: URL,
    /** Jobs waiting at most: past it, `run` refuses at once instead of queueing. */
    readonly maxPending = 20,
  ) {}

  get busy() {
    return this.pending.size;
  }

  private start(): Worker {
    const worker = this.entry.pathname.endsWith('.ts')
      ? new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry: this.entry.href } })
      : new Worker(this.entry);
    worker.unref();
    worker.on('message', ({ id, result, error }: Reply<O>) => {
      const job = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) job?.reject(new Error(error));
      else job?.resolve(result as O);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker thread exited (${code})`)));
    return worker;
  }

  run(input: I): Promise<O> {
    if (this.pending.size >= this.maxPending) return Promise.reject(new WorkerBusy());
    this.worker ??= this.start();
    const id = this.next++;
    return new Promise<O>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, input });
    });
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** Too many jobs waiting already: the caller says so rather than making everybody wait. */
export class WorkerBusy extends Error {
  constructor() {
    super('worker thread busy');
  }
}

/** The worker side: answers each job posted by ThreadWorker with `handle`'s result or its error. */
export async function serveJobs<I, O>(handle: (input: I) => Promise<O>) {
  const { parentPort } = await import('node:worker_threads');
  parentPort!.on('message', ({ id, input }: { id: number; input: I }) => {
    handle(input).then(
      (result) => parentPort!.postMessage({ id, result } satisfies Reply<O>),
      (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies Reply<O>),
    );
  });
}
