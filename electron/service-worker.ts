import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import { services, storedLocalContext } from '../core/service';
import type { ServiceContext } from '../core/service/types';
import { openStore } from '../server/store/open-store';
import { SqlWorkQueue } from '../server/store/sql-work-queue';
import { runQueueCall } from './queue-calls';
import { internalError, type QueueOutcome, type ServiceCall, type ServiceReply } from './service-protocol';

/**
 * The desktop's backend thread: the same service functions the HTTP server calls, on the offline
 * context whose store (saved profiles, the work queue) lives in the app's data folder, answering the
 * main process one message per call.
 */
const running = new Map<number, AbortController>();

interface Backend {
  readonly context: ServiceContext;
  readonly queue: SqlWorkQueue;
}

async function answer(port: MessagePort, call: ServiceCall, backend: Promise<Backend>) {
  if ('cancel' in call) {
    running.get(call.id)?.abort();
    return;
  }
  if ('queue' in call) {
    let queued: QueueOutcome;
    try {
      const { context, queue } = await backend;
      queued = { ok: true, value: await runQueueCall(queue, context.tenant, call.queue, context.now()) };
    } catch (error) {
      queued = { ok: false, message: String(error) };
    }
    port.postMessage({ id: call.id, queued } satisfies ServiceReply);
    return;
  }
  let result: BridgeResult;
  const cancel = new AbortController();
  running.set(call.id, cancel);
  try {
    const { context } = await backend;
    // Only a convert reports progress and can be cancelled (OCR is what takes long).
    result =
      call.name === 'convert'
        ? await services.convert(call.request, context, {
            signal: cancel.signal,
            onProgress: (progress) => port.postMessage({ id: call.id, progress } satisfies ServiceReply),
          })
        : await services[call.name](call.request, context);
  } catch (error) {
    result = internalError(String(error));
  } finally {
    running.delete(call.id);
  }
  port.postMessage({ id: call.id, result } satisfies ServiceReply);
}

/**
 * The store opened, and the work the queue says was under way marked interrupted: it ran in an app (or
 * a worker) that stopped since, so it comes back as not finished rather than as still running.
 */
async function started(dataDir: string): Promise<Backend> {
  const storage = await openStore({ dataDir });
  const context = await storedLocalContext(storage);
  const queue = new SqlWorkQueue(storage);
  await queue.interruptUnderWay(context.tenant, context.now().toISOString());
  return { context, queue };
}

const port = parentPort;
if (port) {
  const { dataDir } = workerData as { readonly dataDir: string };
  // A damaged store fails every call with its reason rather than being replaced by an empty one.
  const backend = started(dataDir);
  backend.catch(() => undefined);
  port.on('message', (call: ServiceCall) => void answer(port, call, backend));
}
