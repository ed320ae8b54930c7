/**
 * What a candidate's profile schema requires and the invoice lacks (core/cii/write.ts `gaps`), reported
 * as the EN 16931 rule that needs the missing term, with that term: a finding a form or a request context
 * can clear, where the schema's own finding ("… is not allowed at this place") is about what follows. A gap with no
 * business term (a syntax element: a VAT TypeCode, a ChargeIndicator) keeps the schema's rule id, `XSD`,
 * and so does a term that only its own element requires (BT-22, the text of a note given without it),
 * with that term.
 */
import type { Lang } from '../api/lang';
import type { ValidationIssue } from '../api/validation-report';
import type { SchemaGap } from '../cii/write';
import { CONFORMANCE_LEVEL, type Profile } from '../cii/profile';
import { en16931ModelRules } from '../rules/en16931';
import { attributeWords, placeWords, spelledName } from '../model/place-words';
import type { Message, RuleMeta } from '../rules/rule';
import { xsdRules } from '../rules/xsd';

/** The EN 16931 rule that requires each term (or group) a Factur-X schema makes mandatory. */
const RULE_OF_TERM: Readonly<Record<string, string>> = {
  'BT-1': 'BR-02',
  'BT-2': 'BR-03',
  'BT-3': 'BR-04',
  'BT-5': 'BR-05',
  'BG-4': 'BR-06',
  'BT-27': 'BR-06',
  'BG-7': 'BR-07',
  'BT-44': 'BR-07',
  'BG-5': 'BR-08',
  'BT-40': 'BR-09',
  'BG-8': 'BR-10',
  'BT-55': 'BR-11',
  'BT-106': 'BR-12',
  'BG-22': 'BR-13',
  'BT-109': 'BR-13',
  'BT-112': 'BR-14',
  'BT-115': 'BR-15',
  'BG-25': 'BR-16',
  'BT-59': 'BR-17',
  'BT-62': 'BR-18',
  'BG-12': 'BR-19',
  'BT-69': 'BR-20',
  'BT-126': 'BR-21',
  'BT-129': 'BR-22',
  'BT-130': 'BR-23',
  'BT-131': 'BR-24',
  'BG-31': 'BR-25',
  'BT-153': 'BR-25',
  'BG-29': 'BR-26',
  'BT-146': 'BR-26',
  'BT-92': 'BR-31',
  'BT-95': 'BR-32',
  'BT-99': 'BR-36',
  'BT-102': 'BR-37',
  'BT-136': 'BR-41',
  'BT-141': 'BR-43',
  'BT-117': 'BR-46',
  'BT-118': 'BR-47',
  'BT-119': 'BR-48',
  'BT-81': 'BR-49',
  'BT-84': 'BR-50',
  'BT-87': 'BR-51',
  'BT-160': 'BR-54',
  'BT-161': 'BR-54',
  'BT-25': 'BR-55',
  'BT-63': 'BR-56',
  'BT-80': 'BR-57',
  'BG-30': 'BR-CO-04',
  'BT-151': 'BR-CO-04',
  'BG-23': 'BR-CO-18',
};

let rules: ReadonlyMap<string, RuleMeta> | null = null;

function ruleOf(id: string): RuleMeta | undefined {
  rules ??= new Map(en16931ModelRules.rules.map((r) => [r.id, r]));
  return rules.get(id);
}

/** The rule each term maps to, as data and rule set agree (checked by the tests). */
export const gapRules = (): Readonly<Record<string, string>> => RULE_OF_TERM;

/** The missing element or attribute in words (place-words.ts); the location names it in XML. */
function missingWords(gap: SchemaGap): Message {
  const attribute = gap.element.startsWith('@') ? gap.element.slice(1) : undefined;
  const place = attribute ? gap.xpath.replace(/\/@[^/]*$/, '') : gap.xpath;
  const words = attribute ? attributeWords(place, attribute) : placeWords(place);
  return words ?? spelledName(gap.element);
}

function detail(gap: SchemaGap, profile: Profile): Message {
  const schema = `Factur-X 1.09 ${CONFORMANCE_LEVEL[profile]}`;
  const missing = missingWords(gap);
  if (gap.effect === 'left_out' && gap.leftOut) {
    const held = placeWords(gap.leftOut) ?? spelledName(gap.leftOut.slice(gap.leftOut.lastIndexOf('/') + 1));
    return {
      en: `the ${schema} schema requires “${missing.en}”: “${held.en}” is left out of the XML until it is given`,
      fr: `le schéma ${schema} exige « ${missing.fr} » : « ${held.fr} » est laissé hors du XML tant qu’il n’est pas fourni`,
    };
  }
  return {
    en: `the ${schema} schema requires “${missing.en}”: the candidate XML is written once it is given`,
    fr: `le schéma ${schema} exige « ${missing.fr} » : le XML candidat est écrit dès qu’il est fourni`,
  };
}

/** The schema's own rule (`XSD`), for a gap no EN 16931 rule names. */
const schemaRule = (profile: Profile): RuleMeta => xsdRules(profile).rules.find((r) => r.id === 'XSD')!;

/** Each gap as a fatal finding of the structure stage, under the rule that needs its term. */
export function gapIssues(gaps: readonly SchemaGap[], profile: Profile, lang: Lang): ValidationIssue[] {
  return gaps.map((gap) => {
    const rule = (gap.term && ruleOf(RULE_OF_TERM[gap.term] ?? '')) || schemaRule(profile);
    return {
      ruleId: rule.id,
      severity: 'fatal',
      message: `${rule.message[lang]} (${detail(gap, profile)[lang]})`,
      location: gap.xpath,
      // A group missing as a whole (a buyer) is cleared by the term its rule asks for (BT-44).
      bt:
        (gap.term?.startsWith('BG-') ? rule.bt.find((t) => t.startsWith('BT-')) : undefined) ??
        gap.term ??
        rule.bt[0] ??
        null,
      stage: 'xsd',
    };
  });
}
