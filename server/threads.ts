/**
 * The server's own threads (job threads, engine threads): each a module of this folder that answers a
 * pool's calls (core/pool). Started from the built module beside the bundle (dist/NAME.js), or from
 * the sources through tsx (tests, dev).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from './package-root';

/** `module`: the thread's source below server/, without `.ts` (`jobs/job-thread`). */
export function startThread(module: string): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts'))
    return new Worker(path.join(packageRoot(), 'dist', `${path.basename(module)}.js`));
  const entry = pathToFileURL(path.join(path.dirname(here), `${module}.ts`)).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
}
