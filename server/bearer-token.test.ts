/**
 * Bearer tokens on real servers: an API key is exchanged at POST /api/v1/auth/token for a JWT that
 * then works on every route that takes a key, for its 15 minutes (the server's clock is moved, never
 * waited for); a token never buys another, an altered or expired one and one of a revoked key are 401;
 * the signing key lives in the store, so a restarted server and a second server on one PostgreSQL take
 * the tokens of the first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { tokenBodySchema } from '../core/api/token';
import { createApiKey } from '../core/service/auth';
import { schemaErrors } from '../core/testing/json-schema-check';
import { answerSchema, describedDocument } from '../core/testing/openapi-walk';
import { startServer, type RunningServer } from './start';
import { openStore, type StoreLocation } from './store/open-store';
import { startTestServer, type TestServer } from './test-server';
import { testPostgres } from './store/testing/test-postgres';

const postgres = await testPostgres();

const running: { close(): Promise<void> }[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});
afterAll(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function exchange(base: string, headers: Record<string, string>) {
  const response = await fetch(`${base}/api/v1/auth/token`, { method: 'POST', headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenFor(base: string, apiKey: string): Promise<string> {
  const answer = await exchange(base, { 'X-API-Key': apiKey });
  expect(answer.status).toBe(200);
  return tokenBodySchema.parse(answer.body).access_token;
}

const profiles = (base: string, token: string) =>
  fetch(`${base}/api/v1/profiles`, { headers: { Authorization: `Bearer ${token}` } });

async function keyedServer(): Promise<TestServer> {
  const server = await startTestServer({
    rateLimitPerMinute: 0,
    start: '2026-06-01T09:00:00Z',
    keyEmails: ['a@example.com'],
  });
  running.push(server);
  return server;
}

describe('bearer tokens on a server', () => {
  it('exchanges a key for a 15-minute token that works on every keyed route, as described', async () => {
    const server = await keyedServer();
    const answer = await exchange(server.url, { 'X-API-Key': server.keys[0]! });
    expect(answer.status).toBe(200);
    const doc = describedDocument();
    expect(schemaErrors(answerSchema(doc.paths['/api/v1/auth/token']?.post, 200), answer.body, doc)).toEqual(
      [],
    );
    const body = tokenBodySchema.parse(answer.body);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });

    expect((await profiles(server.url, body.access_token)).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob(['<x/>'], { type: 'application/xml' }), 'x.xml');
    const validated = await fetch(`${server.url}/api/v1/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${body.access_token}` },
      body: form,
    });
    expect(validated.status).toBe(422);

    server.advance(899_000);
    expect((await profiles(server.url, body.access_token)).status).toBe(200);
    server.advance(1_000);
    const expired = await profiles(server.url, body.access_token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: string }).error).toBe('authentication_required');
  });

  it('refuses a token for a token, an altered token, no key, and the tokens of a revoked key', async () => {
    const server = await keyedServer();
    const token = await tokenFor(server.url, server.keys[0]!);
    const again = await exchange(server.url, { Authorization: `Bearer ${token}` });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('authentication_required');
    expect((await exchange(server.url, {})).status).toBe(401);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await profiles(server.url, altered)).status).toBe(401);

    const store = await openStore({ dataDir: server.dataDir });
    try {
      const [key] = await store.listApiKeys();
      await store.revokeApiKey(key!.id, server.now().toISOString());
    } finally {
      await store.close();
    }
    expect((await profiles(server.url, token)).status).toBe(401);
  });
});

describe('the signing key is the store’s', () => {
  async function keyed(where: StoreLocation) {
    const store = await openStore(where);
    const { apiKey } = await createApiKey(store, { email: 'b@example.com', plan: 'launch' }, new Date());
    await store.close();
    return apiKey;
  }
  const serve = async (where: StoreLocation): Promise<RunningServer> => {
    const server = await startServer({ ...where, port: 0, rateLimitPerMinute: 0 });
    running.push(server);
    return server;
  };
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'facturx-bearer-'));
    folders.push(dir);
    return dir;
  };

  it('on SQLite: a restarted server takes the tokens it issued before', async () => {
    const where = { dataDir: await dataDir() };
    const apiKey = await keyed(where);
    const first = await serve(where);
    const token = await tokenFor(first.url, apiKey);
    await running.pop()!.close();
    const restarted = await serve(where);
    expect((await profiles(restarted.url, token)).status).toBe(200);
  });

  it.skipIf(!postgres.ok)('on PostgreSQL: two servers take each other’s tokens', async () => {
    if (!postgres.ok) return;
    const databaseUrl = await postgres.newDatabase();
    const apiKey = await keyed({ dataDir: await dataDir(), databaseUrl });
    const [one, two] = await Promise.all([
      serve({ dataDir: await dataDir(), databaseUrl }),
      serve({ dataDir: await dataDir(), databaseUrl }),
    ]);
    expect((await profiles(two!.url, await tokenFor(one!.url, apiKey))).status).toBe(200);
    expect((await profiles(one!.url, await tokenFor(two!.url, apiKey))).status).toBe(200);
  });
});
