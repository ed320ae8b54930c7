import type { Backend } from './backend';
import { httpBackend, type HttpSettings } from './http-backend';
import type { FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { ipcBackend } from './ipc-backend';

declare global {
  interface Window {
    /** Present only inside the desktop app, exposed by the Electron preload. */
    readonly facturx?: FacturxBridge;
  }
}

/** The offline core when the desktop bridge is there, else the HTTP API. */
export function chooseBackend(page: Window, settings: HttpSettings): Backend {
  return page.facturx ? ipcBackend(page.facturx) : httpBackend(settings, page.location.origin);
}
