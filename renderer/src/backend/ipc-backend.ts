import type { BridgeResult, FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { toAnswer, type Answer, type Backend, type ProfilesRequest } from './backend';

/**
 * The bridge's `profiles` operation as profiles-contract.md gives it. Optional until core/bridge declares
 * it, so that a preload without it answers with an error instead of a crash.
 */
export type DesktopBridge = FacturxBridge & {
  profiles?(request: ProfilesRequest): Promise<BridgeResult>;
};

async function answerOf(call: () => Promise<BridgeResult>): Promise<Answer> {
  try {
    const result = await call();
    return toAnswer(result.ok, result.status, result.body);
  } catch (reason) {
    return { ok: false, status: 0, error: { error: 'backend_unreachable', message: String(reason) } };
  }
}

/** The backend inside the desktop app: the offline core, reached through the preload's `window.facturx`. */
export function ipcBackend(bridge: DesktopBridge): Backend {
  return {
    kind: { type: 'offline' },
    run(operation, file, { lang, validationTarget }, fields = {}) {
      return answerOf(() =>
        bridge[operation]({
          files: file ? { file } : {},
          fields: { ...fields, validation_target: validationTarget },
          query: { lang },
        }),
      );
    },
    profiles(request) {
      return answerOf(() => {
        if (!bridge.profiles) throw new Error('this desktop build has no saved profiles');
        return bridge.profiles(request);
      });
    },
  };
}
