import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import { services, storedLocalContext } from '../core/service';
import type { ServiceContext } from '../core/service/types';
import { openStore } from '../server/store/open-store';
import { internalError, type ServiceCall, type ServiceReply } from './service-protocol';

/**
 * The desktop's backend thread: the same service functions the HTTP server calls, on the offline
 * context whose store (saved profiles above all) lives in the app's data folder, answering the main
 * process one message per call.
 */
const running = new Map<number, AbortController>();

async function answer(port: MessagePort, call: ServiceCall, context: Promise<ServiceContext>) {
  if ('cancel' in call) {
    running.get(call.id)?.abort();
    return;
  }
  let result: BridgeResult;
  const cancel = new AbortController();
  running.set(call.id, cancel);
  try {
    // Only a convert reports progress and can be cancelled (OCR is what takes long).
    result =
      call.name === 'convert'
        ? await services.convert(call.request, await context, {
            signal: cancel.signal,
            onProgress: (progress) => port.postMessage({ id: call.id, progress } satisfies ServiceReply),
          })
        : await services[call.name](call.request, await context);
  } catch (error) {
    result = internalError(String(error));
  } finally {
    running.delete(call.id);
  }
  port.postMessage({ id: call.id, result } satisfies ServiceReply);
}

const port = parentPort;
if (port) {
  const { dataDir } = workerData as { readonly dataDir: string };
  // A damaged store fails every call with its reason rather than being replaced by an empty one.
  const context = openStore({ dataDir }).then((storage) => storedLocalContext(storage));
  context.catch(() => undefined);
  port.on('message', (call: ServiceCall) => void answer(port, call, context));
}
