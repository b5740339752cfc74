// Starts a render worker from TypeScript source through tsx (development and tests run the
// server from source; Node 20 does not apply `--import tsx` given in a worker's execArgv).
// `workerData.tsModule` is the module's URL; the bundle starts its .js worker directly.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsModule, import.meta.url);
