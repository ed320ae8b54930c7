/**
 * The device colour spaces a content stream paints in (ISO 19005-3 §6.2.4.3 asks for an OutputIntent
 * where DeviceRGB, DeviceCMYK or DeviceGray is painted): the `g rg k` operators with their operand counts,
 * `/DeviceGray cs` …, or an inline image's `/CS`. Read in the drawing count's scan of a content stream
 * (drawing.ts), which every document whose pages are read makes first (PdfDocument.drawable: the packaging
 * and the PDF check ask for it before they scan), or scanned here for the stream of a page the count
 * held to its bytes; kept by the decoded bytes: a document decodes a stream to the same bytes for every
 * reader, and a revision appended to it to its base's, so the packaging and the check of the packaged
 * file scan each once.
 */
import { type ContentVisitor, isOperator, scanContent } from './content-tokens';

export type DeviceSpace = 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK';

/** Device colour space names, with the abbreviations inline images use. */
export const DEVICE_ABBREVIATIONS: Readonly<Record<string, DeviceSpace>> = {
  DeviceGray: 'DeviceGray',
  G: 'DeviceGray',
  DeviceRGB: 'DeviceRGB',
  RGB: 'DeviceRGB',
  DeviceCMYK: 'DeviceCMYK',
  CMYK: 'DeviceCMYK',
};
/** The colour operators that select a device space by their operand count: `g`/`G`, `rg`/`RG`, `k`/`K`. */
const DEVICE_OPERATORS: Readonly<Record<string, { operands: number; space: DeviceSpace }>> = {
  g: { operands: 1, space: 'DeviceGray' },
  G: { operands: 1, space: 'DeviceGray' },
  rg: { operands: 3, space: 'DeviceRGB' },
  RG: { operands: 3, space: 'DeviceRGB' },
  k: { operands: 4, space: 'DeviceCMYK' },
  K: { operands: 4, space: 'DeviceCMYK' },
};
/** The same operators by the code of their bytes, so that a scan looks each token up without a string. */
const byteCode = (bytes: Uint8Array, from: number, to: number): number => {
  let code = 0;
  for (let k = from; k < to; k++) code = code * 256 + bytes[k]!;
  return code;
};
const OPERATOR_BY_CODE: ReadonlyMap<number, { operands: number; space: DeviceSpace }> = new Map(
  Object.entries(DEVICE_OPERATORS).map(([op, v]) => [byteCode(Buffer.from(op, 'latin1'), 0, op.length), v]),
);
/**
 * By its first byte, the lengths a name of DEVICE_ABBREVIATIONS has (as bits), and whether an operator
 * may be one this scan looks for (the colour operators, BI, ID): a look-up that passes over most tokens
 * of a page (/F1, Tf, Tj, re) before any text or map is touched.
 */
const NAME_LENGTHS = new Uint16Array(256);
for (const name of Object.keys(DEVICE_ABBREVIATIONS)) NAME_LENGTHS[name.charCodeAt(0)]! |= 1 << name.length;
const OPERATOR_STARTS = new Uint8Array(256);
for (const op of [...Object.keys(DEVICE_OPERATORS), 'BI', 'ID']) OPERATOR_STARTS[op.charCodeAt(0)] = 1;

const painted = new WeakMap<Uint8Array, ReadonlySet<DeviceSpace>>();

/** The device colour spaces the content stream `b` paints in. */
export function devicePaint(b: Uint8Array): ReadonlySet<DeviceSpace> {
  let found = painted.get(b);
  if (!found) {
    const reading = paintReading(b);
    scanContent(b, reading.visitor);
    found = reading.found;
    painted.set(b, found);
  }
  return found;
}

/**
 * The paint of `b` read by another scan of it: its visitor's name and operator calls are passed on here,
 * and `whole()` is called once the scan has read all of `b` (a scan stopped early notes nothing).
 */
export function paintReading(b: Uint8Array): {
  readonly visitor: ContentVisitor;
  readonly found: ReadonlySet<DeviceSpace>;
  whole(): void;
} {
  const found = new Set<DeviceSpace>();
  // Inside `BI … ID` the abbreviations `/G /RGB /CMYK` name the image's space; elsewhere they are resource names.
  let inlineImage = false;
  const text = (from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));
  return {
    found,
    visitor: {
      name(_, from, to) {
        if (to - from > 10 || (NAME_LENGTHS[b[from]!]! & (1 << (to - from))) === 0) return;
        const name = text(from, to);
        const space = DEVICE_ABBREVIATIONS[name];
        if (space && (inlineImage || name.startsWith('Device'))) found.add(space);
      },
      operator(_, from, to, numbers) {
        if (OPERATOR_STARTS[b[from]!] === 0) return;
        const op = to - from <= 2 ? OPERATOR_BY_CODE.get(byteCode(b, from, to)) : undefined;
        if (op && numbers >= op.operands) found.add(op.space);
        if (isOperator(b, from, to, 'BI')) inlineImage = true;
        if (isOperator(b, from, to, 'ID')) inlineImage = false;
      },
    },
    whole: () => {
      painted.set(b, found);
    },
  };
}
