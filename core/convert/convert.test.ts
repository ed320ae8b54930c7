import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertResponseSchema, type ConvertResponse } from '../api/convert-response';
import { invoiceDataToCii } from '../invoice-data/convert';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { extractFacturx } from '../pdf/facturx-read';
import { scanPdf } from '../ocr/scan-fixture';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { blankPdf, encryptedPdf } from '../pdf/test-pdfs';
import { localContext, services } from '../service';
import { createApiKey } from '../service/auth';
import { MemoryStorage } from '../service/memory-storage';
import type { FilePart, ServiceContext, ServiceRequest } from '../service/types';
import { describeCorpus } from '../testing/corpus';
import { validateXml } from '../validate/validate';

const req = (over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields: {},
  files: {},
  query: {},
  ...over,
});
const [domestic] = GOLDEN_EXAMPLES;

async function convert(request: ServiceRequest, ctx: ServiceContext = localContext()) {
  const result = await services.convert(request, ctx);
  return result;
}

/** A 200 body, checked against the published response schema. */
async function converted(request: ServiceRequest, ctx?: ServiceContext): Promise<ConvertResponse> {
  const result = await convert(request, ctx);
  expect(result.status, JSON.stringify(result.body).slice(0, 400)).toBe(200);
  return convertResponseSchema.parse(result.body);
}

const fields = (data: unknown, more: Record<string, string> = {}) => ({
  invoice_data: JSON.stringify(data),
  ...more,
});

const withoutNotes = { ...domestic!.invoice_data, notes: undefined };
const withoutSellerVat = {
  ...domestic!.invoice_data,
  seller: { ...domestic!.invoice_data.seller, vat_id: undefined },
};

async function meteredContext(): Promise<{ ctx: ServiceContext; used: () => Promise<number> }> {
  const storage = new MemoryStorage();
  const now = new Date('2026-09-10T10:00:00.000Z');
  const { record } = await createApiKey(storage, { email: 'c@example.com', plan: 'launch' }, now);
  return {
    ctx: { tenant: record.tenant, storage, now: () => now },
    used: async () => {
      const usage = await storage.usage(record.tenant, '2026-09-01T00:00:00.000Z');
      expect(usage.reserved).toBe(0);
      return usage.used;
    },
  };
}

describe('convert a full invoice_data', () => {
  it.each(GOLDEN_EXAMPLES.map((e) => [e.name, e] as const))(
    '%s to xml_cii: verified, the XML delivered',
    async (_, example) => {
      const body = await converted(req({ fields: fields(example.invoice_data, { output: 'xml_cii' }) }));
      expect(body.success).toBe(true);
      expect(body.target).toEqual({
        requested: 'en16931',
        executed: 'en16931',
        status: 'verified',
        missing_inputs: [],
        not_run_reason: null,
      });
      const xml = Buffer.from(body.result.xml, 'base64').toString('utf8');
      expect(body.result.xmlSize).toBe(Buffer.byteLength(xml));
      expect(xml).toContain(`<ram:ID>${example.invoice_data.number}</ram:ID>`);
      expect(body.result).toMatchObject({
        targetProfile: 'EN16931',
        conversionSuccessful: true,
        packagingPerformed: false,
        extraction: { sourceType: 'structured_data', pageCount: 0 },
        validation: { valid: true, profile: 'EN16931' },
        validationStatus: 'valid',
        appliedValidationProfiles: ['cii_en16931_base'],
        skippedValidationProfiles: [{ profile: 'fr_ctc_2026', reason: 'not_requested' }],
        messageType: example.invoice_data.type_code === '381' ? 'credit_note' : 'invoice',
      });
      expect(body.result.pdf).toBeUndefined();
      expect(body.result.validationArtifacts.length).toBeGreaterThan(0);
      expect(body.validationReadiness).toMatchObject({
        paAcceptance: 'not_submitted',
        frCtc: {
          status: 'not_evaluated',
          dependsOn: ['target_profile_valid'],
          advisories: [],
          targetProfileValid: true,
        },
        candidateValidationReadiness: { valid: true, target: 'en16931', droppedByProfile: [] },
        finalGeneratedValidation: { valid: true, target: 'en16931' },
      });
      expect(body.validationReadiness.submittedSourceReadiness).toBeUndefined();
    },
  );

  it.each(GOLDEN_EXAMPLES.map((e) => [e.name, e] as const))(
    '%s to facturx_pdfa3: rendered, packaged, the complete document verified',
    async (_, example) => {
      const body = await converted(req({ fields: fields(example.invoice_data) }));
      expect(body.success).toBe(true);
      expect(body.result).toMatchObject({
        packagingPerformed: true,
        appliedValidationProfiles: ['hybrid_en16931_base'],
      });
      const pdf = Buffer.from(body.result.pdf!, 'base64');
      expect(body.result.pdfSize).toBe(pdf.length);
      const extracted = extractFacturx(pdf, 'out.pdf');
      if (!extracted.ok) throw new Error(extracted.error.message);
      expect(Buffer.from(extracted.xml).toString('base64')).toBe(body.result.xml);
      expect(body.result.extraction.pageCount).toBe(extracted.pageCount);
      expect(body.validationReadiness.finalGeneratedValidation).toMatchObject({ valid: true, errorCount: 0 });
    },
  );

  it('France 2026: every golden example passes, the French domestic one included', async () => {
    for (const example of GOLDEN_EXAMPLES) {
      const body = await converted(
        req({
          fields: fields(example.invoice_data, { output: 'xml_cii', validation_target: 'france_2026' }),
        }),
      );
      expect({ name: example.name, success: body.success, status: body.target.status }).toEqual({
        name: example.name,
        success: true,
        status: 'verified',
      });
      expect(body.validationReadiness.frCtc).toEqual({
        status: 'passed',
        dependsOn: ['target_profile_valid'],
        advisories: [],
        targetProfileValid: true,
      });
      expect(body.result.appliedValidationProfiles).toEqual(['cii_en16931_base', 'fr_ctc_2026']);
      expect(body.result.skippedValidationProfiles).toEqual([]);
    }
  });

  it('France 2026 advisories only: delivered and charged, but incomplete and not a success', async () => {
    const { ctx, used } = await meteredContext();
    const body = await converted(
      req({ fields: fields(withoutNotes, { validation_target: 'france_2026' }) }),
      ctx,
    );
    expect(body.success).toBe(false);
    expect(body.target.status).toBe('incomplete');
    expect(body.target.missing_inputs).toEqual(['BT-22']);
    expect(body.validationReadiness.frCtc).toMatchObject({
      status: 'incomplete',
      targetProfileValid: true,
      advisories: ['BR-FR-05_BT-22_PMT', 'BR-FR-05_BT-22_PMD', 'BR-FR-05_BT-22_AAB'],
    });
    expect(body.result).toMatchObject({
      conversionSuccessful: true,
      processedInvoicesCharged: 1,
      validationStatus: 'incomplete',
    });
    expect(body.result.pdf).toEqual(expect.any(String));
    expect(body.result.remainingInvoices).toBe(99);
    expect(await used()).toBe(1);
  });

  it('a fatal finding: no deliverable, nothing charged, the readiness explains', async () => {
    const { ctx, used } = await meteredContext();
    for (const target of ['en16931', 'france_2026']) {
      const body = await converted(
        req({ fields: fields(withoutSellerVat, { validation_target: target }) }),
        ctx,
      );
      expect(body.success).toBe(false);
      expect(body.target.status).toBe('failed');
      expect(body.result).toMatchObject({
        conversionSuccessful: false,
        xml: '',
        xmlSize: 0,
        packagingPerformed: false,
        processedInvoicesCharged: 0,
        validationStatus: 'invalid',
        remainingInvoices: 100,
      });
      expect(body.result.pdf).toBeUndefined();
      expect(body.validationReadiness.frCtc).toMatchObject({
        status: target === 'france_2026' ? 'blocked' : 'not_evaluated',
        targetProfileValid: false,
      });
      expect(body.validationReadiness.finalGeneratedValidation).toBeUndefined();
      expect(body.validationReadiness.candidateValidationReadiness).toMatchObject({ valid: false });
      // Not converted, and why: the findings that block it, each with the term that clears it.
      expect(body.requirements).toContainEqual(
        expect.objectContaining({ ruleId: 'BR-S-02', kind: 'blocking' }),
      );
    }
    expect(await used()).toBe(0);
  });

  it('a success is charged once; remainingInvoices counts it; a dry run tells what is left and uses none', async () => {
    const { ctx, used } = await meteredContext();
    const body = await converted(req({ fields: fields(domestic!.invoice_data, { output: 'xml_cii' }) }), ctx);
    expect(body.result).toMatchObject({ processedInvoicesCharged: 1, remainingInvoices: 99 });
    expect(await used()).toBe(1);
    const dryRun = await converted(req({ fields: fields(domestic!.invoice_data, { dry_run: 'true' }) }), ctx);
    expect(dryRun.result).toMatchObject({ processedInvoicesCharged: 0, remainingInvoices: 99 });
    expect(await used()).toBe(1);
    const offline = await converted(req({ fields: fields(domestic!.invoice_data, { dry_run: 'true' }) }));
    expect(offline.result.remainingInvoices).toBe(-1);
  });

  it('an uploaded carrier that cannot become PDF/A-3: 503 (JavaScript) or 422 (encrypted), refunded', async () => {
    const { ctx, used } = await meteredContext();
    const cases = [
      [await blankPdf({ javascript: true }), 503, 'requested_output_unavailable'],
      [await encryptedPdf(), 422, 'unextractable_pdf'],
    ] as const;
    for (const [bytes, status, error] of cases) {
      const file: FilePart = { filename: 'carrier.pdf', bytes };
      const result = await convert(req({ files: { file }, fields: fields(domestic!.invoice_data) }), ctx);
      expect(result).toMatchObject({ status, body: { error } });
    }
    expect(await used()).toBe(0);
    const carrier: FilePart = { filename: 'carrier.pdf', bytes: await blankPdf() };
    const body = await converted(
      req({ files: { file: carrier }, fields: fields(domestic!.invoice_data) }),
      ctx,
    );
    expect(body.success).toBe(true);
    expect(body.result.extraction.pageCount).toBe(1);
    expect(await used()).toBe(1);
  });

  it('bad payloads map to the API error bodies', async () => {
    const missing = await convert(req({ fields: fields({ number: 'X' }, { output: 'xml_cii' }) }));
    expect(missing).toMatchObject({ status: 422, body: { error: 'insufficient_data' } });
    const bad = await convert(
      req({ fields: fields({ ...domestic!.invoice_data, issue_date: '01/09/2026' }, { output: 'xml_cii' }) }),
    );
    expect(bad).toMatchObject({ status: 422, body: { error: 'invalid_data_format', field: 'issue_date' } });
    const notCii: FilePart = { filename: 'x.xml', bytes: new TextEncoder().encode('<a/>') };
    expect(await convert(req({ files: { cii: notCii }, fields: { output: 'xml_cii' } }))).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'cii' },
    });
  });

  it('a ready CII without the buyer’s country gets it from options.buyer_hint, as request context', async () => {
    const written = invoiceDataToCii(domestic!.invoice_data, 'EN16931');
    if (!written.ok || written.xml === null) throw new Error('golden example did not convert');
    const buyerParty = /<ram:BuyerTradeParty>[\s\S]*?<\/ram:BuyerTradeParty>/;
    const xml = written.xml.replace(buyerParty, (party) =>
      party.replace(/<ram:CountryID>FR<\/ram:CountryID>/, ''),
    );
    expect(xml).not.toBe(written.xml);
    const cii: FilePart = { filename: 'no-country.xml', bytes: new TextEncoder().encode(xml) };
    const without = await converted(req({ files: { cii }, fields: { dry_run: 'true' } }));
    expect(JSON.stringify(without.requirements)).toContain('BT-55');
    const hinted = await converted(
      req({ files: { cii }, fields: { dry_run: 'true', options: '{"buyer_hint":"FR"}' } }),
    );
    expect(hinted.fieldProvenance?.['BT-55']).toEqual({ source: 'request_context', value: 'FR' });
    expect(hinted.fieldProvenance?.['BT-40']).toEqual({ source: 'document', value: 'FR' });
    expect(hinted.candidateInvoiceData?.buyer?.address?.country_code).toBe('FR');
    expect(hinted.success).toBe(true);
  });

  it('a broken PDF: 422 unextractable_pdf, nothing charged', async () => {
    const pdf: FilePart = { filename: 'p.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') };
    const { ctx, used } = await meteredContext();
    const result = await convert(req({ files: { file: pdf } }), ctx);
    expect(result).toMatchObject({ status: 422, body: { error: 'unextractable_pdf', reason: 'unreadable' } });
    expect(await used()).toBe(0);
  });
});

describe('convert a PDF without embedded XML (input mode 1)', () => {
  const plainPdf = async (): Promise<FilePart> => {
    const rendered = await renderInvoice(sampleInvoice(2), 'fr');
    if (!rendered.ok) throw new Error(rendered.error.message);
    return { filename: 'facture.pdf', bytes: rendered.pdf };
  };

  it('reads the text layer: a dry run shows where each term was read, on which page, how surely', async () => {
    const body = await converted(req({ files: { file: await plainPdf() }, fields: { dry_run: 'true' } }));
    expect(body.result.extraction).toEqual({ sourceType: 'native_text', pageCount: 1 });
    // Its lines were read (they add up to the totals): an EN 16931 invoice, line by line.
    expect(body.result.targetProfile).toBe('EN16931');
    expect(body.fieldProvenance?.['BG-25']).toMatchObject({ source: 'document', page: 1 });
    expect(body.fieldProvenance?.['BT-1']).toMatchObject({ source: 'document', page: 1 });
    expect(String(body.fieldProvenance?.['BT-1']?.text)).toContain('FA-2026-0042');
    expect(body.fieldProvenance?.['BT-112']?.confidence).toBeGreaterThan(0.8);
    expect(body.validationReadiness.candidateValidationReadiness).toMatchObject({
      valid: true,
      profile: 'EN16931',
      errorCount: 0,
    });
  });

  it('packages the read invoice into the uploaded PDF, which stays its visual carrier', async () => {
    const file = await plainPdf();
    const body = await converted(req({ files: { file } }));
    const xml = Buffer.from(body.result.xml, 'base64').toString('utf8');
    expect(xml).toContain('<ram:ID>FA-2026-0042</ram:ID>');
    expect(xml).toContain('<ram:GrandTotalAmount>720.00</ram:GrandTotalAmount>');
    expect(body.success).toBe(true);
    const extracted = extractFacturx(Buffer.from(body.result.pdf!, 'base64'), 'out.pdf');
    expect(extracted.ok && Buffer.from(extracted.xml).toString('utf8')).toBe(xml);
    expect(body.result.packagingPerformed).toBe(true);
  });

  it('refuses a BASIC WL candidate for an EN 16931 target, saying it conforms to its profile only', async () => {
    const file = await plainPdf();
    const body = await converted(
      req({ files: { file }, fields: { options: '{"output_profile":"BASIC_WL"}' } }),
    );
    expect(body.success).toBe(false);
    expect(body.target).toMatchObject({ requested: 'en16931', status: 'failed' });
    expect(body.target.missing_inputs).toContain('BG-25');
    expect(body.result.pdf).toBeUndefined();
    expect(body.validationReadiness.candidateValidationReadiness).toMatchObject({
      valid: false,
      profile: 'BASIC_WL',
      profileConforms: true,
      profileStatement: 'Conforms to Factur-X BASIC WL; not an EN 16931 invoice.',
    });
  });

  it('reads a scanned page by OCR, offline', async () => {
    const scan: FilePart = { filename: 'scan.pdf', bytes: await scanPdf() };
    const body = await converted(req({ files: { file: scan }, fields: { dry_run: 'true' } }));
    expect(body.result.extraction).toEqual({ sourceType: 'ocr', pageCount: 1 });
    expect(body.fieldProvenance?.['BT-1']).toMatchObject({ source: 'document', reader: 'ocr' });
  }, 60_000);

  it('shows a term of a page scanned askew where the PDF shows it, though it was read levelled', async () => {
    const turn = 1;
    const bytes = await scanPdf(
      [
        'FACTURE N° F-2024-0042 du 15 mars 2024',
        'Prestations de conseil, mars 2024',
        'Total TTC : 1 234,56 EUR',
      ],
      'jpeg',
      { turn },
    );
    const body = await converted(
      req({ files: { file: { filename: 'scan.pdf', bytes } }, fields: { dry_run: 'true' } }),
    );
    const bt1 = body.fieldProvenance?.['BT-1'];
    expect(String(bt1?.text)).toContain('F-2024-0042');
    // the line was drawn from (150, 250) px (baseline) of the 200 dpi page, then the page turned 1°
    // about its centre: on the picture its start lies 16 px right and 12 px up of where it was drawn
    const [cx, cy] = [1654 / 2, 2339 / 2];
    const a = (turn * Math.PI) / 180;
    const [x, y] = [150 - cx, 240 - cy];
    const start = {
      x: ((cx + x * Math.cos(a) - y * Math.sin(a)) * 72) / 200,
      y: ((cy + x * Math.sin(a) + y * Math.cos(a)) * 72) / 200,
    };
    const box = bt1!.box!;
    expect(Math.abs(box.x - start.x)).toBeLessThan(2);
    expect(start.y).toBeGreaterThan(box.y);
    expect(start.y).toBeLessThan(box.y + box.height);
  }, 60_000);
});

describe('dry run', () => {
  it('an uploaded XML: validated as submitted, with the preflight diagnostics, no file and no quota', async () => {
    const data = await converted(req({ fields: fields(withoutNotes, { output: 'xml_cii' }) }));
    const file: FilePart = { filename: 'i.xml', bytes: Buffer.from(data.result.xml, 'base64') };
    const { ctx, used } = await meteredContext();
    const body = await converted(
      req({ files: { file }, fields: { dry_run: 'true', validation_target: 'france_2026' } }),
      ctx,
    );
    expect(await used()).toBe(0);
    expect(body.success).toBe(false);
    // The candidate is the uploaded XML itself, shown but not delivered.
    expect(body.result).toMatchObject({
      xml: data.result.xml,
      xmlSize: file.bytes.length,
      conversionSuccessful: false,
      processedInvoicesCharged: 0,
      packagingPerformed: false,
    });
    expect(body.validationReadiness.submittedSourceReadiness).toMatchObject({
      target: 'france_2026',
      status: 'incomplete',
    });
    expect(body.validationReadiness.candidateValidationReadiness).toBeUndefined();
    expect(body.fieldProvenance).toMatchObject({
      'BT-1': { source: 'document' },
      'BT-34': { source: 'document' },
    });
    expect(body.fieldProvenance?.['BT-22']).toBeUndefined();
    expect(body.validationTarget).toEqual({
      requested: 'france_2026',
      resolved: 'france_2026',
      source: 'validation_target',
    });
    const inputs = ['PMT', 'PMD', 'AAB'].map((c) => `seller_context.document_notes[${c}]`);
    expect(body.targetPreflight).toEqual({
      status: 'incomplete',
      exhaustive: true,
      requiredInputs: inputs,
      unsupportedBlockers: [],
    });
    expect(body.conversionInputRecipe?.requiredInputs).toEqual(inputs);
    expect(
      body.conversionInputRecipe?.examplePayload.seller_context?.document_notes?.map((n) => n.subject_code),
    ).toEqual(['PMT', 'PMD', 'AAB']);
    expect(body.requirements).toHaveLength(3);
  });

  it('invoice_data on a dry run: the candidate judged, nothing delivered; auto resolves FR from the parties', async () => {
    const body = await converted(
      req({
        fields: fields(domestic!.invoice_data, { dry_run: 'true', options: '{"jurisdiction":"UNKNOWN"}' }),
      }),
    );
    expect(body.success).toBe(true);
    expect(body.validationTarget).toEqual({
      requested: 'auto',
      resolved: 'france_2026',
      source: 'document_evidence',
    });
    expect(body.targetPreflight).toMatchObject({ status: 'verified', exhaustive: true, requiredInputs: [] });
    expect(body.result).toMatchObject({ conversionSuccessful: false, processedInvoicesCharged: 0 });
    // The candidate XML is shown, and it is what the final convert delivers.
    const final = await converted(req({ fields: fields(domestic!.invoice_data, { output: 'xml_cii' }) }));
    expect(body.result.xml).toBe(final.result.xml);
    expect(body.result.xmlSize).toBe(final.result.xmlSize);
  });
});

describeCorpus('convert a corpus CII with its plain PDF as carrier', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.plain.pdf'))
    .map((f) => f.slice(0, -'.plain.pdf'.length));

  it('gives a PDF/A-3 whose extracted XML validates, for the verified ones; refuses the others without a file', async () => {
    let verified = 0;
    for (const name of names) {
      const file: FilePart = {
        filename: `${name}.plain.pdf`,
        bytes: readFileSync(path.join(dir, `${name}.plain.pdf`)),
      };
      const cii: FilePart = { filename: `${name}.xml`, bytes: readFileSync(path.join(dir, `${name}.xml`)) };
      const result = await convert(req({ files: { file, cii } }));
      if (!result.ok) {
        expect(['requested_output_unavailable', 'unextractable_pdf', 'invalid_data_format'], name).toContain(
          'error' in result.body ? result.body.error : '',
        );
        continue;
      }
      const body = convertResponseSchema.parse(result.body);
      // Read and written again in its own profile, a source that passes gives a candidate that passes.
      const source = body.validationReadiness.submittedSourceReadiness;
      expect(source, name).toBeDefined();
      if (source?.status === 'verified') expect(body.success, name).toBe(true);
      if (!body.success) {
        expect(body.result.pdf, name).toBeUndefined();
        continue;
      }
      verified += 1;
      const extracted = extractFacturx(Buffer.from(body.result.pdf!, 'base64'), name);
      if (!extracted.ok) throw new Error(`${name}: ${extracted.error.message}`);
      const report = validateXml(Buffer.from(extracted.xml).toString('utf8'), { target: 'en16931' });
      expect(report.ok && report.report.valid, name).toBe(true);
    }
    expect(verified).toBeGreaterThan(0);
  }, 120_000);

  it('dry run on a Factur-X PDF diagnoses its embedded XML with the PDF stages; its plain twin is read as text', async () => {
    const name = names.find((n) => n.includes('EN16931')) ?? names[0]!;
    const facturx: FilePart = {
      filename: 'f.pdf',
      bytes: readFileSync(path.join(dir, `${name}.facturx.pdf`)),
    };
    const body = await converted(req({ files: { file: facturx }, fields: { dry_run: 'true' } }));
    expect(body.result).toMatchObject({ conversionSuccessful: false, processedInvoicesCharged: 0 });
    const embedded = extractFacturx(facturx.bytes, 'f.pdf');
    expect(embedded.ok && Buffer.from(body.result.xml, 'base64').equals(Buffer.from(embedded.xml))).toBe(
      true,
    );
    expect(body.result.extraction).toMatchObject({ sourceType: 'embedded_xml' });
    expect(body.result.extraction.pageCount).toBeGreaterThan(0);
    expect(body.validationReadiness.submittedSourceReadiness).toMatchObject({ target: 'en16931' });
    expect(body.result.appliedValidationProfiles).toEqual(['hybrid_en16931_base']);
    expect(Object.keys(body.fieldProvenance ?? {})).toContain('BT-1');
    const plain: FilePart = { filename: 'p.pdf', bytes: readFileSync(path.join(dir, `${name}.plain.pdf`)) };
    const read = await converted(req({ files: { file: plain }, fields: { dry_run: 'true' } }));
    expect(['native_text', 'ocr']).toContain(read.result.extraction.sourceType);
  });
});

describe('request context (input mode 3)', () => {
  it('replays a dry run recipe: the notes France 2026 asks for complete the invoice, marked request_context', async () => {
    const dry = await converted(
      req({ fields: fields(withoutNotes, { dry_run: 'true', validation_target: 'france_2026' }) }),
    );
    expect(dry.targetPreflight).toMatchObject({
      status: 'incomplete',
      exhaustive: true,
      unsupportedBlockers: [],
    });
    const recipe = dry.conversionInputRecipe!.examplePayload;
    const replay = { seller_context: JSON.stringify(recipe.seller_context) };
    const again = await converted(
      req({ fields: fields(withoutNotes, { ...replay, dry_run: 'true', validation_target: 'france_2026' }) }),
    );
    expect(again.targetPreflight).toMatchObject({ status: 'verified', requiredInputs: [] });
    expect(again.fieldProvenance).toMatchObject({
      'BT-21': { source: 'request_context' },
      'BT-22': { source: 'request_context' },
      'BT-1': { source: 'document' },
    });
    const final = await converted(
      req({
        fields: fields(withoutNotes, { ...replay, output: 'xml_cii', validation_target: 'france_2026' }),
      }),
    );
    expect(final.success).toBe(true);
    const xml = Buffer.from(final.result.xml, 'base64').toString('utf8');
    expect(xml).toContain('<ram:SubjectCode>PMD</ram:SubjectCode>');
  });

  it('never overwrites the document: a different electronic address is a 409 conflict, a dry run marks it', async () => {
    const context = {
      seller_context: JSON.stringify({ electronic_address: { value: '999999999', scheme_id: '0225' } }),
    };
    const final = await convert(
      req({ fields: fields(domestic!.invoice_data, { ...context, output: 'xml_cii' }) }),
    );
    expect(final.status).toBe(409);
    expect(final.body).toMatchObject({
      error: 'inline_context_conflict',
      conflicts: [
        {
          field: 'seller_context.electronic_address',
          document_value: '0225:732829320',
          context_value: '0225:999999999',
        },
      ],
    });
    const dry = await converted(
      req({ fields: fields(domestic!.invoice_data, { ...context, dry_run: 'true' }) }),
    );
    expect(dry.fieldProvenance?.['BT-34']).toEqual({ source: 'conflict', value: '732829320' });
    const same = {
      seller_context: JSON.stringify({ electronic_address: { value: '732829320', scheme_id: '0225' } }),
    };
    const agreed = await converted(
      req({ fields: fields(domestic!.invoice_data, { ...same, dry_run: 'true' }) }),
    );
    expect(agreed.fieldProvenance?.['BT-34']).toEqual({ source: 'document', value: '732829320' });
  });
});
