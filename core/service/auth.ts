/**
 * API keys: creation (shown once, stored as a sha256 hash), and authentication of a request by
 * `X-API-Key` or `Authorization: Bearer` (the key itself, or a token signed for it: bearer-tokens.ts).
 * Without valid credentials nothing runs: 401.
 */
import { createHash, randomBytes } from 'node:crypto';
import { apiError, type ApiErrorResult } from '../api/errors';
import type { Lang } from '../api/lang';
import { looksLikeJwt, type BearerTokens } from './bearer-tokens';
import type { ApiKeyRecord, Plan, Storage, TenantRecord } from './storage';
import type { CredentialKind } from './types';

const KEY_PREFIX = 'fxk_';

/** Keys are 256 random bits, so a plain sha256 is a sufficient one-way store. */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');

const randomId = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export interface CreatedKey {
  /** The key itself: returned once, never stored. */
  readonly apiKey: string;
  readonly record: ApiKeyRecord;
}

/**
 * Creates an active key for the tenant of `email` (created on first use). A new plan given for an
 * existing tenant becomes the tenant's plan.
 */
export async function createApiKey(
  storage: Storage,
  request: { readonly email: string; readonly plan: Plan },
  now: Date,
): Promise<CreatedKey> {
  const existing = await storage.findTenantByEmail(request.email);
  const tenant: TenantRecord = existing
    ? { ...existing, plan: request.plan }
    : { id: randomId('tn_', 8), email: request.email, plan: request.plan, createdAt: now.toISOString() };
  await storage.putTenant(tenant);
  return createTenantKey(storage, tenant, now);
}

/** Creates an active key for a tenant already in the store, on the tenant's plan. */
export async function createTenantKey(
  storage: Storage,
  tenant: TenantRecord,
  now: Date,
): Promise<CreatedKey> {
  const apiKey = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: randomId('key_', 6),
    tenant: tenant.id,
    plan: tenant.plan,
    email: tenant.email,
    hashedKey: hashApiKey(apiKey),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  await storage.putApiKey(record);
  return { apiKey, record };
}

/** A key as an administrator may see it: everything but the hash. */
export function describeKey(record: ApiKeyRecord): Omit<ApiKeyRecord, 'hashedKey'> {
  const { hashedKey: _hidden, ...shown } = record;
  return shown;
}

/** The credential headers of a request, as received. */
export interface Credentials {
  readonly apiKey?: string;
  readonly authorization?: string;
}

/** The presented token: X-API-Key first, else a Bearer token. */
export function presentedToken(credentials: Credentials): string | null {
  const key = credentials.apiKey?.trim();
  if (key) return key;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization ?? '');
  return bearer?.[1] ?? null;
}

export type Authentication =
  | { readonly ok: true; readonly tenant: string; readonly keyId: string; readonly via: CredentialKind }
  | { readonly ok: false; readonly error: ApiErrorResult };

/** Where bearer tokens are verified (a server); absent, a bearer credential can only be an API key. */
export interface TokenCheck {
  readonly tokens: BearerTokens;
  readonly now: Date;
}

/**
 * The tenant of an active key, presented as such or through a valid bearer token issued for it;
 * 401 `authentication_required` for anything else.
 */
export async function authenticate(
  storage: Storage,
  credentials: Credentials,
  lang: Lang,
  check?: TokenCheck,
): Promise<Authentication> {
  const token = presentedToken(credentials);
  let record: ApiKeyRecord | null = null;
  let via: CredentialKind = 'api_key';
  if (token && check && !credentials.apiKey?.trim() && looksLikeJwt(token)) {
    via = 'bearer_token';
    const keyId = await check.tokens.verify(token, check.now);
    record = keyId ? await storage.findApiKey(keyId) : null;
  } else if (token) {
    record = await storage.findApiKeyByHash(hashApiKey(token));
  }
  if (!record || record.revokedAt !== null) {
    return { ok: false, error: apiError('authentication_required', undefined, { lang }) };
  }
  return { ok: true, tenant: record.tenant, keyId: record.id, via };
}
