import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractResponseSchema } from '../api/extract';
import { validationReportSchema } from '../api/validation-report';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceDataToCii } from '../invoice-data/convert';
import { describeCorpus } from '../testing/corpus';
import type { IntegrationContract } from '../api/contract';
import { contractEngineOf } from './document-engines';
import { localContext, services } from '.';
import type { FilePart, ServiceRequest } from './types';

const file = (filename: string, bytes: Uint8Array | string): FilePart => ({
  filename,
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});
const req = (f: FilePart, over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields: {},
  query: {},
  ...over,
  files: { file: f },
});

function goldenXml(): string {
  const written = invoiceDataToCii(GOLDEN_EXAMPLES[0]!.invoice_data, 'EN16931');
  if (!written.ok || written.xml === null) throw new Error(JSON.stringify(written));
  return written.xml;
}

describe('validate engine on our own fixtures', () => {
  it('reports a generated EN16931 invoice valid, in the shape of the contract', async () => {
    const result = await services.validate(req(file('golden.xml', goldenXml())), localContext());
    expect(result.status).toBe(200);
    const report = validationReportSchema.parse(result.body);
    expect(report).toMatchObject({
      valid: true,
      target: 'en16931',
      profile: 'EN16931',
      filename: 'golden.xml',
    });
    expect(report.stages.pdfa).toMatchObject({ skipped: true });
  });

  it('finds a broken business rule with its official id', async () => {
    const broken = goldenXml().replace(
      /<ram:SellerTradeParty>([\s\S]*?)<ram:Name>[^<]*<\/ram:Name>/,
      '<ram:SellerTradeParty>$1',
    );
    const result = await services.validate(req(file('broken.xml', broken)), localContext());
    const report = validationReportSchema.parse(result.body);
    expect(report.valid).toBe(false);
    expect(report.issues.map((i) => i.ruleId)).toContain('BR-06');
  });

  it('answers unreadable XML with invalid_data_format, never a report', async () => {
    const result = await services.validate(req(file('bad.xml', '<a><b></a>')), localContext());
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      body: { error: 'invalid_data_format', field: 'file' },
    });
  });

  it('repairs a decimal comma and says so in the requested language', async () => {
    const defective = goldenXml().replace(
      /<ram:LineTotalAmount>(\d+)\.(\d+)</,
      '<ram:LineTotalAmount>$1,$2<',
    );
    const result = await services.repair(
      req(file('comma.xml', defective), { query: { lang: 'fr' } }),
      localContext(),
    );
    expect(result.status).toBe(200);
    const body = result.body as {
      repairSuccessful: boolean;
      diff_summary: { ruleReference: string; message: string }[];
    };
    expect(body.diff_summary.map((d) => d.ruleReference)).toContain('R002');
    expect(body.repairSuccessful).toBe(true);
  });

  it('answers 503 when the integration contract cannot be built, and builds it once otherwise', async () => {
    const failing = contractEngineOf(() => {
      throw new Error('registry missing');
    });
    expect(await failing('fr')).toMatchObject({
      ok: false,
      status: 503,
      body: { error: 'requested_output_unavailable' },
    });
    let builds = 0;
    const counted = contractEngineOf(() => {
      builds += 1;
      return { version: '1', fields: [], examples: [] } as unknown as IntegrationContract;
    });
    await counted('en');
    await counted('en');
    expect(builds).toBe(1);
  });

  it('serves the integration contract', async () => {
    const result = await services.contract({ fields: {}, files: {}, query: {} }, localContext());
    expect(result).toMatchObject({ ok: true, status: 200, body: { version: expect.any(String) } });
  });
});

describeCorpus('document engines on the PDF corpus', (corpus) => {
  const pdf = (name: string) => file(name, readFileSync(path.join(corpus, 'pdf', name)));

  it('extracts the embedded XML byte for byte, with its profile and an optional report', async () => {
    const name = 'fnfe_Facture_F20260026-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931';
    const result = await services.extract(
      req(pdf(`${name}.facturx.pdf`), { query: { validate: 'true' } }),
      localContext(),
    );
    expect(result.status).toBe(200);
    const body = extractResponseSchema.parse(result.body);
    expect(
      Buffer.from(body.xml, 'base64').equals(readFileSync(path.join(corpus, 'pdf', `${name}.xml`))),
    ).toBe(true);
    expect(body.profile).toBe('EN16931');
    expect(body.validation?.stages.pdfa.skipped).toBe(false);
  });

  it('refuses a PDF without embedded XML with unextractable_pdf', async () => {
    const result = await services.extract(req(pdf('fnfe_Facture_DOM_BASIC.plain.pdf')), localContext());
    expect(result).toMatchObject({
      status: 422,
      body: { error: 'unextractable_pdf', reason: 'no_embedded_xml' },
    });
  });

  it('validates a Factur-X PDF on both sides: PDF stages and the embedded XML', async () => {
    const result = await services.validate(req(pdf('fnfe_Facture_DOM_BASIC.facturx.pdf')), localContext());
    const report = validationReportSchema.parse(result.body);
    expect(report.profile).toBe('BASIC');
    expect(report.stages.facturx_pdf.skipped).toBe(false);
    expect(report.stages.schematron.skipped).toBe(false);
  });
});
