import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStream } from './filters';
import { PdfDict, PdfName, PdfStream } from './objects';
import { deflated } from './written-flate';

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
});
