// Starts a TypeScript worker entry from the sources (tests, `npm run dev`): tsx compiles it in this
// thread. The compiled server (server/dist/bin) starts its JavaScript entries directly.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
