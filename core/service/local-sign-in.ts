/**
 * The first run of a server on the user's own machine: `facturx serve` on loopback prints its address
 * with a random one-time token (as notebook servers do), and the page opened from it exchanges the token
 * once for an API key of the machine's own tenant (`local`, the unlimited plan of the desktop and the
 * CLI), which it keeps. Only the token's hash is kept, in memory: each start prints a new address.
 * Remote clients keep using API keys.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { activationStep2BodySchema, type LocalSignInKey } from '../api/activation';
import { apiError } from '../api/errors';
import { failed, parsed, type Parsed } from '../api/form-fields';
import type { Lang } from '../api/lang';
import { parseJsonBody } from './activation';
import { createTenantKey, hashApiKey } from './auth';
import { LOCAL_TENANT, localTenant } from './index';
import type { Storage } from './storage';

export interface LocalSignIn {
  /** The token to print in the address: never stored, never in a response. */
  readonly token: string;
  /** The key for `body` (`{"token": …}`), once; the token is then spent. */
  exchange(body: string, now: Date, lang: Lang): Promise<Parsed<LocalSignInKey>>;
}

export function localSignIn(storage: Storage): LocalSignIn {
  // 256 random bits, like an API key.
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(hashApiKey(token));
  let used = false;
  return {
    token,
    async exchange(body, now, lang) {
      const given = parseJsonBody(body, activationStep2BodySchema, lang);
      if (!given.ok) return given;
      if (!timingSafeEqual(Buffer.from(hashApiKey(given.value.token)), expected)) {
        return failed(apiError('sign_in_token_invalid', undefined, { lang }));
      }
      if (used) return failed(apiError('sign_in_token_used', undefined, { lang }));
      used = true;
      const tenant = (await storage.getTenant(LOCAL_TENANT)) ?? localTenant(now);
      await storage.putTenant(tenant);
      const { apiKey } = await createTenantKey(storage, tenant, now);
      return parsed({ apiKey, tenant: tenant.id, plan: 'local' });
    },
  };
}
