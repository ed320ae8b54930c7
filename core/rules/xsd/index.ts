/**
 * Structure checks per Factur-X 1.09 profile (rule id `XSD`): what each profile's schema allows, from
 * content models generated out of the reference XSDs (see model.ts); the XSDs are not read at run time.
 */
import type { Profile } from '../../cii/profile';
import { shipped } from '../digests';
import type { Rule, RuleSet } from '../rule';
import { compileModel, type XsdModel, type XsdModelData } from './model';
import { BASIC_XSD } from './models/basic';
import { BASIC_WL_XSD } from './models/basic-wl';
import { EN16931_XSD } from './models/en16931';
import { EXTENDED_XSD } from './models/extended';
import { MINIMUM_XSD } from './models/minimum';
import { validateStructure } from './validate-structure';

const MODELS: Readonly<Record<Profile, XsdModelData>> = {
  MINIMUM: MINIMUM_XSD,
  BASIC_WL: BASIC_WL_XSD,
  BASIC: BASIC_XSD,
  EN16931: EN16931_XSD,
  EXTENDED: EXTENDED_XSD,
};

const sets = new Map<Profile, RuleSet>();

function xsdRule(profile: Profile, model: XsdModel): Rule {
  return {
    id: 'XSD',
    severity: 'fatal',
    bt: [],
    message: {
      en: `The XML must conform to the Factur-X 1.09 ${profile} schema.`,
      fr: `Le XML doit être conforme au schéma Factur-X 1.09 ${profile}.`,
    },
    check: (input) => validateStructure(input.root, model),
  };
}

/** Factur-X carries its XML in UTF-8; a document read in another encoding (UTF-16, say) is refused by it. */
const encodingRule: Rule = {
  id: 'FX-XML-ENCODING',
  severity: 'fatal',
  bt: [],
  message: {
    en: 'Factur-X requires the invoice XML to be encoded in UTF-8.',
    fr: 'Factur-X exige un XML de facture encodé en UTF-8.',
  },
  check: ({ doc, root }) => {
    const { name } = doc.encoding;
    return name === 'UTF-8' ? [] : [{ at: root, detail: { en: `read as ${name}`, fr: `lu en ${name}` } }];
  },
};

/** The schema check of one profile (`XSD`) and the encoding of the document, compiled once. */
export function xsdRules(profile: Profile): RuleSet {
  let set = sets.get(profile);
  if (!set) {
    set = shipped({
      id: `facturx-xsd-${profile.toLowerCase().replace('_', '-')}`,
      stage: 'xsd',
      family: 'Factur-X XSD',
      version: '1.09',
      sourceAuthority: 'FNFE-MPE / FeRD (Factur-X)',
      rules: [encodingRule, xsdRule(profile, compileModel(MODELS[profile]))],
    });
    sets.set(profile, set);
  }
  return set;
}
