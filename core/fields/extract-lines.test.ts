import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/decimal';
import type { InvoiceLine } from '../model/invoice';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { describeCorpus } from '../testing/corpus';
import { scoreLines } from '../testing/reading-score';
import { handPage } from '../testing/text-page';
import { layoutOf } from '../text/layout';
import { readPdfText } from '../text/pdf-text';
import { extractFields } from './extract-fields';
import { readLines, type KnownRate } from './extract-lines';

const nineteen: KnownRate[] = [{ rate: Decimal.of(19), category: 'S' }];
const twenty: KnownRate[] = [{ rate: Decimal.of(20), category: 'S' }];

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

describe('readLines', () => {
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
  }, 180_000);

  it('reads a table by its header: the quantity carries its unit, the name is its column', () => {
    const read = readLines(
      layoutOf(
        handPage([
          [
            100,
            [
              [40, 'Pos'],
              [70, 'Beschreibung'],
              [250, 'Nettopreis'],
              [320, 'Menge'],
              [380, 'Steuersatz'],
              [460, 'Nettobetrag'],
            ],
          ],
          [
            120,
            [
              [40, '1'],
              [70, 'TGA Obermonteur/'],
              [250, '43,20'],
              [320, '3 Std'],
              [380, '19 %'],
              [460, '129,60'],
            ],
          ],
          [132, [[70, 'Monteur']]],
          [
            150,
            [
              [40, '2'],
              [70, 'Beamer-Deckenhalterung'],
              [250, '122,50'],
              [320, '1 Stk'],
              [380, '19 %'],
              [460, '122,50'],
            ],
          ],
          [162, [[70, 'Für die doppelte Verlegung, falls erforderlich.']]],
          [
            190,
            [
              [300, 'Rechnungssumme ohne USt.'],
              [460, '252,10'],
            ],
          ],
        ]),
      ),
      nineteen,
    );
    expect(read?.lines.map((l) => figures(l.line))).toEqual([
      { quantity: '3', unit: 'HUR', price: '43.2', amount: '129.6', rate: '19' },
      { quantity: '1', unit: 'C62', price: '122.5', amount: '122.5', rate: '19' },
    ]);
    // A name broken over two rows is one name; a sentence below a whole name is its description.
    expect(read?.lines.map((l) => [l.line.lineId, l.line.product?.name])).toEqual([
      ['1', 'TGA Obermonteur/Monteur'],
      ['2', 'Beamer-Deckenhalterung'],
    ]);
    expect(read?.sum.toString()).toBe('252.10');
    expect(read?.lines[0]?.places['BT-131']?.row.y).toBe(120);
  });

  it('gathers an item printed over several rows around its amount, and never takes its position for the quantity', () => {
    const read = readLines(
      layoutOf(
        handPage([
          [
            100,
            [
              [40, 'Pos'],
              [70, 'Art-Nr'],
              [190, 'Beschreibung'],
              [300, 'Nettopreis'],
              [360, 'Menge'],
              [420, 'Steuersatz'],
              [500, 'Nettobetrag'],
            ],
          ],
          [
            133,
            [
              [40, '1'],
              [190, 'GTIN 4123456000014'],
              [300, '1,45'],
              [360, '-2'],
              [420, '7 %'],
            ],
          ],
          [
            141,
            [
              [190, 'Art-Nr-Lieferant GZ250'],
              [500, '-2,90'],
            ],
          ],
          [151, [[190, 'Gelierzucker Extra 250g']]],
          [160, [[190, 'Verpackung: Karton']]],
          [
            200,
            [
              [250, 'Positionssumme'],
              [500, '-2,90'],
            ],
          ],
        ]),
      ),
      [{ rate: Decimal.of(7), category: 'S' }],
    );
    expect(read?.lines.map((l) => figures(l.line))).toEqual([
      { quantity: '-2', unit: 'C62', price: '1.45', amount: '-2.9', rate: '7' },
    ]);
    expect(read?.lines[0]?.line.product?.name).toBe('Gelierzucker Extra 250g');
  });

  it('reads rows that agree on their own when there is no header, and none when a rate is unknown', () => {
    const page = handPage([
      [
        100,
        [
          [40, '1   Montage'],
          [200, '2,00 h'],
          [280, '50,00'],
          [400, '100,00'],
        ],
      ],
      [
        120,
        [
          [40, '2   Fournitures'],
          [200, '3 pce'],
          [280, '10,00'],
          [400, '30,00'],
        ],
      ],
    ]);
    const read = readLines(layoutOf(page), twenty);
    expect(read?.lines.map((l) => [l.line.product?.name, l.line.billedQuantity?.unit])).toEqual([
      ['Montage', 'HUR'],
      ['Fournitures', 'C62'],
    ]);
    expect(read?.sum.toString()).toBe('130.00');
    expect(readLines(layoutOf(page), [])).toBeNull();
    // Two rates in the breakdown and none printed on the row: the line's rate is unknown.
    expect(readLines(layoutOf(page), [...twenty, { rate: Decimal.of(10), category: 'S' }])).toBeNull();
  });

  it('keeps no line whose amounts do not agree (a gross price is not the net price)', () => {
    const read = readLines(
      layoutOf(
        handPage([
          [
            100,
            [
              [40, 'Pos'],
              [70, 'Beschreibung'],
              [250, 'Nettopreis'],
              [320, 'Menge'],
              [460, 'Betrag'],
            ],
          ],
          [
            120,
            [
              [40, '1'],
              [70, 'Vollkasko'],
              [250, '117,6471'],
              [320, '1 Stk'],
              [460, '140,00'],
            ],
          ],
          [132, [[150, 'Bruttopreis : 140,0000']]],
        ]),
      ),
      nineteen,
    );
    expect(read).toBeNull();
  });
});

describeCorpus('invoice lines read from the corpus PDFs without XML', (corpus) => {
  it('never reads a wrong figure: every accepted line has the quantity, price, amount and rate of the XML', async () => {
    const dir = path.join(corpus, 'pdf');
    const files = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'));
    let accepted = 0;
    let names = 0;
    let lines = 0;
    for (const file of files) {
      const text = await readPdfText(new Uint8Array(readFileSync(path.join(dir, file))));
      if (!text.ok) continue;
      const extraction = extractFields(text.text);
      if (!extraction.invoice.lines) continue;
      accepted++;
      const truth = JSON.parse(
        readFileSync(path.join(dir, file.replace('.plain.pdf', '.truth.json')), 'utf8'),
      );
      const score = scoreLines(extraction, truth);
      const figuresWrong = score.results.filter(
        (r) => r.outcome === 'wrong' && !/BT-15[13]$|BT-130$/.test(r.term),
      );
      expect(figuresWrong, file).toEqual([]);
      lines += extraction.invoice.lines.length;
      names += score.results.filter((r) => r.term.endsWith('BT-153') && r.outcome === 'correct').length;
    }
    console.log(
      `invoice lines read from ${accepted} of ${files.length} corpus PDFs without XML, ${names} of ${lines} names right`,
    );
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(names).toBeGreaterThanOrEqual(37);
  }, 180_000);
});
