/**
 * Bytes as the base64 text of a JSON body, read in place: `Buffer.from(bytes)` would copy them first
 * (a delivered PDF is some tens of kilobytes, encoded once per answer).
 */
export const base64Of = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** A field set by carryBase64: its bytes, and its text once encoded. */
interface Carried {
  readonly bytes: Uint8Array;
  text: string | undefined;
}

/** The base64 fields set by carryBase64, by the object holding them and the field. */
const carried = new WeakMap<object, Map<string, Carried>>();

/**
 * Makes `holder[key]` the base64 text of `bytes`, encoded when first read (the body written as JSON, or
 * cloned to another thread), the field keeping its place among the others. Until then the bytes stay as
 * they are for bytesAt: the command line writing a delivered file without printing its body neither
 * encodes nor decodes it (a PDF of some tens of kilobytes: twice its size in short-lived text a file,
 * which the collector pays for, and the decoding).
 */
export function carryBase64(holder: object, key: string, bytes: Uint8Array): void {
  const field: Carried = { bytes, text: undefined };
  Object.defineProperty(holder, key, {
    enumerable: true,
    configurable: true,
    get: () => (field.text ??= base64Of(bytes)),
  });
  let fields = carried.get(holder);
  if (!fields) carried.set(holder, (fields = new Map()));
  fields.set(key, field);
}

/** Stands for a carried field's text in the JSON made around it (base64Json); `\0` is escaped in JSON. */
const stand = (n: number): string => `\0base64 ${n}`;

/**
 * `{ ...head, ...holder }` as JSON, the texts of the base64 fields carryBase64 set on `holder` put into it
 * as they are: base64 has no character JSON escapes, and JSON.stringify's scan of a text of some tens of
 * kilobytes for them costs more than the rest of the line (0.13 ms for an invoice XML). The same text as
 * JSON.stringify gives.
 */
export function base64Json(holder: object, head?: Readonly<Record<string, unknown>>): string {
  const fields = carried.get(holder);
  if (!fields) return JSON.stringify(head ? { ...head, ...holder } : holder);
  const line: Record<string, unknown> = { ...head, ...holder };
  const texts: string[] = [];
  for (const [key, field] of fields) {
    // Only a field that still reads as the text encoded here (the spread above read it) is put in so.
    if (field.text === undefined || line[key] !== field.text) continue;
    line[key] = stand(texts.length);
    texts.push(field.text);
  }
  let json = JSON.stringify(line);
  for (let n = 0; n < texts.length; n++) {
    const mark = JSON.stringify(stand(n));
    const at = json.indexOf(mark);
    // A text of the line's own that reads like the mark: JSON.stringify as it is.
    if (at < 0 || json.indexOf(mark, at + 1) >= 0)
      return JSON.stringify(head ? { ...head, ...holder } : holder);
    json = `${json.slice(0, at)}"${texts[n]!}"${json.slice(at + mark.length)}`;
  }
  return json;
}

/**
 * The bytes of a body's base64 field: those carryBase64 kept, else the text decoded (a body that came
 * from another thread), the decoded buffer taken as it is; null when the field is not a text.
 */
export function bytesAt(holder: Readonly<Record<string, unknown>>, key: string): Uint8Array | null {
  const kept = carried.get(holder)?.get(key)?.bytes;
  if (kept) return kept;
  const text = holder[key];
  if (typeof text !== 'string') return null;
  const bytes = Buffer.from(text, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
