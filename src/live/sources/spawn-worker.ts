// Starting a worker thread from a sibling module, both when running the compiled .js (dist/) and the
// TypeScript sources through tsx (a .ts worker needs tsx's loader in its own execArgv).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** `base` is a sibling module name without extension, e.g. 'frame-worker'. */
export function spawnWorker(base: string, workerData: unknown): Worker {
  const js = new URL(`./${base}.js`, import.meta.url);
  const ts = new URL(`./${base}.ts`, import.meta.url);
  const useTs = import.meta.url.endsWith('.ts') || !existsSync(fileURLToPath(js));
  const url = useTs ? ts : js;
  const env = { ...process.env, OPENCV4NODEJS_DISABLE_AUTOBUILD: process.env.OPENCV4NODEJS_DISABLE_AUTOBUILD ?? '1' };
  if (!useTs) return new Worker(url, { workerData, env });
  // Node 20 does not apply `--import tsx` from a worker's execArgv: register tsx's loader in the thread first
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })` +
    `.catch((e) => { setImmediate(() => { throw e; }); });`;
  return new Worker(boot, { eval: true, workerData, env });
}
