/**
 * The reader on invoices of our own in the layouts of France, Germany and English-speaking countries
 * (core/testing/layout-invoices.ts): every term and every line read right, nothing wrong given for
 * sure, and the candidate a valid EN 16931 invoice. These run in a clone without ../shared.
 */
import { describe, expect, it } from 'vitest';
import { modelToCii } from '../cii/write';
import { verdictOf } from '../convert/readiness';
import { drawInvoice, LAYOUT_INVOICES } from '../testing/layout-invoices';
import { CONFIDENT, scoreLines, scoreTerms } from '../testing/reading-score';
import { readPdfText } from '../text/pdf-text';
import { validateXml } from '../validate/validate';
import { extractFields } from './extract-fields';

describe('the reader on our own layouts', () => {
  for (const fixture of LAYOUT_INVOICES) {
    it(`reads ${fixture.name} (${fixture.language}) term for term and line for line`, async () => {
      const text = await readPdfText(await drawInvoice(fixture.rows));
      if (!text.ok) throw new Error(text.error.message);
      const extraction = extractFields(text.text);
      expect(extraction.language).toBe(fixture.language);
      const terms = scoreTerms(extraction, fixture.truth);
      const lines = scoreLines(extraction, fixture.truth);
      const wrong = [...terms, ...lines.results]
        .filter((r) => r.outcome !== 'correct')
        .map((r) => `${r.term}: ${r.outcome}, read ${r.read ?? '–'}, truth ${r.expected ?? '–'}`);
      expect(wrong).toEqual([]);
      expect(lines.exact).toBe(true);
      // Confidence means something: what is given for sure is right, and the printed amount to pay
      // (gross or due) is proven by the arithmetic.
      expect(terms.filter((r) => (r.confidence ?? 0) >= CONFIDENT && r.outcome !== 'correct')).toEqual([]);
      const toPay = ['BT-112', 'BT-115'].map((t) => extraction.evidence[t]?.confidence ?? 0);
      expect(Math.max(...toPay)).toBeGreaterThanOrEqual(CONFIDENT);
      for (const [i] of fixture.truth.lines.entries())
        expect(extraction.evidence[`BG-25[${i + 1}]/BT-131`]).toBeDefined();

      const written = modelToCii(extraction.invoice, 'EN16931');
      const outcome = validateXml(written.draft, { target: 'en16931', written });
      if (!outcome.ok) throw new Error(outcome.error.message);
      const verdict = verdictOf(outcome.report);
      expect(verdict.blocking.map((i) => i.ruleId)).toEqual([]);
      expect(verdict.status).toBe('verified');
    }, 120_000);
  }

  it('reads what France 2026 asks of a French credit note that prints it, and the candidate passes', async () => {
    const fixture = LAYOUT_INVOICES.find((f) => f.name === 'fr-avoir-cadre-de-facturation')!;
    const text = await readPdfText(await drawInvoice(fixture.rows));
    if (!text.ok) throw new Error(text.error.message);
    const { invoice } = extractFields(text.text);
    expect(invoice).toMatchObject({
      businessProcess: 'B1',
      precedingInvoices: [{ id: 'F-2026-0007', issueDate: '2026-01-20' }],
      deliveryDate: '2026-01-18',
      seller: { electronicAddress: { value: 'factures@moulin-papier.fr', scheme: 'EM' } },
      buyer: { electronicAddress: { value: '303265045', scheme: '0225' } },
    });
    expect(invoice.notes?.map((n) => n.subjectCode)).toEqual(['PMD', 'PMT', 'AAB']);
    const written = modelToCii(invoice, 'EN16931');
    const outcome = validateXml(written.draft, { target: 'france_2026', written });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const verdict = verdictOf(outcome.report);
    expect([...verdict.blocking, ...verdict.advisories].map((i) => i.ruleId)).toEqual([]);
    expect(verdict.status).toBe('verified');
  }, 120_000);
});
