import { describe, expect, it } from 'vitest';
import { READINESS_LEVELS, integrationContractSchema, type ReadinessLevel } from '../api/contract';
import { ciiToModel } from '../cii/read';
import { completeTotals } from '../model/totals';
import { term } from '../model/registry';
import { buildIntegrationContract, contractFields, optionalContractPaths } from './contract';
import { deriveReadiness, failures, withoutField } from './readiness';
import { DERIVED_READINESS } from './readiness-data';
import { invoiceDataToCii, parseInvoiceData } from './convert';
import { GOLDEN_EXAMPLES } from './examples';
import type { InvoiceData } from './schema';

const base = (): InvoiceData => structuredClone(GOLDEN_EXAMPLES[0]!.invoice_data);

describe('invoice_data validation', () => {
  it('lists every missing required field as insufficient_data', () => {
    const { number: _n, ...rest } = base();
    const data = {
      ...rest,
      seller: { ...rest.seller, name: undefined },
      lines: [{ ...rest.lines![0], quantity: undefined }],
    };
    const r = parseInvoiceData(data);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.status).toBe(422);
    expect(r.error.body).toMatchObject({ error: 'insufficient_data' });
    expect((r.error.body as { missing_fields: string[] }).missing_fields.sort()).toEqual(
      ['lines[0].quantity', 'number', 'seller.name'].sort(),
    );
  });

  it('reports an empty line list as missing', () => {
    const r = parseInvoiceData({ ...base(), lines: [] });
    expect(r.ok ? null : r.error.body).toMatchObject({
      error: 'insufficient_data',
      missing_fields: ['lines'],
    });
  });

  it.each([
    [
      'a decimal with a comma',
      (d: InvoiceData) => ((d.lines![1]! as { quantity: unknown }).quantity = '2,5'),
      'lines[1].quantity',
    ],
    ['an impossible date', (d: InvoiceData) => (d.issue_date = '2026-02-30'), 'issue_date'],
    [
      'a lower-case country',
      (d: InvoiceData) => (d.buyer.address.country_code = 'fr'),
      'buyer.address.country_code',
    ],
    ['an unknown field', (d: InvoiceData) => Object.assign(d, { colour: 'blue' }), ''],
    [
      'a float in exponent form',
      (d: InvoiceData) => ((d.lines![0]! as { net_price: unknown }).net_price = 1e21),
      'lines[0].net_price',
    ],
  ])('refuses %s as invalid_data_format naming the field', (_label, mutate, field) => {
    const d = base();
    mutate(d);
    const r = parseInvoiceData(d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.body).toMatchObject({ error: 'invalid_data_format', field: field || 'invoice_data' });
  });

  it('accepts JSON numbers read by their text', () => {
    const d = { ...base(), lines: [{ ...base().lines![0]!, quantity: 3, net_price: 85.5 }] };
    const r = invoiceDataToCii(d, 'EN16931');
    expect(r.ok && r.model.lines?.[0]?.summation?.lineTotal?.value).toBe('256.50');
  });

  it('refuses malformed JSON text', () => {
    expect(parseInvoiceData('{ nope').ok).toBe(false);
  });
});

describe('totals', () => {
  it('computes the multi-rate example exactly as given (5.5 % of 95.00 = 5.225 → 5.23)', () => {
    const r = invoiceDataToCii(GOLDEN_EXAMPLES[2]!.invoice_data, 'EN16931');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.model.totals).toMatchObject({
      taxBasisTotal: { value: '585.00' },
      grandTotal: { value: '688.23' },
      duePayable: { value: '688.23' },
    });
    expect(r.model.vatBreakdown?.map((v) => [v.rate, v.basisAmount?.value, v.taxAmount?.value])).toEqual([
      ['20', '490.00', '98.00'],
      ['5.5', '95.00', '5.23'],
    ]);
  });

  it('computes line net = qty × price / base quantity rounded to 2', () => {
    const d = base();
    d.lines = [{ ...d.lines![0]!, quantity: '3', net_price: '10.005', price_base_quantity: '2' }];
    const r = invoiceDataToCii(d, 'EN16931');
    // 3 × 10.005 / 2 = 15.0075 → 15.01
    expect(r.ok && r.model.lines?.[0]?.summation?.lineTotal?.value).toBe('15.01');
  });

  it('names the field of a given total that does not match', () => {
    const d = structuredClone(GOLDEN_EXAMPLES[2]!.invoice_data);
    d.totals = { ...d.totals, tax_inclusive: '688.24' };
    const r = invoiceDataToCii(d, 'EN16931');
    expect(r.ok ? null : r.error.body).toMatchObject({
      error: 'invalid_data_format',
      field: 'totals.tax_inclusive',
    });
    d.totals = undefined;
    d.vat_breakdown = [{ category_code: 'S', rate: '5.50', tax_amount: '5.22' }];
    const r2 = invoiceDataToCii(d, 'EN16931');
    expect(r2.ok ? null : r2.error.body).toMatchObject({ field: 'vat_breakdown[0].tax_amount' });
    d.vat_breakdown = undefined;
    d.charges = [
      { base_amount: '100', percentage: '10', amount: '9.99', vat_category_code: 'S', vat_rate: '20' },
    ];
    const r3 = invoiceDataToCii(d, 'EN16931');
    expect(r3.ok ? null : r3.error.body).toMatchObject({ field: 'charges[0].amount' });
  });

  it('checks the totals of a corpus-like model and completes missing ones', () => {
    const r = completeTotals({
      currency: 'EUR',
      lines: [
        {
          billedQuantity: { value: '1' },
          netPrice: { amount: { value: '0.125' } },
          taxes: [{ categoryCode: 'S', rate: '20' }],
        },
        {
          billedQuantity: { value: '-1' },
          netPrice: { amount: { value: '0.125' } },
          taxes: [{ categoryCode: 'S', rate: '20' }],
        },
      ],
    });
    // half away from zero: 0.13 and -0.13
    expect(r.mismatches).toEqual([]);
    expect(r.invoice.lines?.map((l) => l.summation?.lineTotal?.value)).toEqual(['0.13', '-0.13']);
    expect(r.invoice.totals?.grandTotal?.value).toBe('0.00');
  });
});

describe('golden examples and contract', () => {
  it.each(GOLDEN_EXAMPLES.map((e) => [e.name, e] as const))('%s converts and reads back', (_n, e) => {
    const r = invoiceDataToCii(e.invoice_data, 'EN16931');
    if (!r.ok || r.xml === null) throw new Error(JSON.stringify(r));
    const back = ciiToModel(r.xml);
    expect(back.ok && back.invoice).toEqual({ ...r.model, specification: 'urn:cen.eu:en16931:2017' });
  });

  it('matches the API contract type and describes every field with its term', () => {
    const c = buildIntegrationContract();
    expect(integrationContractSchema.safeParse(c).success).toBe(true);
    expect(c.examples.map((e) => e.name)).toEqual(GOLDEN_EXAMPLES.map((e) => e.name));
    const fields = c.fields as unknown as {
      path: string;
      bt: string | null;
      cii_xpath: string | null;
      readiness: string;
    }[];
    const quantity = fields.find((f) => f.path === 'lines[].quantity');
    expect(quantity).toMatchObject({ bt: 'BT-129', readiness: 'MINIMUM' });
    expect(quantity?.cii_xpath).toMatch(/BilledQuantity$/);
    expect(fields.filter((f) => f.bt === null).map((f) => f.path)).toEqual([]);
    const named = c.fields as unknown as { path: string; bt: string; name: string | null }[];
    expect(named.filter((f) => f.name === null || !f.bt).map((f) => f.path)).toEqual([]);
    expect(fields.filter((f) => f.cii_xpath === null).map((f) => f.path)).toEqual([]);
  });

  // Several hundred validations, each with the profile rules too: minutes on a busy shared machine.
  it(
    'keeps the readiness data equal to a fresh derivation from the rules (else run bin/dev/generate-readiness.ts)',
    {
      timeout: 600_000,
    },
    () => {
      expect(deriveReadiness(GOLDEN_EXAMPLES, optionalContractPaths())).toEqual(DERIVED_READINESS);
    },
  );

  it.each(READINESS_LEVELS.map((l, i) => [l, i] as const))(
    'a payload with only what %s needs reaches it, and not the levels above',
    (level, rank) => {
      const fields = contractFields();
      const isAbove = (r: string) => r === 'optional' || READINESS_LEVELS.indexOf(r as ReadinessLevel) > rank;
      // Of each choice up to this level, the first field is kept.
      const chosen = DERIVED_READINESS.alternatives
        .filter((a) => READINESS_LEVELS.indexOf(a.level) <= rank)
        .map((a) => a.paths[0]);
      let payload: unknown = GOLDEN_EXAMPLES[0]!.invoice_data;
      for (const f of fields) {
        if (!f.required && isAbove(f.readiness) && !chosen.includes(f.path))
          payload = withoutField(payload, f.path);
      }
      expect(failures(payload, level)).toEqual([]);
      // Each field is needed at the lowest level some example fails without it; this example may do
      // without it a level longer, but not at every level above.
      const above = READINESS_LEVELS.slice(rank + 1);
      if (above.some((l) => fields.some((f) => f.readiness === l && f.readiness_basis?.always)))
        expect(above.map((l) => failures(payload, l)?.length ?? 0).some((n) => n > 0)).toBe(true);
    },
  );

  it('says why a field is needed, and for which kinds of invoice', () => {
    const c = buildIntegrationContract();
    const byPath = new Map(contractFields().map((f) => [f.path, f]));
    expect(byPath.get('seller.electronic_address.scheme')).toMatchObject({
      bt: 'BT-34-1',
      readiness: 'FRANCE_2026',
      readiness_basis: { rules: ['BR-FR-13_BT-34'], always: true },
    });
    expect(byPath.get('preceding_invoices')).toMatchObject({
      readiness: 'FRANCE_2026',
      readiness_basis: { examples: ['credit_note_fr'], always: false },
    });
    expect(byPath.get('due_date')?.readiness).toBe('optional');
    const levels = c.readiness_levels as {
      level: string;
      conditional_fields: { path: string }[];
      one_of: { paths: string[]; rules: string[] }[];
    }[];
    expect(levels.find((l) => l.level === 'FRANCE_2026')?.conditional_fields.map((f) => f.path)).toContain(
      'preceding_invoices',
    );
    expect(levels.find((l) => l.level === 'MINIMUM')?.one_of).toContainEqual(
      expect.objectContaining({ paths: ['seller.legal_registration', 'seller.vat_id'], rules: ['BR-CO-26'] }),
    );
  });

  it('finds BT-112 in the registry with its rules', () => {
    expect(term('BT-112')).toMatchObject({ path: 'totals.grandTotal', cardinality: { MINIMUM: '1..1' } });
    expect(term('BT-112')?.rules.en16931).toContain('BR-14');
  });
});
