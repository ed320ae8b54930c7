import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciiToModel } from '../cii/read';
import { Decimal } from '../decimal/decimal';
import type { InvoiceLine, VatBreakdown } from '../model/invoice';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { describeCorpus } from '../testing/corpus';
import { readPdfText } from '../text/pdf-text';
import type { TextLine } from '../text/page-text';
import { extractFields } from './extract-fields';
import { extractLines } from './extract-lines';

const row = (text: string, y = 100) => {
  const line: TextLine = { text, x: 40, y, width: text.length * 5, height: 10, spans: [] };
  return { line, page: 1 };
};
const vat19: VatBreakdown[] = [
  { typeCode: 'VAT', categoryCode: 'S', rate: '19', basisAmount: { value: '252.10' } },
];

/** What a line says in numbers: quantity and unit, net price, net amount, VAT rate, all normalized. */
const figures = (line: InvoiceLine) => ({
  quantity: Decimal.parse(line.billedQuantity?.value ?? '')
    ?.normalized()
    .toString(),
  unit: line.billedQuantity?.unit,
  price: Decimal.parse(line.netPrice?.amount?.value ?? '')
    ?.normalized()
    .toString(),
  amount: Decimal.parse(line.summation?.lineTotal?.value ?? '')
    ?.normalized()
    .toString(),
  rate: Decimal.parse(line.taxes?.[0]?.rate ?? '')
    ?.normalized()
    .toString(),
});

describe('extractLines', () => {
  it('reads back the lines of an invoice we rendered, in French and in English', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const invoice = sampleInvoice(12);
      const rendered = await renderInvoice(invoice, lang);
      if (!rendered.ok) throw new Error(rendered.error.message);
      const text = await readPdfText(rendered.pdf);
      if (!text.ok) throw new Error(text.error.message);
      const { invoice: read, evidence } = extractFields(text.text);
      expect(read.lines?.map(figures)).toEqual(invoice.lines?.map(figures));
      expect(read.lines?.[0]?.product?.name).toBe(invoice.lines?.[0]?.product?.name);
      expect(read.lines?.[0]?.taxes?.[0]?.categoryCode).toBe('S');
      expect(evidence['BG-25']).toMatchObject({ page: 1, source: 'native_text' });
    }
  });

  it('takes the factor followed by a unit for the quantity, and the name from the row', () => {
    const rows = [
      row('Pos        Beschreibung        Nettopreis        Menge      Steuersatz'),
      row('TGA Obermonteur/        43,20        3 Std        19 %        129,60', 120),
      row('Beamer-Deckenhalterung     122,50        1 Stk        19 %        122,50', 140),
      row('Rechnungssumme ohne USt.        252,10', 160),
    ];
    const read = extractLines(rows, vat19, '252.10');
    expect(read?.lines.map(figures)).toEqual([
      { quantity: '3', unit: 'HUR', price: '43.2', amount: '129.6', rate: '19' },
      { quantity: '1', unit: 'C62', price: '122.5', amount: '122.5', rate: '19' },
    ]);
    expect(read?.lines.map((l) => [l.lineId, l.product?.name])).toEqual([
      ['1', 'TGA Obermonteur/'],
      ['2', 'Beamer-Deckenhalterung'],
    ]);
    expect(read?.rows).toEqual([rows[1], rows[2]]);
  });

  it('completes a name broken over two lines, and leaves a description below a whole name apart', () => {
    const spanned = (parts: readonly [string, number][], y: number) => {
      const spans = parts.map(([text, x]) => ({ text, x, y, width: text.length * 5, height: 10 }));
      const line: TextLine = {
        text: parts.map(([t]) => t).join('        '),
        x: parts[0]![1],
        y,
        width: 400,
        height: 10,
        spans,
      };
      return { line, page: 1 };
    };
    const rows = [
      spanned(
        [
          ['5', 57],
          ['Personen-', 139],
          ['7,9800', 300],
          ['2 Stk', 360],
          ['19 %', 420],
          ['15,96', 480],
        ],
        100,
      ),
      spanned([['Unfallversicherung', 140]], 112),
      spanned(
        [
          ['6', 59],
          ['Choice', 139],
          ['5,0400', 300],
          ['2 Stk', 360],
          ['19 %', 420],
          ['10,08', 480],
        ],
        140,
      ),
      spanned([['Upgrade', 139]], 152),
    ];
    const read = extractLines(rows, vat19, '26.04');
    expect(read?.lines.map((l) => l.product?.name)).toEqual(['Personen-Unfallversicherung', 'Choice']);
  });

  it('keeps no line when they do not add up to BT-106, or a rate is not in the breakdown', () => {
    const rows = [
      row('1   Montage        2,00 h        50,00        100,00'),
      row('2   Fournitures        3 pce        10,00        30,00', 120),
    ];
    const vat20: VatBreakdown[] = [{ typeCode: 'VAT', categoryCode: 'S', rate: '20' }];
    expect(extractLines(rows, vat20, '130.00')?.lines).toHaveLength(2);
    // A third line is missing from what was read: better none than a wrong invoice.
    expect(extractLines(rows, vat20, '150.00')).toBeNull();
    expect(extractLines(rows, [], '130.00')).toBeNull();
    expect(extractLines(rows, vat20, undefined)).toBeNull();
    expect(
      extractLines([row('1   Montage        2,00 h        50,00    5,5 %    100,00')], vat20, '100.00'),
    ).toBeNull();
    // Two rates in the breakdown and none printed on the row: the line's rate is unknown.
    const twoRates = [...vat20, { typeCode: 'VAT', categoryCode: 'S', rate: '10' }];
    expect(extractLines(rows, twoRates, '130.00')).toBeNull();
  });
});

describeCorpus('invoice lines read from the corpus PDFs without XML', (corpus) => {
  it('never reads a wrong line: every accepted line matches the embedded XML', async () => {
    const dir = path.join(corpus, 'pdf');
    const files = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'));
    let accepted = 0;
    for (const file of files) {
      const text = await readPdfText(new Uint8Array(readFileSync(path.join(dir, file))));
      if (!text.ok) continue;
      const lines = extractFields(text.text).invoice.lines;
      if (!lines) continue;
      accepted++;
      const truth = ciiToModel(readFileSync(path.join(dir, file.replace('.plain.pdf', '.xml')), 'utf8'));
      if (!truth.ok) throw new Error(`${file}: truth unreadable`);
      // EXTENDED sub-lines without an amount of their own are not printed as lines.
      const priced = (truth.invoice.lines ?? []).filter(
        (l) => !Decimal.parse(l.summation?.lineTotal?.value ?? '0')?.isZero(),
      );
      const strip = ({ unit: _unit, ...rest }: ReturnType<typeof figures>) => rest;
      expect(lines.map(figures).map(strip), file).toEqual(priced.map(figures).map(strip));
      // A name is read whole, or its first line when the rest reads like a description.
      for (const [i, line] of lines.entries()) {
        expect(priced[i]?.product?.name?.startsWith(line.product?.name ?? '-'), `${file} line ${i + 1}`).toBe(
          true,
        );
      }
    }
    console.log(`invoice lines read from ${accepted} of ${files.length} corpus PDFs without XML, none wrong`);
    expect(accepted).toBeGreaterThanOrEqual(9);
  });
});
