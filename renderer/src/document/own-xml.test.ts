import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOwnXml } from './own-xml';

const fixture = readFileSync(path.join(import.meta.dirname, '../../../e2e/fixtures/invoice-en16931.xml'));

describe('readOwnXml', () => {
  it('reads a CII invoice into the invoice the page shows, with the value of each term', () => {
    const read = readOwnXml(fixture);
    expect(read?.invoice).toMatchObject({ number: 'F-2026-0001', type_code: '380' });
    expect(read?.invoice.lines?.length).toBeGreaterThan(0);
    expect(read?.values['BT-1']).toBe('F-2026-0001');
    expect(read?.values['BG-25[1]/BT-126']).toBeDefined();
  });

  it('reads an ISO-8859-1 XML as its declaration says, without Node', () => {
    const latin = Buffer.from(
      fixture
        .toString('utf8')
        .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
        .replace('<ram:ID>F-2026-0001</ram:ID>', '<ram:ID>F-2026-é01</ram:ID>')
        // What ISO-8859-1 cannot write (the fixture's typographic apostrophes) is left out.
        .replace(/[^\u0000-\u00ff]/g, "'"),
      'latin1',
    );
    expect(readOwnXml(latin)?.invoice.number).toBe('F-2026-é01');
  });

  it('is null for what is not a CII invoice', () => {
    expect(readOwnXml('<Invoice/>')).toBeNull();
    expect(readOwnXml('not xml')).toBeNull();
  });
});
