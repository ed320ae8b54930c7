/**
 * Stream decoding (ISO 32000-1 §7.4) for what invoice PDFs use on the path to their attachments and
 * metadata: FlateDecode with or without PNG/TIFF predictors, and ASCIIHexDecode. Output size is bounded.
 */
import { inflateSync } from 'node:zlib';
import type { PdfStream } from './objects';
import { PdfDict, type PdfObject, nameOf } from './objects';

/** 64 MB of decoded data per stream: far above any invoice XML, XMP or xref stream. */
export const MAX_DECODED = 64 * 1024 * 1024;

export type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

export function decodeStream(
  stream: PdfStream,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): Decoded {
  const filterObj = resolve(stream.dict.get('Filter'));
  const parmsObj = resolve(stream.dict.get('DecodeParms'));
  const filters = Array.isArray(filterObj) ? filterObj.map((f) => resolve(f)) : filterObj ? [filterObj] : [];
  const parms = Array.isArray(parmsObj) ? parmsObj.map((p) => resolve(p)) : [parmsObj];
  let data = stream.raw;
  for (let i = 0; i < filters.length; i++) {
    const name = nameOf(filters[i] ?? undefined);
    const parm = parms[i];
    if (name === 'FlateDecode' || name === 'Fl') {
      try {
        data = inflateSync(data, { maxOutputLength: MAX_DECODED });
      } catch {
        const partial = inflateLenient(data);
        if (!partial) return { ok: false, message: 'corrupt Flate data' };
        data = partial;
      }
      if (parm instanceof PdfDict) {
        const undone = unpredict(data, parm, resolve);
        if (!undone.ok) return undone;
        data = undone.bytes;
      }
    } else if (name === 'ASCIIHexDecode' || name === 'AHx') {
      data = asciiHex(data);
    } else {
      return { ok: false, message: `unsupported filter ${name ?? '?'}` };
    }
  }
  return { ok: true, bytes: data };
}

/** Some writers leave a truncated or unterminated zlib stream; keep what inflates. */
function inflateLenient(data: Uint8Array): Uint8Array | undefined {
  try {
    return inflateSync(data, { finishFlush: 2 /* Z_SYNC_FLUSH */, maxOutputLength: MAX_DECODED });
  } catch {
    return undefined;
  }
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
  if (rowLen <= 0 || rowLen > MAX_DECODED) return { ok: false, message: 'bad predictor parameters' };
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
