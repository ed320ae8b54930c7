import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../core/api/errors';
import { tokenBucketLimiter } from './rate-limit';
import { startTestServer, type TestServer } from './test-server';

describe('tokenBucketLimiter', () => {
  it('allows a minute’s worth at once, then one request per 60/N seconds', () => {
    let t = 0;
    const limiter = tokenBucketLimiter(6, () => t);
    for (let i = 0; i < 6; i++) expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    t += 4_000;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 6 });
    t += 6_000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
    expect(limiter.take('b')).toEqual({ ok: true });
    t += 10 * 60_000;
    for (let i = 0; i < 6; i++) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('is off at 0', () => {
    const limiter = tokenBucketLimiter(0, () => 0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a').ok).toBe(true);
  });

  it('keeps counting a limited caller while many others come and go', () => {
    let t = 0;
    const limiter = tokenBucketLimiter(1, () => t);
    expect(limiter.take('busy').ok).toBe(true);
    for (let i = 0; i < 50_000; i++) {
      limiter.take(`other-${i}`);
      if (i % 1000 === 0) expect(limiter.take('busy').ok).toBe(false);
    }
    t += 1_000;
    expect(limiter.take('busy').ok).toBe(false);
  });
});

describe('rate limits of a running server (3 requests a minute)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      rateLimitPerMinute: 3,
      start: '2026-05-01T08:00:00Z',
      keyEmails: ['a@example.com', 'b@example.com'],
    });
  });

  afterAll(() => server.close());

  // Every test starts with full buckets.
  beforeEach(() => server.advance(60_000));

  const validate = (apiKey: string, lang = 'en') => server.validate(apiKey, lang);

  it('answers the 4th call of a key with 429, Retry-After and retry_after_seconds; another key goes on', async () => {
    const [a, b] = server.keys as [string, string];
    for (let i = 0; i < 3; i++) expect((await validate(a)).status).toBe(422);
    const refused = await validate(a, 'fr');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('20');
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'rate_limit_exceeded',
      message: 'Trop de requêtes ; réessayez plus tard.',
      retry_after_seconds: 20,
    });
    expect(apiErrorBodySchema.safeParse(body).success).toBe(true);
    expect((await validate(b)).status).toBe(422);
  });

  it('lets the key in again once the bucket has refilled', async () => {
    const [a] = server.keys as [string];
    for (let i = 0; i < 3; i++) await validate(a);
    expect((await validate(a)).status).toBe(429);
    server.advance(19_000);
    const still = await validate(a);
    expect(still.status).toBe(429);
    expect(still.headers.get('retry-after')).toBe('1');
    server.advance(1_000);
    expect((await validate(a)).status).toBe(422);
    expect((await validate(a)).status).toBe(429);
  });

  it('limits routes without a key, and refused keys, by client address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${server.url}/api/v1/integration-contract`, { method: 'HEAD' })).status).toBe(200);
    }
    const refused = await fetch(`${server.url}/api/v1/integration-contract`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A wrong key draws on the address's bucket too: guessing keys is as slow as anything else.
    expect((await validate('fxk_guess')).status).toBe(429);
    // A valid key has its own bucket.
    expect((await validate(server.keys[1]!)).status).toBe(422);
  });
});
