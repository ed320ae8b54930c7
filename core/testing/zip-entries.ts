/**
 * Reads the files of a zip archive through its central directory, for tests: names and bytes of stored
 * entries, each checked against the CRC-32 and sizes its headers give. Anything else is an error.
 */
import { crc32 } from '../export/stored-zip';

export function zipEntries(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.byteLength - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('no end of central directory record');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`entry ${i}: no central header`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0) throw new Error(`${name}: compressed (method ${method})`);
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`${name}: no local header`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const bytes = zip.subarray(start, start + size);
    if (crc32(bytes) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries.set(name, bytes);
    at += 46 + skip;
  }
  return entries;
}
