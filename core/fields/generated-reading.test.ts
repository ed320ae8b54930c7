/**
 * The reader on invoices it was not tuned to (issue 10): a fixed sample of generated invoices
 * (core/testing/invoice-generator: German, French and English, many layouts, labels, date and number
 * formats, regimes and types), read from their text layer and scored against their truth the way the
 * reading benchmark scores them (`READING_SOURCES=generated npm run bench -- reading`). The floors are
 * what the reader reached on this sample; they need no corpus, so the mechanisms stay tested in a clone
 * without ../shared.
 */
import { describe, expect, it } from 'vitest';
import { candidateOf, conversionOf } from '../testing/candidate-verdict';
import { generateInvoice } from '../testing/invoice-generator/generate';
import { HEADER_TERMS, scoreLines, scoreTerms, tally, type TermResult } from '../testing/reading-score';
import { readPdfText } from '../text/pdf-text';
import { extractFields } from './extract-fields';

/** A seed the reader was never measured on while it was changed (the bench's default is 1). */
const SEED = 9;
const COUNT = 20;

const HEADER: ReadonlySet<string> = new Set(HEADER_TERMS);

describe('reading generated invoices', () => {
  it(`reads a sample of ${COUNT} generated invoices at least as well as measured`, async () => {
    const terms: TermResult[] = [];
    const lineResults: TermResult[] = [];
    let en16931 = 0;
    for (let index = 0; index < COUNT; index++) {
      const invoice = await generateInvoice(SEED, index);
      const text = await readPdfText(invoice.pdf);
      expect(text.ok, invoice.name).toBe(true);
      if (!text.ok) continue;
      const extraction = extractFields(text.text);
      terms.push(...scoreTerms(extraction, invoice.truth));
      lineResults.push(...scoreLines(extraction, invoice.truth).results);
      if (conversionOf(candidateOf(extraction.invoice), invoice.truth).en16931) en16931++;
    }
    const header = tally(
      terms.filter((r) => HEADER.has(r.term)),
      () => 'header',
    ).get('header')!;
    const documentTerms = tally(terms, () => 'all').get('all')!;
    const lines = tally(lineResults, () => 'lines').get('lines')!;
    console.log(
      `generated seed ${SEED}, ${COUNT} invoices: header ${header.correct} of ` +
        `${header.correct + header.wrong + header.missed} (wrong ${header.wrong}); document terms at >= 0.9 ` +
        `${documentTerms.confidentCorrect} of ${documentTerms.confident}; line terms ${lines.correct} of ` +
        `${lines.correct + lines.wrong + lines.missed} (at >= 0.9 ${lines.confidentCorrect} of ${lines.confident}); ` +
        `EN 16931 ${en16931} of ${COUNT}`,
    );
    expect(header.correct).toBeGreaterThanOrEqual(272);
    expect(header.wrong).toBeLessThanOrEqual(1);
    // Issue 10 asks 99.5 % at >= 0.9: on this sample none is wrong.
    expect(documentTerms.confident - documentTerms.confidentCorrect).toBe(0);
    expect(lines.correct).toBeGreaterThanOrEqual(1246);
    expect(lines.confident - lines.confidentCorrect).toBe(0);
    expect(en16931).toBeGreaterThanOrEqual(19);
  }, 180_000);

  // Invoices of seeds the reader had never met, each of which read its lines wrong or not at all until a
  // general fix (the commit naming the seed); kept as real inputs for those fixes: [seed, index, line
  // terms right at least].
  const fixed: readonly (readonly [number, number, number])[] = [
    [5, 45, 28], // a leftmost count with its unit is no position number
    [21, 40, 175], // a title and a sentence over the header are no headings
    [21, 54, 49], // prices after their currency code ("EUR 6.85")
    [22, 7, 14], // a number's thousands group drawn apart where a heading starts
    [22, 10, 63], // a name wrapped at one and a half line heights
    [22, 34, 161], // "Prestation" heads the name column
    [22, 51, 35], // a wide price starting inside the name's span
    [23, 48, 21], // "Item" beside "Description" heads the item's number
    [23, 49, 392], // an item's own rate the breakdown lacks
    [41, 20, 413], // "Prix U. HT"; counts aligned right against the names
    [25, 9, 532], // an item's count in tenths and its discount are no VAT breakdown row
    [33, 15, 315], // a letter alone near a zero rate ("L" for litres) is no category code
    [35, 18, 399], // a heading over a VAT number names no intra-community supply
    [33, 1, 378], // a discount in its column before a position number that multiplies out
    [33, 47, 357], // an amount after its currency sign with a thousands space ("€ 5 903,90")
    [26, 10, 168], // the items' numbers in order drawn into their names' cells
    [25, 33, 98], // a name on past an ordinal ("4." over "Auflage"), not into smaller type
    [48, 40, 238], // a corrective invoice's negative counts of hours ("-11.25 h"), no time of day
  ];
  it.each(fixed)(
    'reads the lines of generated invoice %i/%i (at least %i terms right)',
    async (seed, index, floor) => {
      const invoice = await generateInvoice(seed, index);
      const text = await readPdfText(invoice.pdf);
      if (!text.ok) throw new Error(invoice.name);
      const results = scoreLines(extractFields(text.text), invoice.truth).results;
      expect(results.filter((r) => r.outcome === 'correct').length).toBeGreaterThanOrEqual(floor);
      expect(results.filter((r) => r.outcome !== 'correct' && (r.confidence ?? 0) >= 0.9)).toEqual([]);
    },
  );
});
