import { describe, expect, it } from 'vitest';
import { parseConvertFields } from './convert-request';

const parse = (fields: Record<string, string>) => parseConvertFields(fields, 'en');

function errorOf(fields: Record<string, string>) {
  const result = parse(fields);
  if (result.ok) throw new Error(`expected a refusal of ${JSON.stringify(fields)}`);
  return { status: result.error.status, ...(result.error.body as { error: string; field?: string }) };
}

describe('parseConvertFields', () => {
  it('reads a complete, valid request', () => {
    const result = parse({
      output: 'xml_cii',
      dry_run: 'true',
      validation_target: 'france_2026',
      options: JSON.stringify({ output_profile: 'EN16931', confidence_mode: 'lenient', future_key: 1 }),
      invoice_patch: JSON.stringify({ preceding_invoice: { issue_date: '2024-02-29', reference: 'F-1' } }),
      seller_context: JSON.stringify({
        electronic_address: { value: '123456789', scheme_id: '0225' },
        document_notes: [{ subject_code: 'PMT', content: 'Indemnité forfaitaire de 40 €' }],
      }),
      buyer_context: JSON.stringify({ electronic_address: { value: 'b@example.com', scheme_id: 'EM' } }),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      output: 'xml_cii',
      dryRun: true,
      target: { kind: 'explicit', target: 'france_2026', source: 'validation_target' },
      invoicePatch: { preceding_invoice: { issue_date: '2024-02-29' } },
      profiles: null,
    });
    expect(result.value.options.future_key).toBe(1);
  });

  it('defaults to a final Factur-X PDF/A-3 checked against EN16931', () => {
    expect(parse({})).toEqual({
      ok: true,
      value: {
        output: 'facturx_pdfa3',
        dryRun: false,
        options: {},
        target: { kind: 'default', target: 'en16931' },
        profiles: null,
      },
    });
  });

  it('maps the legacy target controls', () => {
    const legacy = parse({ options: '{"validation_profile":"fr_ctc"}' });
    expect(legacy.ok && legacy.value.target).toEqual({
      kind: 'explicit',
      target: 'france_2026',
      source: 'legacy_validation_profile',
    });
    const auto = parse({ options: '{"jurisdiction":"UNKNOWN"}' });
    expect(auto.ok && auto.value.target).toEqual({ kind: 'auto', jurisdiction: 'UNKNOWN' });
  });

  it('refuses malformed options JSON (400 invalid_options_json) and a wrong option (400 invalid_options)', () => {
    expect(errorOf({ options: '{oops' })).toMatchObject({ status: 400, error: 'invalid_options_json' });
    expect(errorOf({ options: '{"confidence_mode":"sloppy"}' })).toMatchObject({
      status: 400,
      error: 'invalid_options',
    });
    expect(errorOf({ options: '{"seller_hint":"France"}' })).toMatchObject({
      status: 400,
      error: 'invalid_options',
    });
    expect(parse({ options: '{"seller_hint":"FR","buyer_hint":"DE"}' }).ok).toBe(true);
  });

  it('refuses options.mode=xml_only on a final conversion without output=xml_cii, not on a dry run', () => {
    expect(errorOf({ options: '{"mode":"xml_only"}' })).toMatchObject({
      status: 400,
      error: 'invalid_options',
    });
    expect(parse({ options: '{"mode":"xml_only"}', output: 'xml_cii' }).ok).toBe(true);
    expect(parse({ options: '{"mode":"xml_only"}', dry_run: 'true' }).ok).toBe(true);
  });

  it('refuses invoice_patch with a full invoice_data (400), and an invalid patch (422)', () => {
    expect(
      errorOf({
        invoice_data: '{"number":"F-1"}',
        invoice_patch: '{"payment":{"iban":"FR7630006000011234567890189"}}',
      }),
    ).toMatchObject({
      status: 400,
      error: 'invalid_invoice_patch',
    });
    expect(errorOf({ invoice_patch: '{"preceding_invoice":{"issue_date":"2026-02-30"}}' })).toMatchObject({
      status: 422,
      error: 'invalid_invoice_patch',
    });
    expect(errorOf({ invoice_patch: '{"unknown":{}}' })).toMatchObject({
      status: 422,
      error: 'invalid_invoice_patch',
    });
    expect(errorOf({ invoice_patch: 'not json' })).toMatchObject({
      status: 422,
      error: 'invalid_invoice_patch',
    });
  });

  it('enforces the limits of seller_context and buyer_context with invalid_data_format naming the field', () => {
    const address = (value: string, scheme_id: string) =>
      JSON.stringify({ electronic_address: { value, scheme_id } });
    expect(parse({ seller_context: address('x'.repeat(125), 'A1') }).ok).toBe(true);
    expect(errorOf({ seller_context: address('x'.repeat(126), '0225') })).toMatchObject({
      status: 422,
      error: 'invalid_data_format',
      field: 'seller_context.electronic_address.value',
    });
    expect(errorOf({ buyer_context: address('a', 'A') })).toMatchObject({
      field: 'buyer_context.electronic_address.scheme_id',
    });
    expect(errorOf({ buyer_context: address('a', 'x'.repeat(21)) })).toMatchObject({
      error: 'invalid_data_format',
    });
    expect(errorOf({ buyer_context: address('a', '02-25') })).toMatchObject({ error: 'invalid_data_format' });
    const note = (note: object) => JSON.stringify({ document_notes: [note] });
    expect(errorOf({ seller_context: note({ content: 'untyped' }) })).toMatchObject({
      field: 'seller_context.document_notes[0].subject_code',
    });
    expect(errorOf({ seller_context: note({ subject_code: 'XYZ', content: 'x' }) })).toMatchObject({
      error: 'invalid_data_format',
    });
    expect(errorOf({ seller_context: note({ subject_code: 'AAB', content: '' }) })).toMatchObject({
      field: 'seller_context.document_notes[0].content',
    });
    expect(
      errorOf({ seller_context: note({ subject_code: 'PMD', content: 'x'.repeat(501) }) }),
    ).toMatchObject({ error: 'invalid_data_format' });
    expect(parse({ buyer_context: note({ subject_code: 'PMD', content: 'x'.repeat(500) }) }).ok).toBe(true);
  });

  it('refuses unknown output, dry_run and validation_target values', () => {
    expect(errorOf({ output: 'docx' })).toMatchObject({ error: 'invalid_data_format', field: 'output' });
    expect(errorOf({ dry_run: 'yes' })).toMatchObject({ error: 'invalid_data_format', field: 'dry_run' });
    expect(errorOf({ validation_target: 'xrechnung' })).toMatchObject({
      error: 'invalid_data_format',
      field: 'validation_target',
    });
  });

  it('applies the profile reuse rules', () => {
    expect(errorOf({ seller_profile_id: 's1' })).toMatchObject({
      error: 'profile_reuse_requires_explicit_opt_in',
    });
    expect(errorOf({ profile_reuse: 'explicit' })).toMatchObject({
      error: 'profile_reuse_selector_required',
    });
    expect(errorOf({ profile_reuse: 'explicit', issuer_id: 'a', seller_profile_id: 'b' })).toMatchObject({
      error: 'profile_selector_conflict',
    });
    expect(errorOf({ profile_reuse: 'explicit', client_id: 'a', buyer_profile_id: 'b' })).toMatchObject({
      error: 'profile_selector_conflict',
    });
    const ok = parse({
      profile_reuse: 'explicit',
      issuer_id: 's1',
      seller_profile_id: 's1',
      client_id: 'c1',
    });
    expect(ok.ok && ok.value.profiles).toEqual({ sellerProfileId: 's1', buyerProfileId: 'c1' });
  });

  it('writes its messages in the requested language', () => {
    const result = parseConvertFields({ options: '{' }, 'fr');
    expect(!result.ok && (result.error.body as { message: string }).message).toBe(
      'Le champ options n’est pas un JSON valide.',
    );
  });
});
