/**
 * No rule's cost grows faster than the invoice: every rule of every rule set (the structure check, the
 * EN 16931 model, code and syntax rules, BR-FR, the Factur-X rules of each profile) run on an invoice
 * with n lines, n document allowances, n charges and n VAT breakdowns (core/testing/scaled-invoice.ts),
 * then with 4n. Cost is counted as reads of the tree (core/testing/tree-reads.ts), the same on a loaded
 * machine as on an idle one. A rule pairing every line with every other, or every line with every
 * breakdown, reads about 16 times more at 4n; a linear one 4 times, n·log n a little more.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES, type Profile } from '../cii/profile';
import { scaledInvoice } from '../testing/scaled-invoice';
import { countTreeReads } from '../testing/tree-reads';
import { parseXml } from '../xml/parse';
import { en16931ModelRules } from './en16931';
import { en16931CodeRules } from './en16931/codes';
import { ciiSyntaxRules } from './en16931/syntax';
import { facturxProfileRules } from './facturx';
import { france2026Rules } from './france-2026';
import type { RuleSet } from './rule';
import { ruleInput } from './run';
import { xsdRules } from './xsd';

const N = 25;
/** Above 4 (linear), room for n·log n and for a constant part; far below 16 (quadratic). */
const MOST_GROWTH = 6;
/** A rule reading this little at 4n costs next to nothing whatever its growth. */
const NEGLIGIBLE = 200;

const setsOf = (profile: Profile): RuleSet[] => [
  xsdRules(profile),
  en16931ModelRules,
  en16931CodeRules,
  ciiSyntaxRules,
  france2026Rules,
  facturxProfileRules(profile),
];

/** Tree reads of each rule (by set and id), run in order on one document as validation runs them. */
function readsByRule(n: number, profile: Profile): Map<string, number> {
  const parsed = parseXml(scaledInvoice(n, profile));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const counter = countTreeReads(parsed.doc.root);
  const input = ruleInput(parsed.doc);
  const out = new Map<string, number>();
  for (const set of setsOf(profile)) {
    for (const rule of set.rules) {
      counter.reset();
      rule.check(input);
      const key = `${set.id} ${rule.id}`;
      out.set(key, (out.get(key) ?? 0) + counter.reads);
    }
  }
  return out;
}

describe('the cost of every rule grows linearly with the invoice', () => {
  it.each(PROFILES)('%s: reads at 4n within six times those at n, rule by rule', (profile) => {
    const small = readsByRule(N, profile);
    const large = readsByRule(4 * N, profile);
    const fastGrowing = [...large]
      .filter(([key, reads]) => reads > NEGLIGIBLE && reads > MOST_GROWTH * Math.max(small.get(key) ?? 0, 1))
      .map(([key, reads]) => `${key}: ${small.get(key) ?? 0} → ${reads}`);
    expect(fastGrowing).toEqual([]);
    // The invoice does grow: the rules read four times more in all.
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(total(large)).toBeGreaterThan(3 * total(small));
  });
});
