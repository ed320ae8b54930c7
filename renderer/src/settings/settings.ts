import type { HttpSettings } from '../backend/http-backend';

const keys = { baseUrl: 'facturx.baseUrl', apiKey: 'facturx.apiKey' } as const;

/** The HTTP backend settings kept in the browser's localStorage. */
export function loadSettings(storage: Pick<Storage, 'getItem'>): HttpSettings {
  return { baseUrl: storage.getItem(keys.baseUrl) ?? '', apiKey: storage.getItem(keys.apiKey) ?? '' };
}

export function saveSettings(storage: Pick<Storage, 'setItem'>, settings: HttpSettings): void {
  storage.setItem(keys.baseUrl, settings.baseUrl.trim());
  storage.setItem(keys.apiKey, settings.apiKey.trim());
}
