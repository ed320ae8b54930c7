import {
  BRIDGE_MAX_FILE_BYTES,
  type BridgeResult,
  type FacturxBridge,
} from '../../../core/bridge/facturx-bridge';
import { toAnswer, type Answer, type Backend } from './backend';

async function answerOf(call: () => Promise<BridgeResult>): Promise<Answer> {
  try {
    const result = await call();
    return toAnswer(result.ok, result.status, result.body);
  } catch (reason) {
    return { ok: false, status: 0, error: { error: 'backend_unreachable', message: String(reason) } };
  }
}

/** The backend inside the desktop app: the offline core, reached through the preload's `window.facturx`. */
export function ipcBackend(bridge: FacturxBridge): Backend {
  return {
    kind: { type: 'offline' },
    limits: async () => ({ maxUploadBytes: BRIDGE_MAX_FILE_BYTES }),
    run(operation, file, { lang, validationTarget }, fields = {}) {
      return answerOf(() =>
        bridge[operation]({
          files: file ? { file } : {},
          fields: { ...fields, validation_target: validationTarget },
          query: { lang },
        }),
      );
    },
    profiles(request, lang) {
      return answerOf(() => bridge.profiles(request, lang));
    },
    report(reports, lang) {
      return answerOf(() => bridge.report(reports, lang));
    },
  };
}
