/**
 * How many cores this process can get right now, for benches that time parallel work. On a busy machine
 * the kernel shares processor time between sessions (Linux autogroups), not between threads: a session
 * running two threads then gets no more than with one, and a "speed-up with 2 workers" says more about
 * the machine than about the pool. This measures it the same way: the work `threads` spinning threads
 * get done in `ms`, against one thread alone.
 */
import { Worker } from 'node:worker_threads';

// Counts loop turns until its time is up and posts the count.
const SPIN = `
const { parentPort, workerData } = require('node:worker_threads');
const end = Date.now() + workerData;
let turns = 0;
while (Date.now() < end) for (let i = 0; i < 10000; i++) turns++;
parentPort.postMessage(turns);
`;

function spin(threads: number, ms: number): Promise<number> {
  const runs = Array.from(
    { length: threads },
    () =>
      new Promise<number>((resolve, reject) => {
        const worker = new Worker(SPIN, { eval: true, workerData: ms });
        worker.once('message', (turns: number) => resolve(turns));
        worker.once('error', reject);
      }),
  );
  return Promise.all(runs).then((counts) => counts.reduce((a, b) => a + b, 0));
}

/** The work `threads` threads get done against one alone (about `threads` on an idle machine). */
export async function coresFree(threads: number, ms = 1500): Promise<number> {
  const one = await spin(1, ms);
  const many = await spin(threads, ms);
  return many / Math.max(1, one);
}
