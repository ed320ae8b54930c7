import { describe, expect, it } from 'vitest';
import { authenticate, createApiKey, describeKey, hashApiKey, presentedToken } from './auth';
import { bearerTokens } from './bearer-tokens';
import { MemoryStorage } from './memory-storage';

const now = new Date('2026-02-01T08:00:00.000Z');

describe('API keys', () => {
  it('creates a key stored only as its hash, for one tenant per e-mail address', async () => {
    const storage = new MemoryStorage();
    const first = await createApiKey(storage, { email: 'Ana@Example.com', plan: 'sandbox' }, now);
    const second = await createApiKey(storage, { email: 'ana@example.com', plan: 'launch' }, now);
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(second.record.tenant).toBe(first.record.tenant);
    expect(await storage.getTenant(first.record.tenant)).toMatchObject({
      plan: 'launch',
      createdAt: now.toISOString(),
    });
    expect(first.record.hashedKey).toBe(hashApiKey(first.apiKey));
    expect(JSON.stringify(await storage.listApiKeys())).not.toContain(first.apiKey);
    expect(describeKey(first.record)).not.toHaveProperty('hashedKey');
  });

  it('authenticates X-API-Key or a Bearer token, and refuses anything else with 401', async () => {
    const storage = new MemoryStorage();
    const { apiKey, record } = await createApiKey(storage, { email: 'a@example.com', plan: 'scale' }, now);
    const known = { ok: true, tenant: record.tenant, keyId: record.id, via: 'api_key' };
    expect(await authenticate(storage, { apiKey }, 'en')).toEqual(known);
    expect(await authenticate(storage, { authorization: `Bearer ${apiKey}` }, 'en')).toEqual(known);
    for (const credentials of [
      {},
      { apiKey: 'fxk_wrong' },
      { authorization: `Basic ${apiKey}` },
      { apiKey: ' ' },
    ]) {
      const refused = await authenticate(storage, credentials, 'fr');
      expect(refused).toMatchObject({
        ok: false,
        error: { status: 401, body: { error: 'authentication_required' } },
      });
    }
    await storage.revokeApiKey(record.id, now.toISOString());
    expect((await authenticate(storage, { apiKey }, 'en')).ok).toBe(false);
  });

  it('takes a bearer token signed for an active key where tokens are checked, and nothing forged', async () => {
    const storage = new MemoryStorage();
    const { apiKey, record } = await createApiKey(storage, { email: 'a@example.com', plan: 'scale' }, now);
    const check = { tokens: bearerTokens(new Uint8Array(32).fill(7)), now };
    const { token } = await check.tokens.issue(record.id, now);
    const bearer = { authorization: `Bearer ${token}` };
    expect(await authenticate(storage, bearer, 'en', check)).toEqual({
      ok: true,
      tenant: record.tenant,
      keyId: record.id,
      via: 'bearer_token',
    });
    // The key itself still works as a bearer credential; a token is no key where tokens are not checked.
    expect(await authenticate(storage, { authorization: `Bearer ${apiKey}` }, 'en', check)).toMatchObject({
      ok: true,
      via: 'api_key',
    });
    expect((await authenticate(storage, bearer, 'en')).ok).toBe(false);
    const forged = await bearerTokens(new Uint8Array(32).fill(8)).issue(record.id, now);
    expect((await authenticate(storage, { authorization: `Bearer ${forged.token}` }, 'en', check)).ok).toBe(
      false,
    );
    const stranger = await check.tokens.issue('key_nobody', now);
    expect((await authenticate(storage, { authorization: `Bearer ${stranger.token}` }, 'en', check)).ok).toBe(
      false,
    );
    await storage.revokeApiKey(record.id, now.toISOString());
    expect((await authenticate(storage, bearer, 'en', check)).ok).toBe(false);
  });

  it('reads the token from X-API-Key first', () => {
    expect(presentedToken({ apiKey: 'a', authorization: 'Bearer b' })).toBe('a');
    expect(presentedToken({ authorization: 'bearer   b ' })).toBe('b');
    expect(presentedToken({ authorization: 'Bearer' })).toBeNull();
  });
});
