import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validationReportSchema, type ValidationIssue } from '../api/validation-report';
import { en16931ModelRules } from '../rules/en16931';
import { corpusDir } from '../testing/corpus';
import { canonicalRuleSet, ruleSetDigest } from './artifacts';
import { fileURLToPath } from 'node:url';
import {
  validateXml,
  withPdfStages,
  type PdfStage,
  type PdfStageFindings,
  type ValidateOptions,
} from './validate';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = corpusDir();
const read = (rel: string): string => readFileSync(path.join(corpus!, rel), 'utf8');
const describeWithCorpus = corpus ? describe : describe.skip;
const EN: ValidateOptions = { target: 'en16931', now: () => new Date('2026-01-02T03:04:05Z') };

describe('validateXml: input it cannot judge is an error value', () => {
  it.each([
    ['not XML', 'hello', 'invalid_data_format'],
    ['empty', '   ', 'invalid_data_format'],
    ['hostile DOCTYPE', '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 'invalid_data_format'],
    [
      'not CII',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      'invalid_data_format',
    ],
    [
      'undeclared prefix',
      '<rsm:CrossIndustryInvoice><cii:X/></rsm:CrossIndustryInvoice>',
      'invalid_data_format',
    ],
    ['50 MB', `<a>${'x'.repeat(50 * 1024 * 1024)}</a>`, 'file_too_large'],
  ])('%s', (_name, source, code) => {
    const outcome = validateXml(source, EN);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.message).toBe(outcome.error.localized.en);
      expect(outcome.error.localized.fr).not.toBe(outcome.error.localized.en);
    }
  });

  it('refuses an unknown target, in both languages', () => {
    const outcome = validateXml('<x/>', { target: 'xrechnung' });
    expect(outcome.ok || outcome.error).toMatchObject({
      code: 'invalid_options',
      localized: {
        en: 'Unknown validation target "xrechnung": expected one of en16931, france_2026.',
        fr: 'Cible de validation inconnue « xrechnung » : attendu l’une de en16931, france_2026.',
      },
    });
  });

  it('says in both languages why a document is not judged, with where', () => {
    const outcome = validateXml('<rsm:CrossIndustryInvoice>\n<cii:X/></rsm:CrossIndustryInvoice>', EN);
    expect(outcome.ok || outcome.error.localized).toEqual({
      en: 'The XML is not namespace-well-formed (line 1, column 2): prefix "rsm" is not declared.',
      fr: 'Le XML n’est pas conforme aux espaces de noms (ligne 1, colonne 2) : le préfixe « rsm » n’est pas déclaré.',
    });
    const notXml = validateXml('hello', EN);
    expect(notXml.ok || notXml.error.localized.fr).toBe(
      'Le XML est mal formé (ligne 1, colonne 1) : l’élément racine manque.',
    );
  });
});

describe('rule-set digests', () => {
  it('are stable and change when a rule definition changes', () => {
    const digest = ruleSetDigest(en16931ModelRules);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const changed = {
      ...en16931ModelRules,
      rules: en16931ModelRules.rules.map((r, i) => (i === 0 ? { ...r, severity: 'warning' as const } : r)),
    };
    expect(ruleSetDigest(changed)).not.toBe(digest);
    expect(canonicalRuleSet(en16931ModelRules)).toBe(canonicalRuleSet({ ...en16931ModelRules }));
  });
});

/** What Saxon-HE reported running the official artefacts on our own profile fixtures (bin/dev/schematron-oracle.ts). */
const officialOn = (fixture: string): { en16931: { id: string }[]; brfr: { id: string }[] } =>
  (
    JSON.parse(readFileSync(path.join(here, 'official-verdicts.json'), 'utf8')) as {
      verdicts: { file: string; en16931: { id: string }[]; brfr: { id: string }[] }[];
    }
  ).verdicts.find((v) => v.file === `fixtures/${fixture}`)!;

describe('a MINIMUM and a BASIC WL invoice of our own, for both targets', () => {
  const fixture = (name: string) => readFileSync(path.join(here, '../rules/facturx/fixtures', name), 'utf8');
  const sorted = (ids: readonly string[]) => [...ids].sort();

  it.each([
    ['minimum.xml', 'MINIMUM', null],
    ['basic-wl.xml', 'BASIC_WL', { accepted: true, errorCount: 0 }],
  ] as const)(
    '%s: conforms to its profile, fails EN 16931 with the official ids',
    (name, profile, firstYear) => {
      const official = officialOn(name);
      for (const target of ['en16931', 'france_2026'] as const) {
        const outcome = validateXml(fixture(name), { ...EN, target });
        if (!outcome.ok) throw new Error(outcome.error.message);
        const r = outcome.report;
        expect([r.profile, r.valid]).toEqual([profile, false]);
        const ids = (stage: string) => sorted(r.issues.filter((i) => i.stage === stage).map((i) => i.ruleId));
        expect(ids('schematron')).toEqual(sorted(official.en16931.map((f) => f.id)));
        expect(ids('fr_ctc')).toEqual(target === 'france_2026' ? sorted(official.brfr.map((f) => f.id)) : []);
        expect(r.profileConformance).toMatchObject({ conforms: true, issues: [] });
        expect(r.profileConformance.statement).toBe(
          `Conforms to Factur-X ${profile.replace('_', ' ')}; not an EN 16931 invoice.`,
        );
        expect(r.notes?.[0]).toMatch(/cannot be valid for the EN 16931 target, nor for France 2026/);
        expect(r.profileConformance.franceFirstYear).toEqual(
          target === 'france_2026' && firstYear ? expect.objectContaining(firstYear) : null,
        );
      }
    },
  );
});

describe('a value written twice where an official rule reads one (our fixtures)', () => {
  // normalize-space(), string() and xs:decimal() take one item: Saxon stops on the second
  // (official-verdicts.json); we reject the invoice with a finding on that value, stage by stage.
  const stopsIn = (issues: readonly ValidationIssue[], stage: string) =>
    issues.filter((i) => i.stage === stage && i.message.includes('the official artefact stops on it'));
  it.each([
    ['en16931-currency-twice.xml', 'BR-05', 'EUR', null],
    ['en16931-payment-code-twice.xml', 'CII-SR-470', '58', null],
    ['en16931-vat-amount-twice.xml', 'BR-CO-17', '70.96', null],
    ['en16931-line-rate-twice.xml', 'BR-S-08', '20', 'BR-FR-16_BT-152'],
    ['en16931-seller-address-twice.xml', 'BR-62', '0225', 'BR-FR-13_BT-34'],
    ['en16931-issue-date-twice.xml', 'BR-03', '20260901', 'BR-FR-CO-07_BT-9'],
  ])(
    '%s: the official artefact stops on %s; we reject the invoice on the second value',
    (name, ruleId, value, frRule) => {
      const official = officialOn(name) as unknown as Record<'en16931' | 'brfr', object>;
      expect(official.en16931).toHaveProperty('error');
      expect('error' in official.brfr).toBe(frRule !== null);
      const xml = readFileSync(path.join(here, '../rules/facturx/fixtures', name), 'utf8');
      for (const target of ['en16931', 'france_2026'] as const) {
        const outcome = validateXml(xml, { ...EN, target });
        if (!outcome.ok) throw new Error(outcome.error.message);
        const en = stopsIn(outcome.report.issues, 'schematron');
        expect(en.map((i) => [i.ruleId, i.severity])).toEqual([[ruleId, 'fatal']]);
        expect(en[0]!.message).toContain(`("${value}" is a second value where the rule reads one`);
        const fr = stopsIn(outcome.report.issues, 'fr_ctc').map((i) => i.ruleId);
        expect(fr).toEqual(target === 'france_2026' && frRule ? [frRule] : []);
        expect(outcome.report.valid).toBe(false);
      }
    },
  );
});

describe('a line VAT category written twice (our fixture): only the France 2026 artefact reads it as one', () => {
  it('stops the official BR-FR artefact on BR-FR-15, not the EN 16931 one; so do we', () => {
    const official = officialOn('en16931-line-category-twice.xml') as unknown as Record<
      'en16931' | 'brfr',
      object
    >;
    expect(official.en16931).toEqual([]);
    expect(official.brfr).toHaveProperty('error');
    const xml = readFileSync(
      path.join(here, '../rules/facturx/fixtures/en16931-line-category-twice.xml'),
      'utf8',
    );
    const outcome = validateXml(xml, { ...EN, target: 'france_2026' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const rules = outcome.report.issues.filter((i) => i.stage === 'schematron' || i.stage === 'fr_ctc');
    expect(rules.map((i) => [i.stage, i.ruleId, i.severity])).toEqual([
      ['fr_ctc', 'BR-FR-15_BT-95_BT-151', 'fatal'],
    ]);
    expect(rules[0]!.message).toContain('("S" is a second value where the rule reads one');
  });
});

describe('the seller SIREN written twice (our fixture): BR-FR-09 passes it to a function taking one', () => {
  it('stops the official BR-FR artefact on BR-FR-09, not the EN 16931 one; so do we', () => {
    const official = officialOn('en16931-seller-siren-twice.xml') as unknown as Record<
      'en16931' | 'brfr',
      object
    >;
    expect(official.en16931).toEqual([]);
    expect(official.brfr).toHaveProperty('error');
    const xml = readFileSync(
      path.join(here, '../rules/facturx/fixtures/en16931-seller-siren-twice.xml'),
      'utf8',
    );
    const outcome = validateXml(xml, { ...EN, target: 'france_2026' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const rules = outcome.report.issues.filter((i) => i.stage === 'schematron' || i.stage === 'fr_ctc');
    expect(rules.map((i) => [i.stage, i.ruleId, i.severity])).toEqual([
      ['fr_ctc', 'BR-FR-09_BT-29', 'fatal'],
    ]);
    expect(rules[0]!.message).toContain('("732829320" is a second value where the rule reads one');
  });
});

describe('a total VAT written "-0.00" (our fixture): Saxon puts an untyped -0 before 0', () => {
  it('fails BR-CO-14 against a sum of no VAT amount, as the official artefact does, and passes BR-DEC-13', () => {
    const name = 'minimum-vat-total-negative-zero.xml';
    const official = officialOn(name) as ReturnType<typeof officialOn> & { facturx: { id: string }[] };
    expect(official.en16931.map((f) => f.id)).toContain('BR-CO-14');
    expect(official.facturx).toEqual([]);
    const xml = readFileSync(path.join(here, '../rules/facturx/fixtures', name), 'utf8');
    for (const target of ['en16931', 'france_2026'] as const) {
      const outcome = validateXml(xml, { ...EN, target });
      if (!outcome.ok) throw new Error(outcome.error.message);
      const ids = outcome.report.issues.filter((i) => i.stage === 'schematron').map((i) => i.ruleId);
      expect(ids.sort()).toEqual(official.en16931.map((f) => f.id).sort());
      expect(outcome.report.profileConformance.issues).toEqual([]);
    }
  });
});

describeWithCorpus('validateXml on corpus invoices', () => {
  it('writes the cli.md report for a valid invoice', () => {
    const outcome = validateXml(read('cii/valid/CII_example1.xml'), { ...EN, filename: 'CII_example1.xml' });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const r = outcome.report;
    expect(r).toMatchObject({
      valid: true,
      target: 'en16931',
      profile: 'EN16931',
      filename: 'CII_example1.xml',
      validatedAt: '2026-01-02T03:04:05.000Z',
      summary: { errorCount: 0, warningCount: 0 },
    });
    expect(r.stages.pdfa).toMatchObject({ skipped: true, skip_reason: 'not_a_pdf' });
    expect(r.stages.schematron).toMatchObject({ passed: true, skipped: false, error_count: 0 });
    expect(r.stages.xsd).toMatchObject({ passed: true, skipped: false });
    expect(r.stages.fr_ctc).toMatchObject({ skipped: true, skip_reason: 'target_en16931' });
    expect(r.stages.profile).toMatchObject({ passed: true, skipped: false, error_count: 0 });
    expect(r.profileConformance).toMatchObject({
      profile: 'EN16931',
      conforms: true,
      statement: 'Conforms to Factur-X EN 16931.',
      franceFirstYear: null,
    });
    expect(r.validationArtifacts.map((a) => a.id)).toEqual([
      'facturx-xsd-en16931',
      'en16931-cii-model',
      'en16931-cii-codes',
      'en16931-cii-syntax',
      'facturx-1.09-en16931',
    ]);
    expect(r.validationArtifacts[4]).toMatchObject({
      family: 'Factur-X EN 16931',
      version: '1.09',
      sourceAuthority: 'FNFE-MPE / FeRD',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(r.validationArtifacts[1]).toMatchObject({
      family: 'EN16931 CII',
      profile: 'EN16931',
      syntax: 'CII',
      version: '1.3.16',
      sourceAuthority: 'CEN/TC 434',
      status: 'available',
    });
    expect(r.legalDisclaimer).toMatch(/not acceptance/);
    expect(validationReportSchema.parse(r)).toEqual(r);
  });

  it('reports issues with location, business term, stage and a message in the language asked', () => {
    const source = read('cii/mutants/BR-CO-10__line-net-amount-mismatch__CII_example6.xml');
    const en = validateXml(source, EN);
    const fr = validateXml(source, { ...EN, lang: 'fr' });
    if (!en.ok || !fr.ok) throw new Error('expected reports');
    expect(en.report.valid).toBe(false);
    const issue = en.report.issues.find((i) => i.ruleId === 'BR-CO-10');
    expect(issue).toMatchObject({
      severity: 'fatal',
      bt: 'BT-106',
      stage: 'schematron',
      location:
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    });
    expect(issue?.message).toMatch(/BT-106/);
    expect(fr.report.issues.find((i) => i.ruleId === 'BR-CO-10')?.message).toMatch(/somme des montants nets/);
    expect(en.report.stages.schematron).toMatchObject({
      passed: false,
      error_count: en.report.summary.errorCount,
    });
  });

  it('fails a MINIMUM invoice on the full EN 16931 rules, and says it conforms to its own profile', () => {
    const source = read('pdf/fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_MINIMUM.xml');
    const outcome = validateXml(source, EN);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.report;
    expect(r.profile).toBe('MINIMUM');
    expect(r.valid).toBe(false);
    expect(r.issues.map((i) => i.ruleId)).toEqual(expect.arrayContaining(['BR-16', 'BR-CO-10', 'BR-10']));
    expect(r.profileConformance).toMatchObject({ conforms: true, issues: [] });
    expect(r.profileConformance.statement).toBe('Conforms to Factur-X MINIMUM; not an EN 16931 invoice.');
    expect(r.notes?.[0]).toMatch(/no invoice lines \(BG-25\).*cannot be valid for the EN 16931 target/);
    expect(r.stages.profile).toMatchObject({ passed: true, skipped: false });
    expect(r.validationArtifacts.map((a) => a.id)).toContain('facturx-1.09-minimum');
  });

  it('shows what FNFE accepts for a BASIC WL invoice in the first year beside the full verdict', () => {
    const source = read('pdf/fnfe_Facture_F20260023-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC_WL.xml');
    const outcome = validateXml(source, { ...EN, target: 'france_2026', lang: 'fr' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.report;
    expect(r.profile).toBe('BASIC_WL');
    expect(r.valid).toBe(false);
    expect(r.issues.map((i) => i.ruleId)).toContain('BR-16');
    expect(r.profileConformance.statement).toBe(
      'Conforme à Factur-X BASIC WL ; ce n’est pas une facture EN 16931.',
    );
    expect(r.profileConformance.franceFirstYear).toEqual({
      accepted: true,
      errorCount: 0,
      ruleSets: ['facturx-xsd-basic-wl', 'br-fr-flux2-cii', 'facturx-1.09-basic-wl'],
    });
    expect(r.notes?.[0]).toMatch(/BASIC WL ne porte pas de lignes de facture \(BG-25\)/);
    expect(r.notes?.[1]).toMatch(/première année de la réforme.*cette facture est acceptée/);
    const broken = validateXml(
      source.replace(/<ram:LineTotalAmount>[^<]*</, '<ram:LineTotalAmount>1.234<'),
      EN,
    );
    if (!broken.ok) throw new Error(broken.error.message);
    expect(broken.report.profileConformance.issues.map((i) => i.ruleId)).toContain('BR-DEC-09');
    expect(broken.report.profileConformance.conforms).toBe(false);
  });

  it('merges the findings of the PDF side', () => {
    const outcome = validateXml(read('cii/valid/CII_example1.xml'), {
      ...EN,
      pdf: {
        pdfa: {
          skipped: false,
          issues: [
            { ruleId: 'PDFA-6.2', severity: 'fatal', message: 'x', location: '/', bt: null, stage: 'pdfa' },
          ],
        },
        facturx_pdf: { skipped: false, issues: [] },
      },
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.report.valid).toBe(false);
    expect(outcome.report.stages.pdfa).toMatchObject({ passed: false, skipped: false, error_count: 1 });
    expect(outcome.report.stages.facturx_pdf).toMatchObject({ passed: true, skipped: false });
  });
});

describe('withPdfStages: the PDF side added to a report without judging the XML again', () => {
  const own = readFileSync(
    fileURLToPath(new URL('../rules/facturx/fixtures/en16931.xml', import.meta.url)),
    'utf8',
  );
  const issue = (ruleId: string, severity: 'fatal' | 'warning', stage: PdfStage) => ({
    ruleId,
    severity,
    message: ruleId,
    location: '/',
    bt: null,
    stage,
  });
  const pdfSides: Readonly<Record<PdfStage, PdfStageFindings>>[] = [
    {
      pdfa: {
        skipped: false,
        issues: [issue('PDFA-6.2', 'fatal', 'pdfa'), issue('PDFA-X', 'warning', 'pdfa')],
      },
      facturx_pdf: { skipped: false, issues: [issue('FX-1', 'warning', 'facturx_pdf')] },
    },
    { pdfa: { skipped: false, issues: [] }, facturx_pdf: { skipped: true, skip_reason: 'pdf_unreadable' } },
  ];
  const timeless = (report: unknown) => JSON.stringify(report).replace(/"durationMs":[0-9.]+/, '');

  it.each([
    ['a valid invoice', own],
    ['an invoice with findings', own.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>1.00<')],
  ])('%s: the same report, byte for byte but for its duration', (_name, xml) => {
    const alone = validateXml(xml, { ...EN, filename: 'a.pdf' });
    if (!alone.ok) throw new Error(alone.error.message);
    for (const pdf of pdfSides) {
      const whole = validateXml(xml, { ...EN, filename: 'a.pdf', pdf });
      if (!whole.ok) throw new Error(whole.error.message);
      const added = withPdfStages(alone.report, pdf, performance.now());
      expect(timeless(added)).toBe(timeless(whole.report));
      expect(added.durationMs).toBeGreaterThanOrEqual(alone.report.durationMs);
    }
  });
});
