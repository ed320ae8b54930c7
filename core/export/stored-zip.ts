/**
 * A zip archive of files stored as they are (method 0, no compression): PDFs are compressed already and
 * the archive must be written in a browser as well as in Node, without a dependency. Names are UTF-8
 * (general purpose flag bit 11); sizes stay under 4 GiB (no Zip64), far above an export of invoices.
 * Layout from the PKWARE APPNOTE: local headers and data, then the central directory and its end record.
 */

export interface ZipEntry {
  /** Path inside the archive, `/`-separated. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the zip and PNG one). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const UTF8_NAMES = 0x0800;
// 1980-01-01 00:00, the earliest DOS date: the archive says nothing about when it was made.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** Names made unique inside the archive (`a.xml`, `a (2).xml`), in order. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      candidate = name.replace(/(\.[^./]+)?$/, (extension) => ` (${n})${extension}`);
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

export function storedZip(entries: readonly ZipEntry[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const files = entries.map((entry) => ({
    ...entry,
    name: encoder.encode(entry.name),
    crc: crc32(entry.bytes),
  }));
  const localSize = files.reduce((n, f) => n + 30 + f.name.length + f.bytes.length, 0);
  const centralSize = files.reduce((n, f) => n + 46 + f.name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const put = (bytes: Uint8Array) => {
    out.set(bytes, at);
    at += bytes.length;
  };
  const common = (f: (typeof files)[number]) => {
    u16(20); // version needed: 2.0
    u16(UTF8_NAMES);
    u16(0); // stored
    u16(0); // time
    u16(DOS_DATE);
    u32(f.crc);
    u32(f.bytes.length);
    u32(f.bytes.length);
    u16(f.name.length);
    u16(0); // extra field length
  };
  const offsets: number[] = [];
  for (const f of files) {
    offsets.push(at);
    u32(0x04034b50);
    common(f);
    put(f.name);
    put(f.bytes);
  }
  const centralStart = at;
  files.forEach((f, i) => {
    u32(0x02014b50);
    u16(20); // made by: 2.0
    common(f);
    u16(0); // comment length
    u16(0); // disk number
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[i]!);
    put(f.name);
  });
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(files.length);
  u16(files.length);
  u32(centralSize);
  u32(centralStart);
  u16(0);
  return out;
}
