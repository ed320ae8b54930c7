import type { FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { toAnswer, type Backend } from './backend';

/** The backend inside the desktop app: the offline core, reached through the preload's `window.facturx`. */
export function ipcBackend(bridge: FacturxBridge): Backend {
  return {
    kind: { type: 'offline' },
    async run(operation, file, { lang, validationTarget }, fields = {}) {
      try {
        const result = await bridge[operation]({
          files: file ? { file } : {},
          fields: { ...fields, validation_target: validationTarget },
          query: { lang },
        });
        return toAnswer(result.ok, result.status, result.body);
      } catch (reason) {
        return { ok: false, status: 0, error: { error: 'backend_unreachable', message: String(reason) } };
      }
    },
  };
}
