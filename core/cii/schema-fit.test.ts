import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceDataSchema } from '../invoice-data/schema';
import { invoiceDataToModel } from '../invoice-data/to-model';
import type { Invoice } from '../model/invoice';
import { completeTotals } from '../model/totals';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { en16931ModelRules } from '../rules/en16931';
import { xsdRules } from '../rules/xsd';
import { ruleInput } from '../rules/run';
import { corpusDir, referenceDir } from '../testing/corpus';
import { libxml2Errors } from '../testing/libxml2-xsd';
import { gapIssues, gapRules } from '../validate/schema-gaps';
import { technicalWordsIn } from '../testing/plain-words';
import { parseXml } from '../xml/parse';
import { PROFILES, type Profile } from './profile';
import { ciiToModel } from './read';
import { modelToCii } from './write';

/** The Factur-X 1.09 schema of `profile` on `xml`, by the project's own structure validator: the messages. */
function schemaErrors(xml: string, profile: Profile): string[] {
  const parsed = parseXml(xml);
  if (!parsed.ok) return [`not XML: ${parsed.error.code}`];
  const input = ruleInput(parsed.doc);
  return xsdRules(profile).rules.flatMap((rule) =>
    [...rule.check(input)].map((v) => v.detail?.en ?? rule.message.en),
  );
}

/** Rich models: the golden examples (completed), our sample invoice, a corpus CII of each profile. */
function richModels(): [string, Invoice][] {
  const models: [string, Invoice][] = [
    ...GOLDEN_EXAMPLES.map((e): [string, Invoice] => [
      e.name,
      completeTotals(invoiceDataToModel(invoiceDataSchema.parse(e.invoice_data))).invoice,
    ]),
    ['sample', sampleInvoice(3)],
  ];
  const corpus = corpusDir();
  if (!corpus) return models;
  const { invoices } = JSON.parse(readFileSync(path.join(corpus, 'pdf/manifest.json'), 'utf8')) as {
    invoices: { name: string; profile: string }[];
  };
  for (const profile of PROFILES) {
    const entry = invoices.find((e) => e.profile === profile);
    if (!entry) continue;
    const read = ciiToModel(readFileSync(path.join(corpus, 'pdf', `${entry.name}.xml`), 'utf8'));
    if (read.ok) models.push([entry.name, read.invoice]);
  }
  return models;
}

/** Every place a value can be taken out of a model: each member, each list entry, at every depth. */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value).filter(([k]) => k !== 'xmlAttributes');
  return entries.flatMap(([k, v]) => [[...at, k], ...places(v, [...at, k])]);
}

/** The model without the values at `removed`: each member deleted, each list entry taken out. */
function without(model: Invoice, removed: readonly (string | number)[][]): Invoice {
  const gone = Symbol('removed');
  const copy = structuredClone(model) as unknown;
  for (const place of removed) {
    let parent: unknown = copy;
    for (const step of place.slice(0, -1))
      parent = (parent as Record<string | number, unknown> | undefined)?.[step];
    if (typeof parent === 'object' && parent !== null)
      (parent as Record<string | number, unknown>)[place.at(-1)!] = gone;
  }
  const clean = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((x) => x !== gone).map(clean);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== gone)
        .map(([k, x]) => [k, clean(x)]),
    );
  };
  return clean(copy) as Invoice;
}

const models = richModels();

/** A rich model and some of its values to take out: a few (most runs) or any number. */
const damaged = fc.integer({ min: 0, max: models.length - 1 }).chain((i) => {
  const all = places(models[i]![1]);
  return fc.tuple(
    fc.constant(i),
    fc.oneof(fc.subarray(all, { maxLength: 4 }), fc.subarray(all, { maxLength: 4 }), fc.subarray(all)),
  );
});

describe('the writer never emits XML that its profile schema refuses', () => {
  it('whatever terms a rich model loses: the XML of each profile fits its schema, or is not written and the gaps say why', () => {
    fc.assert(
      fc.property(damaged, ([i, removed]) => {
        const model = without(models[i]![1], removed);
        for (const profile of PROFILES) {
          const written = modelToCii(model, profile);
          if (written.xml !== null) {
            expect(schemaErrors(written.xml, profile)).toEqual([]);
            expect(written.draft).toBe(written.xml);
          } else {
            expect(written.gaps.some((g) => g.effect === 'unwritable')).toBe(true);
          }
          for (const gap of written.gaps)
            expect(gap.xpath.startsWith('/rsm:CrossIndustryInvoice/')).toBe(true);
          // What is left out is said: no gap, nothing left out.
          if (written.gaps.length === 0) expect(written.xml).not.toBeNull();
        }
      }),
      { numRuns: 150 },
    );
  }, 300_000);

  it.skipIf(referenceDir() === null)(
    'libxml2 agrees with the XML it is given (official XSDs)',
    async () => {
      const samples = fc.sample(damaged, { numRuns: 3, seed: 1009 });
      let checked = 0;
      for (const [i, removed] of samples) {
        const model = without(models[i]![1], removed);
        for (const profile of PROFILES) {
          const { xml } = modelToCii(model, profile);
          if (xml === null) continue;
          expect([models[i]![0], profile, await libxml2Errors(xml, profile)]).toEqual([
            models[i]![0],
            profile,
            [],
          ]);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
    300_000,
  );
});

/** The first golden example, completed: a rich EN 16931 invoice. */
const golden = (): Invoice =>
  completeTotals(invoiceDataToModel(invoiceDataSchema.parse(GOLDEN_EXAMPLES[0]!.invoice_data))).invoice;

describe('known cases: what the schema needs and the candidate lacks is the rule that needs it', () => {
  it('a BASIC WL candidate without a VAT breakdown is not written; BR-CO-18 (BG-23) says why', () => {
    const { lines: _, vatBreakdown: __, ...header } = golden();
    const written = modelToCii(header, 'BASIC_WL');
    expect(written.xml).toBeNull();
    expect(written.gaps).toEqual([
      expect.objectContaining({ term: 'BG-23', element: 'ram:ApplicableTradeTax', effect: 'unwritable' }),
    ]);
    // The schema's own words name no term: the draft is what it refuses.
    expect(schemaErrors(written.draft, 'BASIC_WL').join(' ')).toMatch(/is not allowed at this place/);
    const [issue, ...others] = gapIssues(written.gaps, 'BASIC_WL', 'en');
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ ruleId: 'BR-CO-18', bt: 'BG-23', severity: 'fatal', stage: 'xsd' });
    expect(issue!.message).toMatch(/VAT breakdown \(BG-23\)/);
    expect(gapIssues(written.gaps, 'BASIC_WL', 'fr')[0]!.message).toMatch(/ventilation de TVA/);
    // Given its breakdown, the same candidate fits.
    const fitted = modelToCii({ ...header, vatBreakdown: golden().vatBreakdown! }, 'BASIC_WL');
    expect(fitted.gaps).toEqual([]);
    expect(schemaErrors(fitted.xml!, 'BASIC_WL')).toEqual([]);
  });

  it('a candidate without a buyer lacks the buyer’s name: BR-07 (BT-44), what a form fills', () => {
    const { buyer: _, ...model } = golden();
    for (const profile of PROFILES) {
      const written = modelToCii(model, profile);
      expect(written.xml).toBeNull();
      expect(gapIssues(written.gaps, profile, 'en').map((i) => [i.ruleId, i.bt])).toEqual([
        ['BR-07', 'BT-44'],
      ]);
    }
  });

  it('a seller address without its country is left out of a valid XML, and BR-09 (BT-40) says so', () => {
    const model = golden();
    const { country: _, ...address } = model.seller!.address!;
    const written = modelToCii({ ...model, seller: { ...model.seller!, address } }, 'EN16931');
    expect(written.xml).not.toBeNull();
    expect(schemaErrors(written.xml!, 'EN16931')).toEqual([]);
    expect(written.xml).not.toContain(`<ram:CityName>${address.city}</ram:CityName>`);
    expect(written.gaps).toEqual([
      expect.objectContaining({
        term: 'BT-40',
        effect: 'left_out',
        leftOut:
          '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress',
      }),
    ]);
    const [issue] = gapIssues(written.gaps, 'EN16931', 'en');
    expect(issue).toMatchObject({ ruleId: 'BR-09', bt: 'BT-40' });
    expect(issue!.message).toContain(
      'requires “Seller country code (BT-40)”: “Seller postal address (BG-5)” is left out of the XML until it is given',
    );
    expect(technicalWordsIn(issue!.message)).toEqual([]);
  });

  it('a gap no EN 16931 rule names is the schema’s own finding, said in words', () => {
    const tax = `${'/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement'}/ram:ApplicableTradeTax`;
    for (const lang of ['en', 'fr'] as const) {
      const [issue] = gapIssues(
        [
          {
            term: null,
            path: 'vatBreakdown[0]',
            element: 'ram:TypeCode',
            xpath: `${tax}/ram:TypeCode`,
            effect: 'unwritable',
          },
        ],
        'EN16931',
        lang,
      );
      expect(issue).toMatchObject({ ruleId: 'XSD', bt: null, stage: 'xsd' });
      expect(issue!.message).toMatch(
        lang === 'en'
          ? /^The XML must conform to the Factur-X 1\.09 EN16931 schema/
          : /^Le XML doit être conforme/,
      );
      expect(issue!.message).toContain(
        lang === 'en'
          ? '“VAT breakdown (BG-23) › Type code”'
          : '« Ventilation de la TVA (BG-23) › Code de type »',
      );
      expect(technicalWordsIn(issue!.message)).toEqual([]);
    }
  });

  it.skipIf(referenceDir() === null)(
    'libxml2 accepts what the known cases write (official XSDs)',
    async () => {
      const model = golden();
      const { lines: _, ...header } = model;
      const { country: __, ...address } = model.seller!.address!;
      const cases: [Invoice, Profile][] = [
        [header, 'BASIC_WL'],
        [{ ...model, seller: { ...model.seller!, address } }, 'EN16931'],
      ];
      for (const [invoice, profile] of cases) {
        const { xml } = modelToCii(invoice, profile);
        expect(await libxml2Errors(xml!, profile)).toEqual([]);
      }
    },
    300_000,
  );

  it('each term maps to an EN 16931 rule that names it, or a group to the rule of its required term', () => {
    const rules = new Map(en16931ModelRules.rules.map((r) => [r.id, r]));
    for (const [term, id] of Object.entries(gapRules())) {
      const rule = rules.get(id);
      expect(rule, `${term} → ${id}`).toBeDefined();
      const named = rule!.bt.includes(term) || rule!.bt.some((t) => gapRules()[t] === id);
      expect(named, `${term} → ${id} (${rule!.bt.join(', ')})`).toBe(true);
    }
  });
});
