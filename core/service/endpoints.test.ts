import { describe, expect, it } from 'vitest';
import { createApiKey } from './auth';
import { MemoryStorage } from './memory-storage';
import { localContext, services } from '.';
import type { FilePart, ServiceContext, ServiceRequest } from './types';

const pdf: FilePart = { filename: 'f.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') };
const xml: FilePart = { filename: 'f.xml', bytes: new TextEncoder().encode('<?xml version="1.0"?><x/>') };
const text: FilePart = { filename: 'f.txt', bytes: new TextEncoder().encode('hello') };
const empty: FilePart = { filename: 'e.pdf', bytes: new Uint8Array() };

const req = (over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields: {},
  files: {},
  query: {},
  ...over,
});

async function answer(
  name: keyof typeof services,
  request: ServiceRequest,
  ctx: ServiceContext = localContext(),
) {
  const result = await services[name](request, ctx);
  return { status: result.status, ...(result.body as Record<string, unknown>) };
}

describe('edge checks before any engine', () => {
  it('validate: empty, missing, unknown files and targets', async () => {
    expect(await answer('validate', req({ files: { file: empty } }))).toEqual({
      status: 400,
      detail: 'Uploaded file is empty.',
    });
    expect(await answer('validate', req())).toMatchObject({
      status: 422,
      error: 'insufficient_data',
      missing_fields: ['file'],
    });
    expect(await answer('validate', req({ files: { file: text } }))).toMatchObject({
      status: 415,
      error: 'unsupported_media_type',
    });
    expect(
      await answer('validate', req({ files: { file: xml }, fields: { validation_target: 'de' } })),
    ).toMatchObject({
      status: 422,
      error: 'invalid_data_format',
      field: 'validation_target',
    });
  });

  it('extract: refuses anything but a PDF (sniffed, whatever the name says) with 415', async () => {
    const disguised: FilePart = { ...xml, filename: 'invoice.pdf', mediaType: 'application/pdf' };
    expect(await answer('extract', req({ files: { file: disguised } }))).toMatchObject({
      status: 415,
      error: 'unsupported_media_type',
    });
    expect(
      await answer('extract', req({ files: { file: pdf }, query: { validate: 'maybe' } })),
    ).toMatchObject({
      status: 422,
      field: 'validate',
    });
  });

  it('repair: wants XML, and checks constraints', async () => {
    expect(await answer('repair', req({ files: { file: pdf } }))).toMatchObject({ status: 415 });
    expect(await answer('repair', req({ files: { file: xml }, fields: { constraints: '{' } }))).toMatchObject(
      {
        status: 400,
        error: 'invalid_constraints_json',
      },
    );
    expect(
      await answer(
        'repair',
        req({ files: { file: xml }, fields: { constraints: '{"do_not_modify_amounts":"yes"}' } }),
      ),
    ).toMatchObject({
      status: 422,
      error: 'invalid_data_format',
      field: 'constraints.do_not_modify_amounts',
    });
  });

  it('convert: file kinds, legacy mode, patch rules, missing input, unknown profiles', async () => {
    expect(await answer('convert', req({ files: { file: empty } }))).toEqual({
      status: 400,
      detail: 'Uploaded file is empty.',
    });
    expect(await answer('convert', req({ files: { file: xml } }))).toMatchObject({
      status: 415,
      error: 'unsupported_media_type',
    });
    expect(
      await answer('convert', req({ files: { file: pdf }, fields: { options: '{"mode":"xml_only"}' } })),
    ).toMatchObject({
      status: 400,
      error: 'invalid_options',
    });
    expect(await answer('convert', req({ files: { file: pdf }, fields: { options: '[1,' } }))).toMatchObject({
      status: 400,
      error: 'invalid_options_json',
    });
    expect(
      await answer(
        'convert',
        req({ fields: { invoice_data: '{"number":"1"}', invoice_patch: '{"payment":{}}' } }),
      ),
    ).toMatchObject({ status: 400, error: 'invalid_invoice_patch' });
    expect(
      await answer('convert', req({ files: { cii: xml }, fields: { invoice_patch: '{}' } })),
    ).toMatchObject({
      status: 400,
      error: 'invalid_invoice_patch',
    });
    expect(await answer('convert', req({ fields: { output: 'xml_cii' } }))).toMatchObject({
      status: 422,
      error: 'insufficient_data',
      missing_fields: ['file'],
    });
    expect(
      await answer(
        'convert',
        req({ files: { file: pdf }, fields: { profile_reuse: 'explicit', seller_profile_id: 'p1' } }),
      ),
    ).toMatchObject({ status: 404, error: 'seller_profile_not_found' });
    expect(
      await answer(
        'convert',
        req({ files: { file: pdf }, fields: { profile_reuse: 'explicit', client_id: 'c1' } }),
      ),
    ).toMatchObject({ status: 404, error: 'buyer_profile_not_found' });
  });
});

describe('engines', () => {
  it('answer bad files with a client error in the requested language, never a made-up result', async () => {
    const cases: [keyof typeof services, ServiceRequest][] = [
      ['validate', req({ files: { file: xml } })],
      ['extract', req({ files: { file: pdf } })],
      ['repair', req({ files: { file: xml } })],
    ];
    const seen = [];
    for (const [name, request] of cases) {
      const body = await answer(name, { ...request, acceptLanguage: 'fr-FR' });
      seen.push({ name, status: body.status, error: (body as { error?: unknown }).error });
    }
    expect(seen).toEqual([
      { name: 'validate', status: 422, error: 'invalid_data_format' },
      { name: 'extract', status: 422, error: 'unextractable_pdf' },
      { name: 'repair', status: 422, error: 'invalid_data_format' },
    ]);
  });

  it('convert runs its engine: a non-CII XML on a dry run is a 422 naming the file, a PDF with no pages a 422 unextractable_pdf', async () => {
    const dryRun = req({ files: { file: xml }, fields: { dry_run: 'true' } });
    expect(await answer('convert', { ...dryRun, acceptLanguage: 'fr-FR' })).toMatchObject({
      status: 422,
      error: 'invalid_data_format',
      field: 'file',
    });
    expect(
      await answer('convert', { ...req({ files: { file: pdf } }), acceptLanguage: 'fr-FR' }),
    ).toMatchObject({
      status: 422,
      error: 'unextractable_pdf',
      message: expect.stringMatching(/PDF est illisible/),
    });
  });

  it('refund the reserved invoice of a metered call', async () => {
    const storage = new MemoryStorage();
    const now = new Date('2026-04-10T10:00:00.000Z');
    const { record } = await createApiKey(storage, { email: 'q@example.com', plan: 'launch' }, now);
    const ctx: ServiceContext = { tenant: record.tenant, storage, now: () => now };
    const result = await services.repair(req({ files: { file: xml } }), ctx);
    const usage = await storage.usage(record.tenant, '2026-04-01T00:00:00.000Z');
    expect(usage.reserved).toBe(0);
    expect(usage.used).toBe(result.ok ? 1 : 0);
  });
});
