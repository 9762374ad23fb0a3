import './styles.css';

/**
 * The app's code is started in steps, each in a task of its own: run at once, it froze a slow
 * phone for a long moment (a 100 ms task at a quarter of this machine's speed) right when the
 * shopper begins to use the page. The files are all fetched at once beside this one (the page
 * lists them as modulepreload); only their running is spread out: React DOM first, then the
 * query and API libraries, then the router, then the shop, then the page's own code, then the
 * takeover. Each library is a file of its own (vite.config.ts), so each step runs one.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A step whose download failed (a mobile network drops a request now and then) is tried again,
 * a little later each time, and at once when the phone says it is back online. Meanwhile the
 * page stays readable and its taps are kept (src/boot/boot.ts).
 */
async function load<T>(step: () => Promise<T>): Promise<T> {
  for (let wait = 1500; ; wait = Math.min(wait * 2, 30_000)) {
    try {
      return await step();
    } catch {
      await new Promise((resolve) => {
        setTimeout(resolve, wait);
        addEventListener('online', resolve, { once: true });
      });
    }
  }
}

async function start() {
  // A library step names one export: a bare import('react-router') would keep the whole library
  // in its file (61 KB compressed instead of the 14 KB the shop uses).
  const client = await load(() => import('react-dom/client'));
  await nextTask();
  await load(() => import('@tanstack/react-query').then(({ QueryClient }) => QueryClient));
  await nextTask();
  await load(() => import('react-router').then(({ BrowserRouter }) => BrowserRouter));
  await nextTask();
  const { startApp } = await load(() => import('./app/start'));
  await nextTask();
  await startApp(client);
}
void start();
