import { describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../core/api/limits';
import { BRIDGE_MAX_FILE_BYTES, type FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { limits } from '../../../core/service/limits';
import type { ServiceContext } from '../../../core/service/types';
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

  it('in the desktop app is what the service answers through the bridge, and the quota watch passes it on', async () => {
    // The service that answers the desktop's limits call; it needs no tenant, nor anything of the context.
    const bridge = {
      limits: () => limits({ fields: {}, files: {}, query: {} }, {} as ServiceContext),
    } as FacturxBridge;
    const backend = watchQuota(ipcBackend(bridge), () => undefined);
    expect(await backend.limits?.()).toEqual({ maxUploadBytes: MAX_UPLOAD_BYTES });
    // The service's limit, not the larger one of the IPC transport, is what the page refuses above.
    expect(MAX_UPLOAD_BYTES).toBeLessThan(BRIDGE_MAX_FILE_BYTES);
  });

  it('in the desktop app is unknown when the bridge fails or answers something else', async () => {
    for (const answer of [
      () => Promise.reject(new Error('no handler')),
      async () => ({ ok: true, status: 200, body: { maxUploadBytes: -1 } }),
    ]) {
      const backend = ipcBackend({ limits: answer } as FacturxBridge);
      expect(await backend.limits?.()).toBeNull();
    }
  });
});
