/**
 * Bearer tokens: JWTs (HS256) the server signs for an API key, short-lived, and verified on every
 * request (signature, issuer, audience, expiry) with `jose`. A token names its key, not a tenant: the
 * key is looked up on each request, so that revoking it ends its tokens at once.
 */
import { jwtVerify, SignJWT } from 'jose';

/** Fifteen minutes: long enough for a batch of calls, short enough that a leaked token soon lapses. */
export const BEARER_TOKEN_SECONDS = 15 * 60;

const ISSUER = 'facturx-desk';
const AUDIENCE = 'facturx-desk/api/v1';

/** Three base64url parts: a JWT, where anything else in `Authorization: Bearer` is an API key. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

export interface BearerTokens {
  /** A token for the key `keyId`, valid `BEARER_TOKEN_SECONDS` from `now`. */
  issue(keyId: string, now: Date): Promise<{ readonly token: string; readonly expiresIn: number }>;
  /** The key a token was issued for; null when it is forged, altered, expired or not ours. */
  verify(token: string, now: Date): Promise<string | null>;
}

/** Tokens signed with `secret` (at least 32 bytes, shared by every server of one store). */
export function bearerTokens(secret: Uint8Array): BearerTokens {
  return {
    issue: async (keyId, now) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(keyId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + BEARER_TOKEN_SECONDS)
        .sign(secret);
      return { token, expiresIn: BEARER_TOKEN_SECONDS };
    },
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: now,
        });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
  };
}
