/**
 * A job thread of the server: runs the work of one job at a time from its payload, off the thread that
 * answers requests, and posts the outcome back. Everything it needs comes with the message.
 */
import { parentPort } from 'node:worker_threads';
import { JOB_WORK } from '../../core/service/job-work';
import type { JobTask, JobTaskResult } from './executor';

const port = parentPort;
if (port) {
  port.on('message', (task: JobTask) => {
    JOB_WORK[task.service]
      .run(task.payload, new Date(task.now))
      .then(
        (result): JobTaskResult => ({ id: task.id, ok: true, result }),
        (error: unknown): JobTaskResult => ({ id: task.id, ok: false, error: String(error) }),
      )
      .then((reply) => port.postMessage(reply));
  });
}
