import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './store/open-store';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    rateLimitPerMinute: 0,
    start: '2026-11-20T09:00:00Z',
    keyEmails: ['compta@acme.example', 'compta@other.example'],
  });
});

afterAll(() => server.close());

const buyer = { buyer: { name: 'Cabinet Essai SAS', address: { city: 'Rennes', country_code: 'FR' } } };

async function call(
  method: string,
  path: string,
  key: string | null,
  body?: string,
  contentType = 'application/json',
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(key ? { 'X-API-Key': key } : {}),
      ...(body !== undefined ? { 'Content-Type': contentType } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('/api/v1/profiles on a real server', () => {
  it('saves, lists and deletes a tenant’s profiles; another key sees none of them', async () => {
    const [acme, other] = server.keys as [string, string];
    expect(await call('GET', '/api/v1/profiles', acme)).toEqual({ status: 200, body: { profiles: [] } });
    const saved = await call(
      'PUT',
      '/api/v1/profiles/buyer/cabinet.essai',
      acme,
      JSON.stringify({ data: buyer }),
    );
    expect(saved).toEqual({
      status: 200,
      body: {
        id: 'cabinet.essai',
        role: 'buyer',
        version: 1,
        name: 'Cabinet Essai SAS',
        updatedAt: '2026-11-20T09:00:00.000Z',
        data: buyer,
      },
    });
    expect((await call('GET', '/api/v1/profiles', acme)).body).toMatchObject({
      profiles: [{ id: 'cabinet.essai' }],
    });
    expect(await call('GET', '/api/v1/profiles', other)).toEqual({ status: 200, body: { profiles: [] } });
    expect((await call('DELETE', '/api/v1/profiles/buyer/cabinet.essai', other)).status).toBe(404);

    // Kept on disk: the data folder read again has it.
    const reopened = await openStore({ dataDir: server.dataDir });
    const tenant = await reopened.findTenantByEmail('compta@acme.example');
    expect(await reopened.findProfile(tenant!.id, 'buyer', 'cabinet.essai')).toMatchObject({
      version: 1,
      data: buyer,
    });
    await reopened.close();

    expect(await call('DELETE', '/api/v1/profiles/buyer/cabinet.essai', acme)).toEqual({
      status: 200,
      body: { deleted: true, id: 'cabinet.essai', role: 'buyer' },
    });
    expect((await call('DELETE', '/api/v1/profiles/buyer/cabinet.essai', acme)).body).toMatchObject({
      error: 'buyer_profile_not_found',
    });
  });

  it('refuses what is not a profile save, before and after authentication', async () => {
    const [acme] = server.keys as [string];
    expect((await call('GET', '/api/v1/profiles', null)).body).toMatchObject({
      error: 'authentication_required',
    });
    expect((await call('PUT', '/api/v1/profiles/seller/x', null, '{}')).status).toBe(401);
    expect(await call('POST', '/api/v1/profiles', acme, '{}')).toMatchObject({
      status: 405,
      body: { error: 'method_not_allowed' },
    });
    expect((await call('GET', '/api/v1/profiles/seller/x', acme)).status).toBe(405);
    expect((await call('PUT', '/api/v1/profiles/seller', acme, '{}')).status).toBe(404);
    expect(
      await call(
        'PUT',
        '/api/v1/profiles/seller/x',
        acme,
        JSON.stringify({ data: buyer }),
        'multipart/form-data',
      ),
    ).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    expect(
      await call('PUT', '/api/v1/profiles/seller/x', acme, JSON.stringify({ data: buyer })),
    ).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'data.seller' },
    });
    expect(
      await call('PUT', '/api/v1/profiles/payee/x', acme, JSON.stringify({ data: buyer })),
    ).toMatchObject({
      status: 422,
      body: { field: 'role' },
    });
    expect(
      await call('PUT', '/api/v1/profiles/buyer/a%2Fb', acme, JSON.stringify({ data: buyer })),
    ).toMatchObject({
      status: 422,
      body: { field: 'id' },
    });
    expect(await call('PUT', '/api/v1/profiles/buyer/x', acme, '{"data":')).toMatchObject({
      status: 400,
      body: { field: 'body' },
    });
    expect((await call('GET', '/api/v1/profiles', acme)).body).toEqual({ profiles: [] });
  });
});
