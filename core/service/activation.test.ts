import { describe, expect, it } from 'vitest';
import { ACTIVATION_TTL_MS, activateSandboxKey, requestSandboxKey } from './activation';
import { authenticate, createApiKey } from './auth';
import { MemoryStorage } from './memory-storage';

const t0 = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const email = (address: string) => JSON.stringify({ email: address });
const token = (value: string) => JSON.stringify({ token: value });

describe('sandbox key activation', () => {
  it('issues a random token per request and a sandbox key for it, valid until just before 24 h', async () => {
    const storage = new MemoryStorage();
    const a = await requestSandboxKey(storage, email('a@example.com'), t0, 'en');
    const b = await requestSandboxKey(storage, email('b@example.com'), t0, 'en');
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.value.token).toMatch(/^[\w-]{43}$/);
    expect(a.value.token).not.toBe(b.value.token);
    expect(a.value.expiresAt).toBe(at(ACTIVATION_TTL_MS).toISOString());

    const late = await activateSandboxKey(storage, token(a.value.token), at(ACTIVATION_TTL_MS), 'fr');
    expect(late.ok || late.error).toMatchObject({ status: 410, body: { error: 'activation_token_expired' } });
    const inTime = await activateSandboxKey(storage, token(b.value.token), at(ACTIVATION_TTL_MS - 1), 'en');
    if (!inTime.ok) throw new Error('refused');
    expect(inTime.value.plan).toBe('sandbox');
    const auth = await authenticate(storage, { apiKey: inTime.value.apiKey }, 'en');
    expect(auth).toMatchObject({ ok: true, tenant: inTime.value.tenant });
    expect((await storage.listApiKeys())[0]).toMatchObject({ email: 'b@example.com', plan: 'sandbox' });
  });

  it('refuses an address that already has a key, even one made by other means', async () => {
    const storage = new MemoryStorage();
    await createApiKey(storage, { email: 'Owner@Example.com', plan: 'launch' }, t0);
    const refused = await requestSandboxKey(storage, email('owner@example.com'), t0, 'en');
    expect(refused.ok || refused.error.body).toMatchObject({ error: 'sandbox_key_exists' });

    const pending = await requestSandboxKey(storage, email('late@example.com'), t0, 'en');
    if (!pending.ok) throw new Error('refused');
    await createApiKey(storage, { email: 'late@example.com', plan: 'scale' }, t0);
    const activated = await activateSandboxKey(storage, token(pending.value.token), t0, 'en');
    expect(activated.ok || activated.error.body).toMatchObject({ error: 'sandbox_key_exists' });
    expect((await storage.listApiKeys()).filter((k) => k.email === 'late@example.com')).toHaveLength(1);
  });
});
