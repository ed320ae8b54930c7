import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { describeCorpus } from '../testing/corpus';
import { candidateOf, conversionOf } from '../testing/candidate-verdict';
import {
  HEADER_TERMS,
  scoreTerms,
  tally,
  type ReadingTruth,
  type TermResult,
} from '../testing/reading-score';
import { readPdfText } from '../text/pdf-text';
import type { DocumentText } from '../text/page-text';
import { extractFields } from './extract-fields';

async function textOf(pdf: Uint8Array): Promise<DocumentText> {
  const r = await readPdfText(pdf);
  if (!r.ok) throw new Error(r.error.message);
  return r.text;
}

describe('extractFields', () => {
  it('reads the document-level terms of a French invoice back, each with its evidence', async () => {
    const rendered = await renderInvoice(sampleInvoice(3), 'fr');
    if (!rendered.ok) throw new Error(rendered.error.message);
    const { invoice, evidence, language } = extractFields(await textOf(rendered.pdf));
    expect(language).toBe('fr');
    expect(invoice.number).toBe('FA-2026-0042');
    expect(invoice.issueDate).toBe('2026-03-15');
    expect(invoice.typeCode).toBe('380');
    expect(invoice.currency).toBe('EUR');
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR32123456789');
    expect(invoice.seller?.name).toBe('Atelier Dupont SARL');
    expect(invoice.buyer?.name).toBe('Client Exemple SA');
    // The sample buyer's FR11987654321 has a wrong key (987654321 gives 05): read, since its label
    // vouches for it, but not given for sure.
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR11987654321');
    expect(evidence['BT-48']?.confidence).toBeLessThan(0.9);
    expect(evidence['BT-31']?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(invoice.paymentMeans?.[0]?.creditorAccount?.iban).toBe('FR7630006000011234567890189');
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '900.00' },
      grandTotal: { value: '1080.00' },
      duePayable: { value: '1080.00' },
    });
    expect(invoice.totals?.taxTotals?.[0]).toEqual({ value: '180.00', currency: 'EUR' });
    expect(evidence['BT-1']).toMatchObject({ page: 1, source: 'native_text' });
    expect(evidence['BT-1']?.text).toContain('FA-2026-0042');
    expect(evidence['BT-112']?.confidence).toBeGreaterThan(0.8);
  }, 120_000);

  it('tells a credit note by its title, and reads nothing out of nothing', () => {
    const line = (text: string, y: number) => ({
      text,
      x: 40,
      y,
      width: text.length * 5,
      height: 10,
      spans: [{ text, x: 40, y, width: text.length * 5, height: 10 }],
    });
    const credit = extractFields({
      source: 'native_text',
      pages: [{ number: 1, width: 595, height: 842, lines: [line('AVOIR N° AV-7', 40)] }],
    });
    expect(credit.invoice).toMatchObject({ number: 'AV-7', typeCode: '381' });
    const empty = extractFields({ source: 'ocr', pages: [], confidence: 0 });
    expect(empty.evidence).toEqual({});
  });
});

/**
 * The reading of the corpus plain PDFs against their truth (taken from each original's XML), counted as
 * the reading benchmark counts (core/testing/reading-score.ts): floors at what `npm run bench -- reading`
 * measures, and the precision of what is given for sure.
 */
describeCorpus('field extraction from the corpus text layers', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  it('reads the header terms of the 40 plain PDFs at least as well as measured, and is rarely wrong when sure', async () => {
    const results: TermResult[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'))) {
      const truth = JSON.parse(
        readFileSync(path.join(dir, file.replace('.plain.pdf', '.truth.json')), 'utf8'),
      );
      const extraction = extractFields(await textOf(new Uint8Array(readFileSync(path.join(dir, file)))));
      results.push(...scoreTerms(extraction, truth));
    }
    const byTerm = tally(results, (r) => r.term);
    const right = (term: string) => byTerm.get(term)?.correct ?? 0;
    const header = tally(
      results.filter((r) => (HEADER_TERMS as readonly string[]).includes(r.term)),
      () => 'h',
    ).get('h')!;
    const sure = tally(results, () => 'all').get('all')!;
    console.log(
      `header terms ${header.correct} of ${header.correct + header.wrong + header.missed}; ` +
        `at confidence ≥ 0.9 ${sure.confidentCorrect} right of ${sure.confident}`,
    );
    expect(header.correct).toBeGreaterThanOrEqual(530);
    expect(sure.confidentCorrect / sure.confident).toBeGreaterThanOrEqual(0.995);
    for (const [term, floor] of Object.entries({
      'BT-1': 39,
      'BT-2': 39,
      'BT-3': 40,
      'BT-5': 40,
      'BT-9': 23,
      'BT-27': 38,
      'BT-31': 36,
      'BT-44': 40,
      'BT-48': 16,
      'BT-84': 25,
      'BT-106': 37,
      'BT-109': 40,
      'BT-110': 39,
      'BT-112': 39,
      'BT-115': 39,
      'BG-23': 36,
      'BT-13': 20,
      'BT-55': 37,
      'BT-47': 11,
    }))
      expect(right(term), term).toBeGreaterThanOrEqual(floor);
  }, 180_000);

  it('turns the plain PDFs into a valid Factur-X with no help at least as often as measured', async () => {
    let en16931 = 0;
    let french = 0;
    let france = 0;
    const files = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'));
    for (const file of files) {
      const truth = JSON.parse(
        readFileSync(path.join(dir, file.replace('.plain.pdf', '.truth.json')), 'utf8'),
      ) as ReadingTruth;
      const { invoice } = extractFields(await textOf(new Uint8Array(readFileSync(path.join(dir, file)))));
      const conversion = conversionOf(candidateOf(invoice), truth);
      if (conversion.en16931) en16931++;
      if (conversion.france === undefined) continue;
      french++;
      if (conversion.france === 'verified') france++;
    }
    console.log(
      `convert with no help: ${en16931} of ${files.length} EN 16931, ${france} of ${french} France 2026`,
    );
    // Issue 10: at least 30 of the 40.
    expect(en16931).toBeGreaterThanOrEqual(37);
    expect(france).toBeGreaterThanOrEqual(9);
  }, 180_000);
});
