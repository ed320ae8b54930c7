import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_MAX_FILE_BYTES, type FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { httpBackend } from './http-backend';
import { ipcBackend } from './ipc-backend';
import { watchQuota } from './quota-watch';

describe('what a backend accepts', () => {
  it('over HTTP is what GET /api/v1/limits of its origin says, without a key', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ maxUploadBytes: 20971520 }));
    const backend = httpBackend({ baseUrl: '', apiKey: 'k' }, 'http://127.0.0.1:4000', fetchImpl);
    expect(await backend.limits?.()).toEqual({ maxUploadBytes: 20971520 });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4000/api/v1/limits');
    expect(init?.method).toBe('GET');
  });

  it('over HTTP is unknown when the API does not say (a 404, another shape, no answer)', async () => {
    for (const answer of [
      async () => Response.json({ error: 'not_found', message: 'No such endpoint.' }, { status: 404 }),
      async () => Response.json({ maxUploadBytes: 'big' }),
      async () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const backend = httpBackend(
        { baseUrl: 'https://api.example.com', apiKey: '' },
        'http://x',
        vi.fn(answer),
      );
      expect(await backend.limits?.()).toBeNull();
    }
  });

  it('in the desktop app is what the bridge carries, and the quota watch passes it on', async () => {
    const backend = watchQuota(ipcBackend({} as FacturxBridge), () => undefined);
    expect(await backend.limits?.()).toEqual({ maxUploadBytes: BRIDGE_MAX_FILE_BYTES });
  });
});
