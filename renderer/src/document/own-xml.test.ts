import { describe, expect, it } from 'vitest';
import fixture from '../../../e2e/fixtures/invoice-en16931.xml?raw';
import { readOwnXml } from './own-xml';

/** Each character as one byte: ISO-8859-1, which writes the first 256 code points (others become `?`). */
const latin1Bytes = (text: string) =>
  Uint8Array.from(text, (char) => (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 63));

describe('readOwnXml', () => {
  it('reads a CII invoice into the invoice the page shows, with the value of each term', () => {
    const read = readOwnXml(fixture);
    expect(read?.invoice).toMatchObject({ number: 'F-2026-0001', type_code: '380' });
    expect(read?.invoice.lines?.length).toBeGreaterThan(0);
    expect(read?.values['BT-1']).toBe('F-2026-0001');
    expect(read?.values['BG-25[1]/BT-126']).toBeDefined();
  });

  it('reads an ISO-8859-1 XML as its declaration says, without Node', () => {
    const latin = latin1Bytes(
      fixture
        .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
        .replace('<ram:ID>F-2026-0001</ram:ID>', '<ram:ID>F-2026-é01</ram:ID>'),
    );
    expect(readOwnXml(latin)?.invoice.number).toBe('F-2026-é01');
  });

  it('is null for what is not a CII invoice', () => {
    expect(readOwnXml('<Invoice/>')).toBeNull();
    expect(readOwnXml('not xml')).toBeNull();
  });
});
