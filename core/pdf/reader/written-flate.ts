/**
 * Flate data this thread wrote, with the bytes it was made from: the latest few, so that a file read back
 * just after it was written (a Factur-X checked once packaged) does not inflate its own streams again.
 * A stream's data is taken as written here only when it is those compressed bytes, byte for byte, and
 * inflating them can give nothing but the bytes they were deflated from.
 */
import { deflateSync } from 'node:zlib';

interface Written {
  readonly raw: Uint8Array;
  readonly plain: Uint8Array;
  /** The plain bytes' length when noted: a buffer moved to another thread since reads as empty here. */
  readonly length: number;
}

/** Enough for the streams of the few documents a thread has in hand at once. */
const KEPT = 8;
/**
 * The plain bytes held at most, all entries together: an invoice XML is some kilobytes; a thread that
 * packaged a large one does not hold it once done (a stream beyond this is inflated again when read).
 */
export const KEPT_BYTES = 2 * 1024 * 1024;
const written: Written[] = [];
let keptBytes = 0;

/** Notes that `raw` is `plain` deflated (by deflateSync, here or before), newest first. */
export function noteDeflated(raw: Uint8Array, plain: Uint8Array): void {
  const at = written.findIndex((w) => w.raw === raw);
  if (at >= 0) keptBytes -= written.splice(at, 1)[0]!.length;
  if (plain.length > KEPT_BYTES) return;
  written.unshift({ raw, plain, length: plain.length });
  keptBytes += plain.length;
  while (written.length > KEPT || keptBytes > KEPT_BYTES) keptBytes -= written.pop()!.length;
}

/**
 * zlib's level 3 (its fast matcher): an invoice XML deflates in half the time of the default level 6 (the
 * bench's 8.6 KB: 31 against 69 µs in a loop), for some 4 % more bytes (the corpus XMLs: 111 267 against
 * 106 863 in all; the bench's: 2 049 against 1 890).
 */
export const LEVEL = 3;

/**
 * The smallest window (2^9 to zlib's 2^15 bytes) that holds the data whole, less the look-ahead zlib keeps
 * free at its end (262 bytes): no match reaches farther back than the data begins, so the compressed bytes
 * are those of the full window; only the header's window size differs (RFC 1950 CINFO), which a reader
 * follows. zlib allocates and clears its window for each call: an invoice XML of 8 KB then fills 16 KB,
 * not 32, and deflates some 10 % faster in the convert pipeline (steady.mts, each call timed, the two
 * windows alternated: median 109 against 124 µs under a load of 5-6).
 */
function windowBitsFor(length: number): number {
  let bits = 9;
  while (bits < 15 && (1 << bits) - 262 < length) bits++;
  return bits;
}

/** `plain` deflated, and noted. */
export function deflated(plain: Uint8Array): Uint8Array {
  const raw = deflateSync(plain, { level: LEVEL, windowBits: windowBitsFor(plain.length) });
  noteDeflated(raw, plain);
  return raw;
}

/** The bytes `data` was deflated from, when it is Flate data noted here and they fit within `limit`. */
export function inflatedBefore(data: Uint8Array, limit: number): Uint8Array | undefined {
  for (const w of written) {
    if (w.raw.length !== data.length || w.plain.length !== w.length || w.length > limit) continue;
    if (Buffer.compare(w.raw, data) === 0) return w.plain;
  }
  return undefined;
}
