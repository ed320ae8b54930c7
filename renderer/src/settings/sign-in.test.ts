import { describe, expect, it, vi } from 'vitest';
import { signInFromAddress, type SignInPage } from './sign-in';

function page(hash: string) {
  const replaced: string[] = [];
  const value: SignInPage = {
    location: { hash, origin: 'http://127.0.0.1:4000', pathname: '/', search: '?lang=fr' },
    history: { replaceState: (_data, _unused, url) => void replaced.push(url) },
  };
  return { page: value, replaced };
}

const kept = { baseUrl: '', apiKey: 'fxk_kept' };

describe('signInFromAddress', () => {
  it('exchanges the token of the printed address for a key, and takes the token out of the address', async () => {
    const { page: opened, replaced } = page('#sign-in=abc_DEF-123');
    const fetchImpl = vi.fn(async () =>
      Response.json({ apiKey: 'fxk_new', tenant: 'local', plan: 'local' }, { status: 201 }),
    );
    expect(
      await signInFromAddress(opened, { baseUrl: 'https://elsewhere.example', apiKey: '' }, fetchImpl),
    ).toEqual({
      baseUrl: '',
      apiKey: 'fxk_new',
    });
    expect(replaced).toEqual(['/?lang=fr']);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('http://127.0.0.1:4000/public/local-sign-in');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ token: 'abc_DEF-123' }) });
  });

  it('keeps what it had when the token is spent, unknown, or the server unreachable', async () => {
    const spent = vi.fn(async () =>
      Response.json({ error: 'sign_in_token_used', message: '…' }, { status: 410 }),
    );
    expect(await signInFromAddress(page('#sign-in=abc').page, kept, spent)).toBe(kept);
    const down = vi.fn(async () => Promise.reject(new Error('refused')));
    expect(await signInFromAddress(page('#sign-in=abc').page, kept, down)).toBe(kept);
  });

  it('does nothing without a sign-in fragment', async () => {
    const fetchImpl = vi.fn();
    const { page: opened, replaced } = page('#other');
    expect(await signInFromAddress(opened, kept, fetchImpl)).toBe(kept);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(replaced).toEqual([]);
  });
});
