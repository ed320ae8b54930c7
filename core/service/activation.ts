/**
 * The public two-step creation of a sandbox key (api-interface.md, Public key creation; Authentication
 * 3): step 1 takes an e-mail address and issues a random, single-use activation token that expires in
 * 24 hours, to be sent to that address; step 2 takes the token and creates the key, shown once. One
 * sandbox key per address. How the token reaches the address is the adapter's business.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { activationStep1BodySchema, activationStep2BodySchema, type ActivatedKey } from '../api/activation';
import { apiError } from '../api/errors';
import { failed, invalidField, jsonField, NOT_JSON, parsed, type Parsed } from '../api/form-fields';
import type { Lang } from '../api/lang';
import { createApiKey, hashApiKey } from './auth';
import type { ActivationRecord, Storage } from './storage';

export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A JSON request body, one object checked member by member (422 naming the member at fault). */
export function parseJsonBody<S extends z.ZodType>(body: string, schema: S, lang: Lang): Parsed<z.infer<S>> {
  const read = jsonField('body', body, schema, {
    malformed: () => invalidField('body', NOT_JSON, lang),
    invalid: (path, reason) => invalidField(path.replace(/^body\./, ''), reason, lang),
  });
  if (!read.ok) return read;
  return read.value === undefined
    ? failed(invalidField('body', { en: 'empty', fr: 'vide' }, lang))
    : parsed(read.value);
}

export interface ActivationRequest {
  readonly email: string;
  /** The token to send to `email`: never stored, never in a response. */
  readonly token: string;
  readonly expiresAt: string;
}

/** Step 1: a pending activation for the address in `body` (`{"email": …}`), with its token. */
export async function requestSandboxKey(
  storage: Storage,
  body: string,
  now: Date,
  lang: Lang,
): Promise<Parsed<ActivationRequest>> {
  const given = parseJsonBody(body, activationStep1BodySchema, lang);
  if (!given.ok) return given;
  const { email } = given.value;
  if (await hasKey(storage, email)) return failed(apiError('sandbox_key_exists', undefined, { lang }));
  // 256 random bits, like an API key, so a plain sha256 is a sufficient one-way store here too.
  const token = randomBytes(32).toString('base64url');
  const record: ActivationRecord = {
    email,
    hashedToken: hashApiKey(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS).toISOString(),
    activatedAt: null,
  };
  const existing = await storage.beginActivation(record, record.createdAt);
  if (existing) {
    const code = existing.activatedAt === null ? 'activation_pending' : 'sandbox_key_exists';
    return failed(apiError(code, undefined, { lang }));
  }
  return parsed({ email, token, expiresAt: record.expiresAt });
}

/** Step 2: the key of the activation whose token is in `body` (`{"token": …}`); the token is then spent. */
export async function activateSandboxKey(
  storage: Storage,
  body: string,
  now: Date,
  lang: Lang,
): Promise<Parsed<ActivatedKey>> {
  const given = parseJsonBody(body, activationStep2BodySchema, lang);
  if (!given.ok) return given;
  const use = await storage.useActivation(hashApiKey(given.value.token), now.toISOString());
  if (use.status !== 'activated') {
    const code = `activation_token_${use.status === 'unknown' ? 'invalid' : use.status}` as const;
    return failed(apiError(code, undefined, { lang }));
  }
  const { email } = use.record;
  // A key made meanwhile by other means (facturx keys create) still counts: one per address.
  if (await hasKey(storage, email)) return failed(apiError('sandbox_key_exists', undefined, { lang }));
  const { apiKey, record } = await createApiKey(storage, { email, plan: 'sandbox' }, now);
  return parsed({ apiKey, tenant: record.tenant, plan: 'sandbox' });
}

async function hasKey(storage: Storage, email: string): Promise<boolean> {
  return (await storage.listApiKeys()).some((k) => k.email.toLowerCase() === email);
}
