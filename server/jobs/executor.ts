/**
 * Where a job's work runs: on the calling thread (a worker process, which answers no requests), or in
 * a pool of threads (the server, so that a long OCR never holds up its answers). A thread that dies
 * with a task abandons that job: it is not finished, so its lease runs out and it is taken again.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { JobAbandoned, type JobPayload, type JobService } from '../../core/service/jobs';
import { JOB_WORK } from '../../core/service/job-work';
import type { ServiceResult } from '../../core/service/types';
import { packageRoot } from '../package-root';

export interface JobTask {
  readonly id: number;
  readonly service: JobService;
  readonly payload: JobPayload;
  /** ISO 8601: the worker's clock when it took the job. */
  readonly now: string;
}

export type JobTaskResult =
  | { readonly id: number; readonly ok: true; readonly result: ServiceResult<unknown> }
  | { readonly id: number; readonly ok: false; readonly error: string };

export interface JobExecutor {
  run(service: JobService, payload: JobPayload, now: Date): Promise<ServiceResult<unknown>>;
  close(): Promise<void>;
}

export const inlineExecutor: JobExecutor = {
  run: (service, payload, now) => JOB_WORK[service].run(payload, now),
  close: async () => undefined,
};

/** The thread's module: the built one beside the bundle, or the sources through tsx (tests, dev). */
function startThread(): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return new Worker(path.join(packageRoot(), 'dist', 'job-thread.js'));
  const entry = pathToFileURL(path.join(path.dirname(here), 'job-thread.ts')).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
}

export function threadExecutor(size: number): JobExecutor {
  interface Pending {
    readonly task: JobTask;
    resolve(result: ServiceResult<unknown>): void;
    reject(error: Error): void;
  }
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const waiting: Pending[] = [];
  let started = 0;
  let nextId = 1;
  let closed = false;

  const give = (worker: Worker, pending: Pending) => {
    busy.set(worker, pending);
    worker.postMessage(pending.task);
  };
  const next = (worker: Worker) => {
    const pending = waiting.shift();
    if (pending) give(worker, pending);
    else idle.push(worker);
  };
  const spawn = (): Worker => {
    const worker = startThread();
    started += 1;
    worker.on('message', (reply: JobTaskResult) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) {
        if (reply.ok) pending.resolve(reply.result);
        else pending.reject(new Error(reply.error));
      }
      next(worker);
    });
    const lost = (reason: string) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      started -= 1;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      pending?.reject(new JobAbandoned(reason));
      if (!closed && waiting.length > 0) next(spawn());
    };
    worker.on('error', (error) => lost(`job thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`job thread stopped (exit code ${code})`));
    return worker;
  };

  return {
    run: (service, payload, now) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new JobAbandoned('the job threads are stopping'));
        const pending: Pending = {
          task: { id: nextId++, service, payload, now: now.toISOString() },
          resolve,
          reject,
        };
        const worker = idle.pop() ?? (started < size ? spawn() : undefined);
        if (worker) give(worker, pending);
        else waiting.push(pending);
      }),
    close: async () => {
      closed = true;
      for (const pending of waiting.splice(0))
        pending.reject(new JobAbandoned('the job threads are stopping'));
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}
