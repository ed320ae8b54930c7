import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SIGN_IN_PATH } from './public-routes';
import { isLoopbackHost, startServer } from './start';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 0, start: '2026-06-01T09:00:00Z' });
});
afterAll(() => server.close());

async function signIn(base: string, body: unknown, lang = 'en') {
  const response = await fetch(`${base}${LOCAL_SIGN_IN_PATH}?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tokenOf = (signInUrl: string) => new URL(signInUrl).hash.replace(/^#sign-in=/, '');

describe('the one-time sign-in address of a server on loopback', () => {
  it('is the server address with a token in the fragment, never sent in a request line', () => {
    expect(server.signInUrl.startsWith(`${server.url}/#sign-in=`)).toBe(true);
    expect(tokenOf(server.signInUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives a key of the machine tenant on the unlimited local plan, once; other tokens get nothing', async () => {
    expect(await signIn(server.url, { token: 'x'.repeat(43) }, 'fr')).toEqual({
      status: 404,
      body: {
        error: 'sign_in_token_invalid',
        message: 'Cette adresse de connexion n’est pas celle que ce serveur a affichée à son démarrage.',
      },
    });
    expect((await signIn(server.url, { nothing: true })).body).toMatchObject({
      error: 'invalid_data_format',
      field: 'token',
    });

    const first = await signIn(server.url, { token: tokenOf(server.signInUrl) });
    expect(first).toEqual({
      status: 201,
      body: { apiKey: expect.stringMatching(/^fxk_/), tenant: 'local', plan: 'local' },
    });
    const validated = await server.validate(String(first.body.apiKey));
    expect(validated.status).toBe(422);

    expect(await signIn(server.url, { token: tokenOf(server.signInUrl) })).toMatchObject({
      status: 410,
      body: { error: 'sign_in_token_used' },
    });
  });

  it('is not offered by a server reachable from other machines', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'facturx-sign-in-'));
    const open = await startServer({ port: 0, host: '0.0.0.0', dataDir: dir, staticDir: dir });
    try {
      expect(open.signInUrl).toBeUndefined();
      expect(await signIn(open.url, { token: 'x'.repeat(43) })).toMatchObject({
        status: 404,
        body: { error: 'sign_in_token_invalid' },
      });
    } finally {
      await open.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts 127.0.0.0/8, ::1 and localhost as loopback, nothing else', () => {
    expect(['127.0.0.1', '127.4.5.6', '::1', 'localhost'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '::', '192.168.1.2', '128.0.0.1', 'example.com'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('GET /api/v1/limits', () => {
  it('tells anyone the largest upload, so that the page refuses a larger file before sending it', async () => {
    const response = await fetch(`${server.url}/api/v1/limits`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ maxUploadBytes: 20 * 1024 * 1024 });
  });
});
