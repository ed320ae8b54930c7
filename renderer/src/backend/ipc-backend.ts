import {
  type BridgeRequest,
  type BridgeResult,
  type FacturxBridge,
} from '../../../core/bridge/facturx-bridge';
import { convertProgressSchema, type ConvertProgress } from '../../../core/api/convert-progress';
import { toAnswer, unlessCancelled, uploadLimitsOf, type Answer, type Backend } from './backend';

async function answerOf(call: () => Promise<BridgeResult>): Promise<Answer> {
  try {
    const result = await call();
    return toAnswer(result.ok, result.status, result.body);
  } catch (reason) {
    return { ok: false, status: 0, error: { error: 'backend_unreachable', message: String(reason) } };
  }
}

/**
 * The backend inside the desktop app: the offline core, reached through the preload's `window.facturx`.
 * A convert given a control is named, so that the core reports its progress (OCR page by page) and stops
 * it when the control's signal aborts.
 */
export function ipcBackend(bridge: FacturxBridge): Backend {
  const following = new Map<string, (progress: ConvertProgress) => void>();
  let nextCall = 1;
  let stopListening: (() => void) | null = null;
  const follow = (callId: string, onProgress: (progress: ConvertProgress) => void) => {
    stopListening ??= bridge.onConvertProgress((id, progress) => {
      const parsed = convertProgressSchema.safeParse(progress);
      if (parsed.success) following.get(id)?.(parsed.data);
    });
    following.set(callId, onProgress);
    return () => {
      following.delete(callId);
      if (following.size === 0) {
        stopListening?.();
        stopListening = null;
      }
    };
  };

  return {
    kind: { type: 'offline' },
    limits: async () => uploadLimitsOf(await answerOf(() => bridge.limits())),
    run(operation, file, { lang, validationTarget }, fields = {}, control) {
      const request: BridgeRequest = {
        files: file ? { file } : {},
        fields: { ...fields, validation_target: validationTarget },
        query: { lang },
      };
      if (operation !== 'convert' || !control) return answerOf(() => bridge[operation](request));
      const { signal, onProgress } = control;
      return unlessCancelled(signal, lang, () => {
        const callId = `convert-${nextCall++}`;
        const unfollow = onProgress ? follow(callId, onProgress) : () => undefined;
        const cancel = () => void bridge.cancelConvert(callId);
        signal?.addEventListener('abort', cancel, { once: true });
        return answerOf(() => bridge.convert(request, callId)).finally(() => {
          signal?.removeEventListener('abort', cancel);
          unfollow();
        });
      });
    },
    profiles(request, lang) {
      return answerOf(() => bridge.profiles(request, lang));
    },
    report(reports, lang) {
      return answerOf(() => bridge.report(reports, lang));
    },
    saveToFolder(files) {
      return bridge.saveToFolder(files.map(({ name, bytes }) => ({ filename: name, bytes })));
    },
    queue: {
      list: () => bridge.queueList(),
      add: (entries) => bridge.queueAdd(entries),
      update: (id, change) => bridge.queueUpdate(id, change),
      remove: (ids) => bridge.queueRemove(ids),
    },
  };
}
