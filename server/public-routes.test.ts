import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBodySchema } from '../core/api/errors';
import { hashApiKey } from '../core/service/auth';
import { storeBytes } from './store/testing/store-bytes';
import { activationTokenSentTo, startTestServer, type TestServer } from './test-server';

const LIMIT = 6;
let server: TestServer;
const logged: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: LIMIT, start: '2026-06-01T09:00:00Z' });
});

afterAll(() => server.close());

beforeEach(() => {
  // Full rate buckets for every test.
  server.advance(60_000);
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
});

afterEach(() => {
  vi.restoreAllMocks();
  logged.length = 0;
});

async function post(step: 1 | 2, body: unknown, lang = 'en') {
  const response = await fetch(`${server.url}/public/api-keys/free/step${step}?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tokenSentTo = (email: string) => activationTokenSentTo(server.dataDir, email);

describe('public sandbox key creation', () => {
  it('sends the activation to the outbox, then activates a key that passes authentication', async () => {
    const asked = await post(1, { email: ' Alice@Example.com ' });
    expect(asked).toEqual({
      status: 202,
      body: {
        status: 'activation_sent',
        email: 'alice@example.com',
        expiresAt: new Date(server.now().getTime() + 24 * 3600_000).toISOString(),
        delivery: 'outbox',
        message: expect.stringContaining('no mail transport'),
      },
    });
    expect(logged).toEqual([
      expect.stringMatching(/activation message for alice@example\.com written to .*\.eml$/),
    ]);
    const token = await tokenSentTo('alice@example.com');
    expect(JSON.stringify(asked.body)).not.toContain(token);
    const eml = await readFile(logged[0]!.replace(/^.* written to /, ''), 'utf8');
    expect(eml).toContain(`${server.url}/public/api-keys/free/step2`);

    const activated = await post(2, { token });
    expect(activated).toEqual({
      status: 201,
      body: { apiKey: expect.stringMatching(/^fxk_/), tenant: expect.any(String), plan: 'sandbox' },
    });
    const apiKey = activated.body.apiKey as string;
    // Past authentication: the tiny XML is judged (422), not refused (401).
    expect((await server.validate(apiKey)).status).toBe(422);
    expect((await server.validate('fxk_nope')).status).toBe(401);

    // Only hashes are kept.
    const store = await storeBytes(server.dataDir);
    expect(store).not.toContain(token);
    expect(store).not.toContain(apiKey);
    expect(store).toContain(hashApiKey(token));
    expect(store).toContain(hashApiKey(apiKey));
  });

  it('keeps one sandbox key per address: a second request is refused, pending or activated', async () => {
    expect((await post(1, { email: 'bob@example.com' })).status).toBe(202);
    const pending = await post(1, { email: 'BOB@example.com' }, 'fr');
    expect(pending.status).toBe(409);
    expect(pending.body.error).toBe('activation_pending');
    expect(pending.body.message).toMatch(/lien d’activation a déjà été envoyé/);
    expect((await post(2, { token: await tokenSentTo('bob@example.com') })).status).toBe(201);
    const again = await post(1, { email: 'bob@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('sandbox_key_exists');
    expect(apiErrorBodySchema.safeParse(again.body).success).toBe(true);
  });

  it('activates a token once', async () => {
    expect((await post(1, { email: 'carol@example.com' })).status).toBe(202);
    const token = await tokenSentTo('carol@example.com');
    expect((await post(2, { token })).status).toBe(201);
    const reused = await post(2, { token });
    expect(reused.status).toBe(410);
    expect(reused.body.error).toBe('activation_token_used');
    const unknown = await post(2, { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('activation_token_invalid');
  });

  it('refuses an expired token, and lets the address ask again', async () => {
    expect((await post(1, { email: 'dan@example.com' })).status).toBe(202);
    const token = await tokenSentTo('dan@example.com');
    server.advance(24 * 3600_000);
    const expired = await post(2, { token });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('activation_token_expired');
    expect((await post(1, { email: 'dan@example.com' })).status).toBe(202);
    const fresh = await tokenSentTo('dan@example.com');
    expect(fresh).not.toBe(token);
    expect((await post(2, { token: fresh })).status).toBe(201);
  });

  it('answers bad bodies with 422 invalid_data_format naming the field', async () => {
    const cases: [1 | 2, unknown, string][] = [
      [1, '{"email":', 'body'],
      [1, { email: 'not-an-address' }, 'email'],
      [1, { mail: 'a@example.com' }, 'email'],
      [2, { token: 42 }, 'token'],
      [2, '', 'body'],
    ];
    for (const [step, body, field] of cases) {
      const answer = await post(step, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toMatchObject({ error: 'invalid_data_format', field });
    }
    const get = await fetch(`${server.url}/public/api-keys/free/step1`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${server.url}/public/nothing`, { method: 'POST' })).status).toBe(404);
  });

  it('limits the public routes per client address', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await post(2, { token: `t${i}` })).status).toBe(404);
    const limited = await post(1, { email: 'erin@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limit_exceeded', retry_after_seconds: 10 });
  });
});
