/**
 * Bytes as the base64 text of a JSON body, read in place: `Buffer.from(bytes)` would copy them first
 * (a delivered PDF is some tens of kilobytes, encoded once per answer).
 */
export const base64Of = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
