/**
 * Request rate limits of the HTTP server: one token bucket per caller (an API key, or a client address
 * for routes without a key), refilled continuously, so a burst of a minute's worth is allowed and then
 * one request per 60/N seconds. The offline desktop and the CLI call the services directly and are
 * never limited.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiError } from '../core/api/errors';
import type { Lang } from '../core/api/lang';
import { sendError } from './respond';

/** Far above what a person or a normal integration sends, low enough to blunt a runaway client. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;

/** Callers tracked at most; beyond, full buckets, then the least recently seen half, are dropped. */
const MAX_TRACKED_CALLERS = 10_000;

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `caller`, or says how long it must wait. */
  take(caller: string): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** `perMinute` requests a minute per caller; 0 turns limiting off. `now` in milliseconds. */
export function tokenBucketLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  if (perMinute <= 0) return { take: () => ({ ok: true }) };
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  const refilled = (bucket: Bucket, t: number) =>
    Math.min(perMinute, bucket.tokens + Math.max(0, t - bucket.at) * perMs);

  const forget = (t: number) => {
    for (const [caller, bucket] of buckets) if (refilled(bucket, t) >= perMinute) buckets.delete(caller);
    // A flood of new callers: keep the ones seen last (a caller hammering away stays among them).
    for (const caller of buckets.keys()) {
      if (buckets.size <= MAX_TRACKED_CALLERS / 2) break;
      buckets.delete(caller);
    }
  };

  return {
    take(caller) {
      const t = now();
      let bucket = buckets.get(caller);
      // Re-inserted on every request, so the map's order is least recently seen first.
      buckets.delete(caller);
      if (!bucket) {
        if (buckets.size >= MAX_TRACKED_CALLERS) forget(t);
        bucket = { tokens: perMinute, at: t };
      }
      buckets.set(caller, bucket);
      bucket.tokens = refilled(bucket, t);
      bucket.at = t;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    },
  };
}

/** The caller of a request without an API key: its client address. */
export const addressCaller = (req: IncomingMessage): string =>
  `address:${req.socket.remoteAddress ?? 'unknown'}`;

/**
 * Counts the request of `caller`; when over the limit, answers 429 `rate_limit_exceeded` with
 * `retry_after_seconds` and the same figure in `Retry-After` (the body is left unread), and returns false.
 */
export function admit(
  limiter: RateLimiter,
  caller: string,
  req: IncomingMessage,
  res: ServerResponse,
  lang: Lang,
): boolean {
  const decision = limiter.take(caller);
  if (decision.ok) return true;
  req.resume();
  const seconds = decision.retryAfterSeconds;
  sendError(
    res,
    apiError('rate_limit_exceeded', { retry_after_seconds: seconds }, { lang }),
    req.method === 'HEAD',
    {
      'Retry-After': String(seconds),
    },
  );
  return false;
}
