/**
 * Stream decoding (ISO 32000-1 §7.4) of the general-purpose filters: FlateDecode and LZWDecode with or
 * without PNG/TIFF predictors, ASCIIHexDecode, ASCII85Decode and RunLengthDecode. Output size is bounded
 * (per stream, and by what the caller has left of its document's budget); the image codecs (DCT, JPX,
 * JBIG2, CCITT fax) are not decoded here.
 */
import { inflateSync } from 'node:zlib';
import type { PdfStream } from './objects';
import { PdfDict, PdfRef, type PdfObject, nameOf } from './objects';
import { inflatedBefore } from './written-flate';

/** 64 MB of decoded data per stream: far above any invoice XML, XMP or xref stream. */
export const MAX_DECODED = 64 * 1024 * 1024;

export type Decoded =
  | { ok: true; bytes: Uint8Array }
  | {
      ok: false;
      message: string;
      /** The data decodes beyond the bound it was given. */ beyondBounds?: true;
    };

/** The image codecs: their data is a picture, measured by its dimensions rather than decoded. */
export const IMAGE_FILTERS: ReadonlySet<string> = new Set([
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'JBIG2Decode',
  'CCITTFaxDecode',
  'CCF',
]);

/** The names of a stream's filters, in order. */
export function filterNames(
  stream: PdfStream,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): (string | undefined)[] {
  const filterObj = resolve(stream.dict.get('Filter'));
  const filters = Array.isArray(filterObj) ? filterObj.map((f) => resolve(f)) : filterObj ? [filterObj] : [];
  return filters.map((f) => nameOf(f ?? undefined));
}

export function decodeStream(
  stream: PdfStream,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  maxOutput: number = MAX_DECODED,
): Decoded {
  const limit = Math.min(maxOutput, MAX_DECODED);
  const filters = filterNames(stream, resolve);
  const parmsObj = resolve(stream.dict.get('DecodeParms'));
  const parms = Array.isArray(parmsObj) ? parmsObj.map((p) => resolve(p)) : [parmsObj];
  let data = stream.raw;
  for (let i = 0; i < filters.length; i++) {
    const name = filters[i];
    const parm = parms[i];
    if (name === 'FlateDecode' || name === 'Fl' || name === 'LZWDecode' || name === 'LZW') {
      const lzw = name === 'LZWDecode' || name === 'LZW';
      const inflated = lzw ? lzwDecode(data, earlyChange(parm, resolve), limit) : inflate(data, limit);
      if (!inflated.ok) return inflated;
      data = inflated.bytes;
      if (parm instanceof PdfDict) {
        const undone = unpredict(data, parm, resolve, limit);
        if (!undone.ok) return undone;
        data = undone.bytes;
      }
    } else if (name === 'ASCIIHexDecode' || name === 'AHx') {
      data = asciiHex(data);
    } else if (name === 'ASCII85Decode' || name === 'A85') {
      const decoded = ascii85(data, limit);
      if (!decoded.ok) return decoded;
      data = decoded.bytes;
    } else if (name === 'RunLengthDecode' || name === 'RL') {
      const decoded = runLength(data, limit);
      if (!decoded.ok) return decoded;
      data = decoded.bytes;
    } else {
      return { ok: false, message: `unsupported filter ${name ?? '?'}` };
    }
  }
  return { ok: true, bytes: data };
}

const tooLarge = (limit: number): Decoded => ({
  ok: false,
  message: `decoded data beyond ${limit} bytes`,
  beyondBounds: true,
});

/**
 * The output buffer zlib fills at a time: sized for the usual ratio of Flate data (fonts about 3:1,
 * page content up to 8:1), so that a stream inflates in one or two pieces rather than in zlib's 16 KB
 * ones, each copied again into the result (that copying cost as much as inflating itself).
 */
const chunkSizeFor = (data: Uint8Array, limit: number): number =>
  Math.max(64, Math.min(limit, 4 * 1024 * 1024, Math.max(16 * 1024, data.length * 8)));

/** Flate data; some writers leave a truncated or unterminated zlib stream: keep what inflates. */
function inflate(data: Uint8Array, limit: number): Decoded {
  const known = inflatedBefore(data, limit);
  if (known) return { ok: true, bytes: known };
  const chunkSize = chunkSizeFor(data, limit);
  try {
    return { ok: true, bytes: inflateSync(data, { maxOutputLength: limit, chunkSize }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(limit);
  }
  try {
    return {
      ok: true,
      bytes: inflateSync(data, { finishFlush: 2 /* Z_SYNC_FLUSH */, maxOutputLength: limit, chunkSize }),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(limit);
    return { ok: false, message: 'corrupt Flate data' };
  }
}

function earlyChange(
  parm: PdfObject | undefined,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): number {
  const value = parm instanceof PdfDict ? resolve(parm.get('EarlyChange')) : undefined;
  return value === 0 ? 0 : 1;
}

/** LZW (§7.4.4): 9- to 12-bit codes, 256 clears the table, 257 ends the data. */
function lzwDecode(data: Uint8Array, early: number, limit: number): Decoded {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
  }
  const chunks: Uint8Array[] = [];
  let out = new Uint8Array(Math.min(limit, Math.max(1024, data.length * 4)));
  let n = 0;
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let total = 0;
  const emit = (code: number): number => {
    const size = length[code]!;
    if (total + n + size > limit) return -1;
    if (n + size > out.length) {
      chunks.push(out.subarray(0, n));
      total += n;
      out = new Uint8Array(Math.min(limit - total, Math.max(out.length * 2, size)));
      n = 0;
    }
    let c = code;
    for (let i = size - 1; i >= 0; i--) {
      out[n + i] = suffix[c]!;
      c = prefix[c]!;
    }
    n += size;
    return out[n - size]!;
  };
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return { ok: true, bytes: concat(chunks, out.subarray(0, n)) };
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      let first: number;
      if (code < next) {
        first = emit(code);
        if (first < 0) return tooLarge(limit);
      } else if (code === next && previous >= 0) {
        // The code being defined: the previous string and its own first byte.
        prefix[next] = previous;
        length[next] = length[previous]! + 1;
        suffix[next] = firstByte(previous, prefix, suffix);
        first = emit(code);
        if (first < 0) return tooLarge(limit);
        previous = code;
        next += 1;
        if (next + early >= 1 << width && width < 12) width += 1;
        continue;
      } else {
        return { ok: false, message: 'corrupt LZW data' };
      }
      if (previous >= 0 && next < 4096) {
        prefix[next] = previous;
        suffix[next] = first;
        length[next] = length[previous]! + 1;
        next += 1;
        if (next + early >= 1 << width && width < 12) width += 1;
      }
      previous = code;
    }
  }
  return { ok: true, bytes: concat(chunks, out.subarray(0, n)) };
}

function firstByte(code: number, prefix: Int32Array, suffix: Uint8Array): number {
  let c = code;
  while (prefix[c]! >= 0) c = prefix[c]!;
  return suffix[c]!;
}

function concat(chunks: readonly Uint8Array[], last: Uint8Array): Uint8Array {
  if (chunks.length === 0) return last;
  return new Uint8Array(Buffer.concat([...chunks, last]));
}

/** ASCII85 (§7.4.3): five characters for four bytes, `z` for four zeros, `~>` at the end. */
function ascii85(data: Uint8Array, limit: number): Decoded {
  const out = new Uint8Array(Math.min(limit, data.length * 4) + 4);
  let n = 0;
  const group: number[] = [];
  const flush = (count: number): void => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count; i++) out[n++] = (value >>> (24 - 8 * i)) & 0xff;
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c === 0x7e) break;
    if (c <= 0x20) continue;
    if (n + 4 > limit) return tooLarge(limit);
    if (c === 0x7a && group.length === 0) {
      n += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) return { ok: false, message: 'corrupt ASCII85 data' };
    group.push(c - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length === 1) return { ok: false, message: 'corrupt ASCII85 data' };
  if (group.length > 0) flush(group.length - 1);
  return { ok: true, bytes: out.subarray(0, n) };
}

/** RunLength (§7.4.5): a length byte, then that many bytes plus one, or one byte repeated 257 − length times. */
function runLength(data: Uint8Array, limit: number): Decoded {
  let size = 0;
  for (let i = 0; i < data.length;) {
    const len = data[i]!;
    if (len === 128) break;
    size += len < 128 ? len + 1 : 257 - len;
    i += len < 128 ? len + 2 : 2;
  }
  if (size > limit) return tooLarge(limit);
  const out = new Uint8Array(size);
  let n = 0;
  for (let i = 0; i < data.length && n < size;) {
    const len = data[i]!;
    if (len === 128) break;
    if (len < 128) {
      out.set(data.subarray(i + 1, i + 2 + len), n);
      n += len + 1;
      i += len + 2;
    } else {
      out.fill(data[i + 1] ?? 0, n, n + 257 - len);
      n += 257 - len;
      i += 2;
    }
  }
  return { ok: true, bytes: out.subarray(0, n) };
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let hi = -1;
  for (const c of data) {
    if (c === 62) break;
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out[n++] = (hi << 4) | v;
      hi = -1;
    }
  }
  if (hi >= 0) out[n++] = hi << 4;
  return out.subarray(0, n);
}

function unpredict(
  data: Uint8Array,
  parm: PdfDict,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  limit: number,
): Decoded {
  const num = (key: string, dflt: number): number => {
    const v = resolve(parm.get(key));
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : dflt;
  };
  const predictor = num('Predictor', 1);
  if (predictor === 1) return { ok: true, bytes: data };
  const colors = num('Colors', 1);
  const bpc = num('BitsPerComponent', 8);
  const columns = num('Columns', 1);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (rowLen <= 0 || rowLen > limit) return { ok: false, message: 'bad predictor parameters' };
  if (predictor === 2) {
    if (bpc !== 8) return { ok: false, message: 'unsupported TIFF predictor depth' };
    const out = Uint8Array.from(data);
    for (let row = 0; row < out.length; row += rowLen) {
      for (let i = bpp; i < rowLen && row + i < out.length; i++)
        out[row + i] = (out[row + i]! + out[row + i - bpp]!) & 0xff;
    }
    return { ok: true, bytes: out };
  }
  // PNG predictors (10–15): every row starts with its own filter type byte.
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)]!;
    const src = r * (rowLen + 1) + 1;
    const dst = r * rowLen;
    const prev = dst - rowLen;
    for (let i = 0; i < rowLen; i++) {
      const x = data[src + i]!;
      const a = i >= bpp ? out[dst + i - bpp]! : 0;
      const b = r > 0 ? out[prev + i]! : 0;
      const c = r > 0 && i >= bpp ? out[prev + i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          return { ok: false, message: `bad PNG predictor row type ${type}` };
      }
      out[dst + i] = v & 0xff;
    }
  }
  return { ok: true, bytes: out };
}

/**
 * Whether a stream says how it is encoded in its own dictionary: a filter or its parameters given by
 * reference could be redefined by a later revision, and the same bytes then decode otherwise.
 */
export function directFilters(stream: PdfStream): boolean {
  const direct = (o: PdfObject | undefined): boolean =>
    !(o instanceof PdfRef) &&
    (!Array.isArray(o) || o.every((item: PdfObject) => direct(item))) &&
    (!(o instanceof PdfDict) || [...o.map.values()].every((item) => direct(item)));
  return direct(stream.dict.get('Filter')) && direct(stream.dict.get('DecodeParms'));
}
