import { parentPort, type MessagePort } from 'node:worker_threads';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import { localContext, services } from '../core/service';
import { internalError, type ServiceCall, type ServiceReply } from './service-protocol';

/**
 * The desktop's backend thread: the same service functions the HTTP server calls, on the offline
 * context, answering the main process one message per call.
 */
async function answer(port: MessagePort, call: ServiceCall, context: ReturnType<typeof localContext>) {
  let result: BridgeResult;
  try {
    result = await services[call.name](call.request, context);
  } catch (error) {
    result = internalError(String(error));
  }
  port.postMessage({ id: call.id, result } satisfies ServiceReply);
}

const port = parentPort;
if (port) {
  const context = localContext();
  port.on('message', (call: ServiceCall) => void answer(port, call, context));
}
