/**
 * The packet a Factur-X is written with reads, by the XMP reader's own parse, exactly as
 * facturxXmpPacket says it does (what the check of a packaged file takes instead of parsing it again),
 * on any fields: text with markup characters, spaces at either end, line breaks, characters beyond the
 * Basic Multilingual Plane; and when a value is no plain text (a character XML forbids, a carriage
 * return), nothing is claimed and the packet is parsed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readXmp } from './xmp-read';
import { facturxXmp, facturxXmpPacket, writtenXmp, type XmpFields } from './xmp-write';

const FIELDS: XmpFields = {
  pdfaPart: 3,
  pdfaConformance: 'B',
  title: 'Invoice F-2026-001',
  producer: 'Factur-X Desk',
  createDate: '2026-01-02T03:04:05+00:00',
  modifyDate: '2026-01-02T03:04:05+00:00',
  conformanceLevel: 'EN 16931',
  documentFileName: 'factur-x.xml',
};

/** The packet as the reader parses it: fresh bytes, never noted as written. */
const parsed = (f: XmpFields) => readXmp(new Uint8Array(Buffer.from(facturxXmp(f), 'utf8')));

const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '&', '<', '>', ']', 'a', 'é', '\u00a0', '😀') }),
);
const fields: fc.Arbitrary<XmpFields> = fc.record(
  {
    pdfaPart: fc.integer({ min: 1, max: 4 }),
    pdfaConformance: text,
    title: text,
    author: text,
    subject: text,
    keywords: text,
    creatorTool: text,
    producer: text,
    createDate: fc.oneof(fc.constant(FIELDS.createDate), text),
    modifyDate: fc.oneof(fc.constant(FIELDS.modifyDate), text),
    conformanceLevel: text,
    documentFileName: text,
  },
  {
    requiredKeys: [
      'pdfaPart',
      'pdfaConformance',
      'producer',
      'createDate',
      'modifyDate',
      'conformanceLevel',
      'documentFileName',
    ],
  },
);

describe('the written XMP packet', () => {
  it('reads as facturxXmpPacket says, on any fields it vouches for', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const packet = facturxXmpPacket(f);
        if (!packet) return;
        const read = parsed(f);
        expect(read.ok).toBe(true);
        if (read.ok) expect(packet).toEqual(read.xmp);
      }),
      { numRuns: 2000 },
    );
  });

  it('vouches for the fields of an invoice, and not for a carriage return or a forbidden character', () => {
    expect(facturxXmpPacket(FIELDS)).not.toBeNull();
    expect(facturxXmpPacket({ ...FIELDS, title: 'two\r\nlines' })).toBeNull();
    expect(facturxXmpPacket({ ...FIELDS, author: 'bell\u0007' })).toBeNull();
    expect(facturxXmpPacket({ ...FIELDS, createDate: '2026<' })).toBeNull();
  });

  it('is read back as noted when its bytes come back, and parsed when any byte differs', () => {
    const bytes = writtenXmp(FIELDS);
    const once = readXmp(new Uint8Array(bytes));
    // The note's own result, not a parse of each copy.
    expect(readXmp(new Uint8Array(bytes))).toBe(once);
    expect(once).toEqual(parsed(FIELDS));
    const changed = new Uint8Array(bytes);
    changed[changed.indexOf(0x3c, 10)] = 0x20;
    expect(readXmp(changed).ok).toBe(false);
  });
});
