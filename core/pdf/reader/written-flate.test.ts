import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStream } from './filters';
import { PdfDict, PdfName, PdfStream } from './objects';
import { deflated, KEPT_BYTES, LEVEL } from './written-flate';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../rules/facturx/fixtures');
const flate = (data: Uint8Array): PdfStream =>
  new PdfStream(new PdfDict().set('Filter', PdfName.of('FlateDecode')), data);
const decode = (data: Uint8Array, limit?: number) => decodeStream(flate(data), (o) => o, limit);

describe('Flate data written here', () => {
  const xml = new Uint8Array(readFileSync(path.join(fixture, 'en16931.xml')));

  it('reads back as the bytes it was deflated from, without inflating them again', () => {
    const raw = deflated(xml);
    // A copy of the compressed bytes, as a file read back holds them.
    const decoded = decode(new Uint8Array(raw));
    expect(decoded.ok && decoded.bytes).toBe(xml);
    expect(Buffer.compare(inflateSync(raw), xml)).toBe(0);
  });

  it('is inflated as any other once a byte of it differs, or beyond the bound it is read within', () => {
    const raw = new Uint8Array(deflated(xml));
    // Its checksum changed: inflated, it is corrupt, where the bytes written would have been taken.
    raw.set([raw.at(-1)! ^ 1], raw.length - 1);
    expect(decode(raw)).toMatchObject({ ok: false, message: 'corrupt Flate data' });
    const bounded = decode(deflated(xml), xml.length - 1);
    expect(bounded).toMatchObject({ ok: false, beyondBounds: true });
  });

  it('is inflated again once the bytes it was made from have moved to another thread', () => {
    const plain = new Uint8Array(xml);
    const raw = deflated(plain);
    structuredClone(plain.buffer, { transfer: [plain.buffer] });
    const decoded = decode(raw);
    expect(decoded.ok && Buffer.compare(decoded.bytes, xml)).toBe(0);
  });

  it('holds no more than its bound: a large stream written is inflated again when read back', () => {
    const bytesOf = (raw: Uint8Array): Uint8Array | false => {
      const decoded = decode(raw, KEPT_BYTES * 2);
      return decoded.ok && decoded.bytes;
    };
    const large = new Uint8Array(KEPT_BYTES + 1).fill(32);
    expect(bytesOf(deflated(large))).not.toBe(large);
    // Three streams of half the bound: the oldest is no longer held, the newest still is.
    const halves = [33, 34, 35].map((c) => new Uint8Array(KEPT_BYTES / 2 + 1).fill(c));
    const raws = halves.map((half) => deflated(half));
    expect(bytesOf(raws[0]!)).not.toBe(halves[0]);
    expect(Buffer.compare(bytesOf(raws[0]!) || new Uint8Array(), halves[0]!)).toBe(0);
    expect(bytesOf(raws[2]!)).toBe(halves[2]);
  });

  it('gives the bytes of a full window after its header, the window fitted to the data', () => {
    // Text that repeats at every distance: a match may reach back as far as the data goes.
    const text = (n: number): Uint8Array =>
      Uint8Array.from({ length: n }, (_, i) => 97 + ((i * 7919) % 13 === 0 ? (i >> 5) % 26 : i % 11));
    for (const plain of [
      xml,
      text(100),
      text(250),
      text(512 - 262),
      text(16384 - 262),
      text(16384),
      text(40000),
    ]) {
      const raw = deflated(plain);
      const full = deflateSync(plain, { level: LEVEL });
      expect(Buffer.compare(inflateSync(raw), plain)).toBe(0);
      expect(Buffer.compare(raw.subarray(2), full.subarray(2))).toBe(0);
      // CINFO: the window is the smallest of at least 512 bytes that holds the data and zlib's look-ahead.
      const window = 2 ** ((raw[0]! >> 4) + 8);
      expect(window === 512 || window / 2 - 262 < plain.length).toBe(true);
      expect(window - 262 >= plain.length || window === 32768).toBe(true);
    }
  });
});
