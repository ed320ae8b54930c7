/**
 * Random bytes for the document IDs a packaging writes (ISO 32000-1 §14.4), drawn from a pool the
 * system's generator fills a few kilobytes at a time: one call to it for each file cost some 20 µs in a
 * batch, for 24 bytes. Each byte is handed out once, so IDs stay unique per file; a worker thread has a
 * pool of its own, seeded apart.
 */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool: Uint8Array = new Uint8Array(0);
let used = 0;

/** `n` bytes never handed out before. */
export function freshBytes(n: number): Uint8Array {
  if (used + n > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, n));
    used = 0;
  }
  used += n;
  return pool.slice(used - n, used);
}
