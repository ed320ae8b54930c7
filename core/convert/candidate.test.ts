import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertResponseSchema, type ConvertResponse } from '../api/convert-response';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceDataSchema } from '../invoice-data/schema';
import { termValues } from '../invoice-data/term-values';
import { invoiceDataToModel } from '../invoice-data/to-model';
import { completeTotals } from '../model/totals';
import { extractFacturx } from '../pdf/facturx-read';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { localContext, services } from '../service';
import type { FilePart } from '../service/types';
import { describeCorpus } from '../testing/corpus';
import type { Invoice } from '../model/invoice';
import { gapRules } from '../validate/schema-gaps';

async function converted(fields: Record<string, string>, file: FilePart): Promise<ConvertResponse> {
  const result = await services.convert({ fields, files: { file }, query: {} }, localContext());
  expect(result.status, JSON.stringify(result.body).slice(0, 400)).toBe(200);
  return convertResponseSchema.parse(result.body);
}

const xmlOf = (body: ConvertResponse): string => Buffer.from(body.result.xml, 'base64').toString('utf8');

/**
 * The dry run of a PDF, then the same PDF with the candidate sent back unchanged as `invoice_data`: the
 * same candidate XML, byte for byte, the same profile and the same findings.
 */
async function replayed(file: FilePart, fields: Record<string, string> = {}) {
  const read = await converted({ ...fields, dry_run: 'true' }, file);
  expect(read.candidateInvoiceData).toBeDefined();
  const again = await converted(
    { ...fields, dry_run: 'true', invoice_data: JSON.stringify(read.candidateInvoiceData) },
    file,
  );
  expect(again.result.xml).toBe(read.result.xml);
  expect(again.result.targetProfile).toBe(read.result.targetProfile);
  expect(again.requirements).toEqual(read.requirements);
  expect(again.candidateInvoiceData).toEqual(read.candidateInvoiceData);
  return { read, again };
}

/** Every value of the provenance is the candidate's own, and every term of the candidate has one. */
function expectProvenanceOfCandidate(body: ConvertResponse): void {
  const values = termValues(body.candidateInvoiceData ?? {});
  for (const [key, value] of values) expect(body.fieldProvenance?.[key]?.value, key).toBe(value);
}

/**
 * The candidate XML is there, or the candidate lacks what its profile's schema cannot do without and a
 * blocking requirement names the rule and the term (BR-CO-18 for BG-23…), never the schema's words.
 */
function expectWrittenOrSaidWhy(body: ConvertResponse, name: string): void {
  const gaps = new Set(Object.values(gapRules()));
  const said = (body.requirements ?? []).filter((r) => r.kind === 'blocking' && gaps.has(r.ruleId) && r.bt);
  if (body.result.xmlSize === 0) expect(said.length, name).toBeGreaterThan(0);
  else expect(xmlOf(body), name).toMatch(/^<\?xml/);
  for (const r of body.requirements ?? [])
    expect(r.message, name).not.toMatch(/is not allowed at this place|lacks required data/);
}

async function rendered(invoice: Invoice, name: string): Promise<FilePart> {
  const pdf = await renderInvoice(invoice, 'fr');
  if (!pdf.ok) throw new Error(pdf.error.message);
  return { filename: `${name}.pdf`, bytes: pdf.pdf };
}

describe('the candidate of a PDF, handed back as invoice_data', () => {
  it('our rendered invoices: the candidate converts to the same XML, dry run and final', async () => {
    const invoices: [string, Invoice][] = [
      ['sample-1', sampleInvoice(1)],
      ['sample-3', sampleInvoice(3)],
      ...GOLDEN_EXAMPLES.map((e): [string, Invoice] => [
        e.name,
        completeTotals(invoiceDataToModel(invoiceDataSchema.parse(e.invoice_data))).invoice,
      ]),
    ];
    let final = 0;
    for (const [name, invoice] of invoices) {
      const file = await rendered(invoice, name);
      const { read } = await replayed(file);
      expect(xmlOf(read), name).toContain('<rsm:CrossIndustryInvoice');
      expect(read.result.xmlSize).toBe(Buffer.byteLength(xmlOf(read)));
      expect(read.result.conversionSuccessful).toBe(false);
      expectProvenanceOfCandidate(read);
      if (!read.success) continue;
      // Verified: the final convert of the PDF and of its candidate deliver the same XML.
      const direct = await converted({}, file);
      const replay = await converted({ invoice_data: JSON.stringify(read.candidateInvoiceData) }, file);
      const embedded = [direct, replay].map((b) =>
        extractFacturx(Buffer.from(b.result.pdf!, 'base64'), name),
      );
      expect(embedded.map((e) => e.ok && Buffer.from(e.xml).toString('utf8'))).toEqual([
        xmlOf(read),
        xmlOf(read),
      ]);
      final += 1;
    }
    expect(final).toBeGreaterThan(0);
  }, 120_000);

  it('shows where each term was read, with its value; line terms by position', async () => {
    const file = await rendered(sampleInvoice(2), 'sample-2');
    const body = await converted({ dry_run: 'true' }, file);
    const provenance = body.fieldProvenance ?? {};
    expect(provenance['BT-1']).toMatchObject({ source: 'document', value: 'FA-2026-0042', page: 1 });
    expect(provenance['BT-1']?.box?.width).toBeGreaterThan(0);
    expect(provenance['BT-2']).toMatchObject({ value: '2026-03-15' });
    expect(provenance['BT-5']).toMatchObject({ value: 'EUR' });
    expect(provenance['BT-112']).toMatchObject({ value: '720.00', page: 1 });
    expect(provenance['BG-25[2]/BT-131']).toMatchObject({ source: 'document', value: '300.00' });
    expect(provenance['BG-25[1]/BT-129']).toMatchObject({ value: '2.5' });
    expect(provenance['BG-23[1]/BT-119']).toMatchObject({ source: 'document' });
    expect(provenance['BT-131']).toBeUndefined();
    expect(body.candidateInvoiceData?.lines).toHaveLength(2);
  });

  it('what a request context filled is in the candidate: sent back alone, it converts the same', async () => {
    const invoice = sampleInvoice(1);
    const file = await rendered(
      { ...invoice, seller: { ...invoice.seller, address: undefined } },
      'no-address',
    );
    const context = {
      seller_context: JSON.stringify({ electronic_address: { value: '123456789', scheme_id: '0225' } }),
      options: JSON.stringify({ seller_hint: 'FR' }),
    };
    const read = await converted({ ...context, dry_run: 'true' }, file);
    expect(read.fieldProvenance?.['BT-34']).toEqual({ source: 'request_context', value: '123456789' });
    expect(read.candidateInvoiceData?.seller?.electronic_address).toEqual({
      value: '123456789',
      scheme: '0225',
    });
    const again = await converted(
      { dry_run: 'true', invoice_data: JSON.stringify(read.candidateInvoiceData) },
      file,
    );
    expect(again.result.xml).toBe(read.result.xml);
    expect(again.fieldProvenance?.['BT-34']).toEqual({ source: 'document', value: '123456789' });
  });
});

describe('invoice_data on a dry run: a draft', () => {
  const example = GOLDEN_EXAMPLES[0]!.invoice_data;

  it('may lack required fields: the rules say what is missing, a final convert refuses it', async () => {
    const { number: _, ...draft } = example;
    const file = await rendered(sampleInvoice(1), 'carrier');
    const body = await converted({ dry_run: 'true', invoice_data: JSON.stringify(draft) }, file);
    expect(body.requirements).toContainEqual(expect.objectContaining({ ruleId: 'BR-02', bt: 'BT-1' }));
    expect(body.candidateInvoiceData?.number).toBeUndefined();
    const final = await services.convert(
      { fields: { invoice_data: JSON.stringify(draft) }, files: { file }, query: {} },
      localContext(),
    );
    expect(final).toMatchObject({
      status: 422,
      body: { error: 'insufficient_data', missing_fields: ['number'] },
    });
  });

  it('may give amounts that disagree: kept as given for the rules to judge, refused on a final convert', async () => {
    const draft = { ...example, totals: { tax_inclusive: '1.00' } };
    const file = await rendered(sampleInvoice(1), 'carrier');
    const body = await converted({ dry_run: 'true', invoice_data: JSON.stringify(draft) }, file);
    expect(body.candidateInvoiceData?.totals?.tax_inclusive).toBe('1.00');
    expect(body.requirements?.map((r) => (r as { ruleId: string }).ruleId)).toContain('BR-CO-15');
    const final = await services.convert(
      { fields: { invoice_data: JSON.stringify(draft) }, files: { file }, query: {} },
      localContext(),
    );
    expect(final).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'totals.tax_inclusive' },
    });
  });

  it('without lines is a document-level invoice: BASIC WL, its totals derived from what it gives', async () => {
    const { lines: _, ...header } = example;
    const draft = {
      ...header,
      vat_breakdown: [{ category_code: 'S', rate: '20', taxable_amount: '100.00' }],
      totals: { line_total: '100.00' },
    };
    const file = await rendered(sampleInvoice(1), 'carrier');
    const body = await converted({ dry_run: 'true', invoice_data: JSON.stringify(draft) }, file);
    expect(body.result.targetProfile).toBe('BASIC_WL');
    expect(body.candidateInvoiceData?.totals).toEqual({
      line_total: '100.00',
      tax_exclusive: '100.00',
      tax_total: '20.00',
      tax_inclusive: '120.00',
      amount_due: '120.00',
    });
    expect(body.candidateInvoiceData?.vat_breakdown?.[0]?.tax_amount).toBe('20.00');
  });

  it('without lines nor VAT breakdown: no XML its schema refuses, BR-CO-18 (BG-23) says what it lacks', async () => {
    const { lines: _, vat_breakdown: __, ...header } = example;
    const draft = { ...header, totals: { line_total: '100.00', tax_total: '20.00' } };
    const file = await rendered(sampleInvoice(1), 'carrier');
    const body = await converted({ dry_run: 'true', invoice_data: JSON.stringify(draft) }, file);
    expect(body.result.targetProfile).toBe('BASIC_WL');
    expect(body.result.xmlSize).toBe(0);
    expect(body.requirements).toContainEqual(
      expect.objectContaining({ ruleId: 'BR-CO-18', bt: 'BG-23', kind: 'blocking' }),
    );
    expectWrittenOrSaidWhy(body, 'document level without VAT breakdown');
    // Given the breakdown (what a form fills), the same draft is written.
    const filled = {
      ...draft,
      vat_breakdown: [{ category_code: 'S', rate: '20', taxable_amount: '100.00' }],
    };
    const again = await converted({ dry_run: 'true', invoice_data: JSON.stringify(filled) }, file);
    expect(again.result.xmlSize).toBeGreaterThan(0);
    expect(again.requirements?.map((r) => r.ruleId)).not.toContain('BR-CO-18');
  });

  it('still refuses a malformed field', async () => {
    const file = await rendered(sampleInvoice(1), 'carrier');
    const result = await services.convert(
      {
        fields: { dry_run: 'true', invoice_data: JSON.stringify({ issue_date: '01/09/2026' }) },
        files: { file },
        query: {},
      },
      localContext(),
    );
    expect(result).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'issue_date' },
    });
  });
});

describeCorpus('the candidate of each corpus plain PDF, handed back as invoice_data', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const names = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'));

  it('converts to the same XML, byte for byte', async () => {
    for (const name of names) {
      const file: FilePart = { filename: name, bytes: readFileSync(path.join(dir, name)) };
      const { read } = await replayed(file);
      expectWrittenOrSaidWhy(read, name);
      expectProvenanceOfCandidate(read);
    }
    expect(names.length).toBe(40);
  }, 300_000);
});
