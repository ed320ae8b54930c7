import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { PROFILES, type Profile } from '../../cii/profile';
import { CII_PREFIXES, RAM, RSM, UDT } from '../../cii/namespaces';
import { corpusDir, describeCorpus, referenceDir } from '../../testing/corpus';
import { readVerdicts } from '../../testing/cii-verdicts';
import { XSD_FOLDER } from '../../testing/libxml2-xsd';
import { parseXml, position } from '../../xml/parse';
import { descendants, xpathOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { ruleInput, runRuleSets } from '../run';
import { xsdRules } from './index';

function ourErrors(source: string, profile: Profile): { line: number; text: string }[] {
  const parsed = parseXml(source);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return runRuleSets(ruleInput(parsed.doc), [xsdRules(profile)]).map((f) => ({
    // libxml2 numbers an element by the line where its start tag ends.
    line: position(source, f.at.startTagEnd - 1).line,
    text: `${xpathOf(f.at, CII_PREFIXES)} ${f.detail?.en ?? ''}`,
  }));
}

const MINIMAL = `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}" xmlns:udt="${UDT}">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>F1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20260101</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>10.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">2.00</ram:TaxTotalAmount><ram:GrandTotalAmount>12.00</ram:GrandTotalAmount><ram:DuePayableAmount>12.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('XSD structure rule', () => {
  it('accepts a minimal MINIMUM invoice and says each defect xmllint finds in the words of the terms', () => {
    expect(ourErrors(MINIMAL, 'MINIMUM')).toEqual([]);
    const order = MINIMAL.replace(
      '<ram:ID>F1</ram:ID><ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:ID>F1</ram:ID>',
    );
    expect(ourErrors(order, 'MINIMUM').map((e) => e.text)).toEqual([
      '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode “Invoice type code (BT-3)” is not allowed at this place; expected here: “Invoice number (BT-1)”.',
    ]);
    const missing = MINIMAL.replace('<ram:DuePayableAmount>12.00</ram:DuePayableAmount>', '');
    expect(ourErrors(missing, 'MINIMUM').map((e) => e.text)).toEqual([
      expect.stringContaining(
        '“Document totals (BG-22)” lacks required data; expected next: “Amount due for payment (BT-115)”.',
      ),
    ]);
    const decimal = MINIMAL.replace('>10.00<', '>10,00<');
    expect(ourErrors(decimal, 'MINIMUM').map((e) => e.text)).toEqual([
      expect.stringContaining(
        '“Invoice total amount without VAT (BT-109)”: "10,00" is not valid (expected: a number, with "." as decimal separator).',
      ),
    ]);
    const format = MINIMAL.replace(' format="102"', '');
    expect(ourErrors(format, 'MINIMUM').map((e) => e.text)).toEqual([
      expect.stringContaining('“Invoice issue date (BT-2) › Date format” is required: give it.'),
    ]);
    const tooMany = MINIMAL.replace(
      '<ram:TaxTotalAmount currencyID="EUR">2.00</ram:TaxTotalAmount>',
      '<ram:TaxTotalAmount>2.00</ram:TaxTotalAmount>'.repeat(3),
    );
    expect(ourErrors(tooMany, 'MINIMUM')).toHaveLength(1);
    expect(
      ourErrors(
        MINIMAL.replace(
          '<ram:ApplicableHeaderTradeDelivery/>',
          '<ram:ApplicableHeaderTradeDelivery>x</ram:ApplicableHeaderTradeDelivery>',
        ),
        'MINIMUM',
      ),
    ).toHaveLength(1);
  });

  it('checks each profile against its own schema', () => {
    // A MINIMUM invoice lacks what BASIC and above require (lines, VAT breakdown…).
    expect(ourErrors(MINIMAL, 'EN16931').length).toBeGreaterThan(0);
    expect(xsdRules('EN16931').version).toBe('1.09');
    expect(xsdRules('EN16931').rules.map((r) => r.id)).toEqual(['FX-XML-ENCODING', 'XSD']);
  });
});

describeCorpus('XSD agreement with xmllint on the CII corpus (EN16931 profile)', (corpus) => {
  it('fires exactly on the files xmllint finds invalid, on the same lines', () => {
    const verdicts = readVerdicts(corpus);
    const disagreements: string[] = [];
    for (const v of verdicts) {
      const ours = ourErrors(readFileSync(path.join(corpus, 'cii', v.file), 'utf8'), 'EN16931');
      const lines = (l: number[]) => [...new Set(l)].sort((a, b) => a - b).join(',');
      const theirs = v.xsd.errors
        .filter((e) => !e.includes('namespace error'))
        .map((e) => Number(/^line (\d+)/.exec(e)?.[1]));
      if ((ours.length === 0) !== v.xsd.valid || lines(ours.map((e) => e.line)) !== lines(theirs)) {
        disagreements.push(
          `${v.file}: ours ${JSON.stringify(ours)}, xmllint ${JSON.stringify(v.xsd.errors)}`,
        );
      }
    }
    console.log(
      `XSD (EN16931): ${verdicts.length - disagreements.length}/${verdicts.length} files agree with xmllint`,
    );
    expect(disagreements).toEqual([]);
  });
});

/** Per invalid document (by index), the lines xmllint reports schema errors on. */
async function xmllintErrors(profile: Profile, files: readonly string[]): Promise<Map<number, Set<number>>> {
  const dir = path.join(referenceDir()!, 'facturx-1.09-xsd', XSD_FOLDER[profile]);
  const xsds = readdirSync(dir).map((f) => ({
    fileName: f,
    contents: readFileSync(path.join(dir, f), 'utf8'),
  }));
  const main = xsds.find((x) => /^Factur-X_[A-Z0-9]+\.xsd$/.test(x.fileName))!;
  const result = await validateXML({
    xml: files.map((contents, i) => ({ fileName: `f${i}.xml`, contents })),
    schema: main,
    preload: xsds.filter((x) => x !== main),
    maxMemoryPages: 16384,
  });
  const invalid = new Map<number, Set<number>>();
  for (const e of result.errors) {
    const m = /^f(\d+)\.xml/.exec(e.loc?.fileName ?? e.rawMessage);
    if (!m) throw new Error(`unattributed xmllint error: ${e.rawMessage}`);
    const lines = invalid.get(Number(m[1])) ?? new Set<number>();
    invalid.set(Number(m[1]), lines);
    // The closing "fails to validate" line has no position; namespace errors are the parser's, not the schema's.
    if (e.loc && !e.rawMessage.includes('namespace error')) lines.add(e.loc.lineNumber);
  }
  return invalid;
}

/** Structure-breaking edits of a document, each on one element chosen by a deterministic walk. */
function variants(source: string): string[] {
  const parsed = parseXml(source);
  if (!parsed.ok) return [];
  const all = descendants(parsed.doc.root);
  const out: string[] = [];
  const pick = (k: number, ok: (e: XmlElement) => boolean): XmlElement | undefined => {
    const candidates = all.filter(ok);
    return candidates[(k * 7919) % Math.max(candidates.length, 1)];
  };
  const edit = (start: number, end: number, text: string) =>
    out.push(source.slice(0, start) + text + source.slice(end));
  for (let k = 0; k < 4; k++) {
    const removed = pick(k, () => true);
    if (removed) edit(removed.start, removed.end, '');
    const copied = pick(k + 1, () => true);
    if (copied) edit(copied.end, copied.end, source.slice(copied.start, copied.end));
    const leaf = pick(k + 2, (e) => e.children.length === 1 && e.children[0]!.kind === 'text');
    if (leaf) edit(leaf.startTagEnd, leaf.endTagStart, k % 2 ? '1 000,5' : 'yes');
    const parent = pick(k + 3, (e) => e.children.some((c) => c.kind === 'element'));
    if (parent) edit(parent.startTagEnd, parent.startTagEnd, k % 2 ? 'text' : '<ram:Unknown/>');
    const attributed = pick(k, (e) => e.attributes.some((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns'));
    const attribute = attributed?.attributes.find((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns');
    if (attribute) edit(attribute.start, attribute.end, k % 2 ? '' : 'foo="1"');
    const withSiblings = pick(
      k,
      (e) => (e.parent?.children.filter((c) => c.kind === 'element').length ?? 0) > 1,
    );
    const next = withSiblings?.parent?.children.filter((c): c is XmlElement => c.kind === 'element');
    const i = next?.indexOf(withSiblings!) ?? -1;
    const after = next?.[i + 1];
    if (withSiblings && after) {
      edit(
        withSiblings.start,
        after.end,
        source.slice(after.start, after.end) +
          source.slice(withSiblings.end, after.start) +
          source.slice(withSiblings.start, withSiblings.end),
      );
    }
  }
  return out;
}

/**
 * The first value of a kind replaced by edge cases of its lexical space (decimal, boolean, base64), and
 * attributes, comments, processing instructions and CDATA where a validator might stumble.
 */
function lexicalVariants(source: string): string[] {
  const cases: [RegExp, string[]][] = [
    [
      /(<ram:LineTotalAmount>)[^<]*(<)/,
      [
        '1',
        '+1.0',
        '-.5',
        '5.',
        '.',
        '',
        ' 1 ',
        '1e3',
        '\u0661',
        'NaN',
        '1 0',
        '+',
        '-0',
        '1'.repeat(30),
        '0'.repeat(40) + '1.5',
        '\u00a01',
      ],
    ],
    [/(<udt:Indicator>)[^<]*(<)/, ['true', ' false ', '1', '0', 'TRUE', 'yes', '']],
    [
      /(<ram:AttachmentBinaryObject[^>]*>)[^<]*(<)/,
      ['', 'QQ==', 'QUI=', 'QUJD', 'Q Q = =', 'QQ=', 'Q===', '@@@@', 'QR==', 'QUJDRA'],
    ],
  ];
  const root = /<rsm:CrossIndustryInvoice /;
  cases.push(
    [/(<ram:LineTotalAmount>)[^<]*(<)/, ['<![CDATA[12.5]]>', '&#49;0', '<!-- c -->7']],
    [/(<ram:LineTotalAmount>[^<]*<\/ram:LineTotalAmount>)()/, ['<!-- between -->', '<?pi x?>']],
  );
  const attributes = ['xml:lang="fr" ', 'version="1" '].map((a) => source.replace(root, (m) => m + a));
  return attributes.concat(
    cases.flatMap(([pattern, values]) =>
      pattern.test(source)
        ? values.map((v) => source.replace(pattern, (_m, open: string, close: string) => open + v + close))
        : [],
    ),
  );
}

const corpus = corpusDir();
describe.skipIf(!corpus || !referenceDir())('XSD verdicts equal xmllint-wasm for every profile', () => {
  const files = () => {
    const pdf = path.join(corpus!, 'pdf');
    const xmls = readdirSync(pdf)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => readFileSync(path.join(pdf, f), 'utf8'));
    const bases = [
      'cii/valid/CII_example1.xml',
      'cii/valid/FR-synthetic-base.xml',
      'cii/valid/CII_business_example_Z.xml',
      'pdf/fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_MINIMUM.xml',
      'pdf/fnfe_Facture_F20260023-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC_WL.xml',
      'pdf/fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC.xml',
      'pdf/fnfe_Facture_F20260026-LE_FOURNISSEUR-POUR-LE_CLIENT_EXTENDED.xml',
    ].map((f) => readFileSync(path.join(corpus!, f), 'utf8'));
    const minimal = [MINIMAL, ...variants(MINIMAL)];
    const example5 = readFileSync(path.join(corpus!, 'cii/valid/CII_example5.xml'), 'utf8');
    return [...xmls, ...bases, ...bases.flatMap(variants), ...minimal, ...lexicalVariants(example5)];
  };

  for (const profile of PROFILES) {
    it(`${profile}: our verdict equals xmllint's on the PDF corpus XMLs and generated variants`, async () => {
      const docs = files();
      const invalid = await xmllintErrors(profile, docs);
      const lines = (l: Iterable<number>) => [...new Set(l)].sort((a, b) => a - b).join(',');
      const compared = docs.map((doc, i) => ({ i, ours: ourErrors(doc, profile), theirs: invalid.get(i) }));
      const disagreements = compared
        .filter((d) => d.ours.length > 0 !== (d.theirs !== undefined))
        .map(
          (d) =>
            `#${d.i}: xmllint ${d.theirs ? 'invalid' : 'valid'}, ours ${JSON.stringify(d.ours.slice(0, 3))}`,
        );
      const otherLines = compared
        .filter((d) => lines(d.ours.map((o) => o.line)) !== lines(d.theirs ?? []))
        .map(
          (d) => `#${d.i}: xmllint errors on lines ${lines(d.theirs ?? [])}, ours ${JSON.stringify(d.ours)}`,
        );
      console.log(
        `XSD ${profile}: ${docs.length - disagreements.length}/${docs.length} verdicts equal xmllint's (${invalid.size} invalid), ${docs.length - otherLines.length} with the same error lines`,
      );
      expect(disagreements).toEqual([]);
      expect(otherLines).toEqual([]);
    }, 120_000);
  }
});
