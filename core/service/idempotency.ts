/**
 * Idempotency-Key handling: the same key with the same payload replays the first response; with a
 * different payload it is a 409 `idempotency_conflict`; while the first call still runs it is a 409
 * `idempotency_in_progress`. The payload hash covers the endpoint, every form field (validation_target,
 * invoice_patch, seller_context, buyer_context, profile selectors…), every file's bytes, the query, and
 * the id and version of each saved profile reused (a profile saved again makes it another request).
 */
import { createHash } from 'node:crypto';
import { apiError, type ApiErrorBody } from '../api/errors';
import type { Lang } from '../api/lang';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

/** How long a finished answer is replayed. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
/** A call still marked running after this long has died with its process; its key is free again. */
export const IDEMPOTENCY_STALE_MS = 15 * 60_000;

/**
 * sha256 over a canonical, order-independent encoding of the request, and of what it refers to
 * outside itself (`identity`: the saved profiles it reuses, with their versions).
 */
export function payloadHash(endpoint: string, req: ServiceRequest, identity: readonly string[] = []): string {
  const hash = createHash('sha256');
  const put = (text: string) => hash.update(`${Buffer.byteLength(text)}:${text}`);
  put(endpoint);
  put('identity');
  for (const part of identity) put(part);
  for (const [part, entries] of [
    ['fields', req.fields],
    ['query', req.query],
  ] as const) {
    put(part);
    for (const name of Object.keys(entries).sort()) {
      put(name);
      put(entries[name] ?? '');
    }
  }
  put('files');
  for (const name of Object.keys(req.files).sort()) {
    const file = req.files[name]!;
    put(name);
    put(file.filename);
    put(createHash('sha256').update(file.bytes).digest('hex'));
  }
  return hash.digest('hex');
}

/**
 * Runs `work` once per (tenant, Idempotency-Key). Answers below 500 are kept and replayed; a server
 * failure forgets the key so that a retry can run again.
 */
export async function idempotent<Body>(
  ctx: ServiceContext,
  endpoint: string,
  req: ServiceRequest,
  lang: Lang,
  work: () => Promise<ServiceResult<Body>>,
  identity: readonly string[] = [],
): Promise<ServiceResult<Body>> {
  const key = req.idempotencyKey?.trim();
  if (!key) return work();
  const hash = payloadHash(endpoint, req, identity);
  const now = ctx.now().getTime();
  const existing = await ctx.storage.beginIdempotent(
    {
      key,
      tenant: ctx.tenant,
      payloadHash: hash,
      status: 'in_progress',
      response: null,
      since: new Date(now).toISOString(),
    },
    {
      inProgressBefore: new Date(now - IDEMPOTENCY_STALE_MS).toISOString(),
      doneBefore: new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString(),
    },
  );
  if (existing) {
    if (existing.payloadHash !== hash)
      return { ok: false, ...apiError('idempotency_conflict', undefined, { lang }) };
    if (existing.status === 'in_progress' || !existing.response) {
      return {
        ok: false,
        ...apiError('idempotency_in_progress', { processing_since: existing.since }, { lang }),
      };
    }
    return replay<Body>(existing.response);
  }
  let result: ServiceResult<Body> | undefined;
  try {
    result = await work();
    return result;
  } finally {
    // A cancelled request was not answered: the same key may be sent again.
    if (result && result.status < 500 && !isCancelled(result)) {
      await ctx.storage.completeIdempotent(ctx.tenant, key, { status: result.status, body: result.body });
    } else {
      await ctx.storage.dropIdempotent(ctx.tenant, key);
    }
  }
}

const isCancelled = (result: ServiceResult<unknown>): boolean =>
  !result.ok && 'error' in result.body && result.body.error === 'cancelled';

/** A stored response, as the result it was. */
function replay<Body>(response: { readonly status: number; readonly body: unknown }): ServiceResult<Body> {
  if (response.status === 200 || response.status === 202) {
    return { ok: true, status: response.status, body: response.body as Body };
  }
  return { ok: false, status: response.status, body: response.body as ApiErrorBody };
}
