/**
 * Bytes as the base64 text of a JSON body, read in place: `Buffer.from(bytes)` would copy them first
 * (a delivered PDF is some tens of kilobytes, encoded once per answer).
 */
export const base64Of = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** The bytes behind the base64 fields set by carryBase64, by the object holding them and the field. */
const carried = new WeakMap<object, Map<string, Uint8Array>>();

/**
 * Makes `holder[key]` the base64 text of `bytes`, encoded when first read (the body written as JSON, or
 * cloned to another thread), the field keeping its place among the others. Until then the bytes stay as
 * they are for bytesAt: the command line writing a delivered file without printing its body neither
 * encodes nor decodes it (a PDF of some tens of kilobytes: twice its size in short-lived text a file,
 * which the collector pays for, and the decoding).
 */
export function carryBase64(holder: object, key: string, bytes: Uint8Array): void {
  let text: string | undefined;
  Object.defineProperty(holder, key, {
    enumerable: true,
    configurable: true,
    get: () => (text ??= base64Of(bytes)),
  });
  let fields = carried.get(holder);
  if (!fields) carried.set(holder, (fields = new Map()));
  fields.set(key, bytes);
}

/**
 * The bytes of a body's base64 field: those carryBase64 kept, else the text decoded (a body that came
 * from another thread), the decoded buffer taken as it is; null when the field is not a text.
 */
export function bytesAt(holder: Readonly<Record<string, unknown>>, key: string): Uint8Array | null {
  const kept = carried.get(holder)?.get(key);
  if (kept) return kept;
  const text = holder[key];
  if (typeof text !== 'string') return null;
  const bytes = Buffer.from(text, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
