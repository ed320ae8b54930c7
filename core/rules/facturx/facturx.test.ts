import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROFILES, type Profile } from '../../cii/profile';
import { referenceDir } from '../../testing/corpus';
import { parseXml } from '../../xml/parse';
import { ruleInput, runRuleSets } from '../run';
import { compileTest, compileXPath } from '../xpath/xpath-engine';
import { FACTURX_PROFILE_ARTEFACTS, facturxProfileRules } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): string => readFileSync(path.join(here, 'fixtures', `${name}.xml`), 'utf8');

function findings(source: string, profile: Profile): string[] {
  const parsed = parseXml(source);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return runRuleSets(ruleInput(parsed.doc), [facturxProfileRules(profile)]).map((f) => f.rule.id);
}

describe('Factur-X 1.09 profile rules', () => {
  it.each(PROFILES)(
    '%s: every assertion compiles and says what is wrong in English and French',
    (profile) => {
      const set = facturxProfileRules(profile);
      const artefact = FACTURX_PROFILE_ARTEFACTS[profile];
      expect(set.rules).toHaveLength(artefact.assertions - artefact.codeListAssertions);
      for (const rules of artefact.patterns)
        for (const [context, asserts] of rules) {
          expect(() => compileXPath(context)).not.toThrow();
          for (const a of asserts) expect(() => compileTest(a[3])).not.toThrow();
        }
      for (const r of set.rules) {
        expect(r.message.en).not.toBe('');
        expect(r.message.fr).not.toBe(r.message.en);
      }
    },
  );

  const reference = referenceDir();
  it.skipIf(!reference).each(PROFILES)(
    '%s: the data holds every assertion of the official artefact, with its ids and flags',
    (profile) => {
      const artefact = FACTURX_PROFILE_ARTEFACTS[profile];
      const text = readFileSync(
        path.join(reference!, 'facturx-1.09-schematron', artefact.artefact),
        'utf8',
      ).replace(/<!--[\s\S]*?-->/g, '');
      // Assertions as the artefact writes them: `<assert`/`<report` in a source, the skeleton's
      // `svrl:failed-assert`/`svrl:successful-report` in a compiled one (each once per assertion).
      const compiled = artefact.artefact.endsWith('.xsl');
      const raw = compiled
        ? text.match(/<svrl:(failed-assert|successful-report) /g)
        : text.match(/<(assert|report)\b/g);
      expect(raw).toHaveLength(artefact.assertions);
      const codeLists = (
        text.match(
          compiled ? /<xsl:(when|if) test="[^"]*document\(/g : /<(assert|report) test="[^"]*document\(/g,
        ) ?? []
      ).length;
      expect(artefact.codeListAssertions).toBe(codeLists);
      const ids = new Set([...text.matchAll(/^\s*\[([A-Z][A-Za-z0-9-]+)\]/gm)].map((m) => m[1]));
      const ours = new Set(
        artefact.patterns.flatMap((rules) =>
          rules.flatMap(([, asserts]) => asserts.filter((a) => a[5][0] === 'rule').map((a) => a[0])),
        ),
      );
      expect([...ours].sort()).toEqual([...ids].sort());
      const warnings = artefact.patterns.flatMap((rules) =>
        rules.flatMap(([, asserts]) => asserts.filter((a) => a[1] === 'warning')),
      );
      expect(warnings).toHaveLength(
        (text.match(compiled ? /<xsl:attribute name="flag">warning</g : /flag="warning"/g) ?? []).length,
      );
    },
  );

  it('a MINIMUM invoice conforms to its profile; the elements MINIMUM does not use are reported', () => {
    const minimum = fixture('minimum');
    expect(findings(minimum, 'MINIMUM')).toEqual([]);
    const withBuyerAddress = minimum.replace(
      /(<ram:BuyerTradeParty>[\s\S]*?)(<\/ram:BuyerTradeParty>)/,
      '$1<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>$2',
    );
    expect(findings(withBuyerAddress, 'MINIMUM')).toEqual(['FX-MINIMUM-0090']);
  });

  it('a BASIC WL invoice conforms to its profile and fails it on a business rule with its official id', () => {
    const basicWl = fixture('basic-wl');
    expect(findings(basicWl, 'BASIC_WL')).toEqual([]);
    const noSellerName = basicWl.replace(/<ram:Name>Atelier Exemple SAS<\/ram:Name>/, '');
    expect(findings(noSellerName, 'BASIC_WL')).toEqual(expect.arrayContaining(['BR-06']));
  });

  it('judges an EXTENDED invoice on the EXTENDED sums', () => {
    const extended = fixture('extended');
    expect(findings(extended, 'EXTENDED')).toEqual([]);
    const wrongTotal = extended.replace(/<ram:LineTotalAmount>([^<]*)</, '<ram:LineTotalAmount>1.00<');
    expect(findings(wrongTotal, 'EXTENDED')).toEqual(expect.arrayContaining(['BR-FXEXT-CO-10']));
  });
});
