import type { HttpSettings } from '../backend/http-backend';

/** The fragment `facturx serve` on loopback puts in the address it prints: `#sign-in=<token>`. */
const SIGN_IN = /^#sign-in=([A-Za-z0-9_-]{1,200})$/;

export interface SignInPage {
  readonly location: {
    readonly hash: string;
    readonly origin: string;
    readonly pathname: string;
    readonly search: string;
  };
  readonly history: { replaceState(data: unknown, unused: string, url: string): void };
}

/**
 * Opened from the address a loopback server printed, the page exchanges the one-time token in it for a
 * key of this machine, and keeps the key as a pasted one would be kept. The token leaves the address
 * first (history and bookmarks keep no spent token). A spent or unknown token changes nothing: a key
 * kept earlier still serves, and without one the page says how to sign in.
 */
export async function signInFromAddress(
  page: SignInPage,
  settings: HttpSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<HttpSettings> {
  const token = SIGN_IN.exec(page.location.hash)?.[1];
  if (!token) return settings;
  page.history.replaceState(null, '', `${page.location.pathname}${page.location.search}`);
  try {
    const response = await fetchImpl(new URL('/public/local-sign-in', page.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json()) as { apiKey?: unknown };
    if (!response.ok || typeof body.apiKey !== 'string') return settings;
    return { baseUrl: '', apiKey: body.apiKey };
  } catch {
    return settings;
  }
}
