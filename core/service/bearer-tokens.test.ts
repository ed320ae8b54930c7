import { decodeJwt, decodeProtectedHeader, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { BEARER_TOKEN_SECONDS, bearerTokens, looksLikeJwt } from './bearer-tokens';

const secret = new Uint8Array(32).fill(1);
const issuedAt = new Date('2026-03-10T09:00:00.000Z');
const after = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('bearer tokens', () => {
  it('names the key, is signed HS256, and is valid for 15 minutes from its issue', async () => {
    const tokens = bearerTokens(secret);
    const { token, expiresIn } = await tokens.issue('key_abc', issuedAt);
    expect(expiresIn).toBe(BEARER_TOKEN_SECONDS);
    expect(looksLikeJwt(token)).toBe(true);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toMatchObject({
      sub: 'key_abc',
      iat: issuedAt.getTime() / 1000,
      exp: issuedAt.getTime() / 1000 + 900,
    });
    expect(await tokens.verify(token, issuedAt)).toBe('key_abc');
    expect(await tokens.verify(token, after(899))).toBe('key_abc');
    expect(await tokens.verify(token, after(900))).toBeNull();
  });

  it('refuses a token of another secret, an altered one, and an unsigned one', async () => {
    const tokens = bearerTokens(secret);
    const { token } = await tokens.issue('key_abc', issuedAt);
    expect(await bearerTokens(new Uint8Array(32).fill(2)).verify(token, issuedAt)).toBeNull();
    const [header, , signature] = token.split('.');
    const otherKey = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'key_other' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherKey}.${signature}`, issuedAt)).toBeNull();
    const unsigned = new UnsecuredJWT({ sub: 'key_abc' })
      .setIssuer('facturx-desk')
      .setAudience('facturx-desk/api/v1')
      .setIssuedAt(issuedAt.getTime() / 1000)
      .setExpirationTime(issuedAt.getTime() / 1000 + 60)
      .encode();
    expect(await tokens.verify(unsigned, issuedAt)).toBeNull();
    expect(await tokens.verify('not.a.token', issuedAt)).toBeNull();
  });

  it('tells a JWT from an API key', () => {
    expect(looksLikeJwt('fxk_Abc-_09')).toBe(false);
    expect(looksLikeJwt('a.b')).toBe(false);
    expect(looksLikeJwt('eyJh.eyJz.c2ln')).toBe(true);
  });
});
