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
    expect(header.correct).toBeGreaterThanOrEqual(271);
    expect(header.wrong).toBeLessThanOrEqual(2);
    // Issue 10 asks 99.5 % at >= 0.9: on this sample none is wrong.
    expect(documentTerms.confident - documentTerms.confidentCorrect).toBe(0);
    expect(lines.correct).toBeGreaterThanOrEqual(1235);
    expect(lines.confident - lines.confidentCorrect).toBe(0);
    expect(en16931).toBeGreaterThanOrEqual(19);
  }, 180_000);
});
