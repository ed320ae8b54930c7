/**
 * Our messages for the Factur-X profile rules, in English and French. A business rule the EN16931
 * artefact also has (BR-45, BR-CO-17, CII-SR-…) says what our EN16931 rule says; the rules Factur-X adds
 * (BR-FXEXT-…, BR-FX-EN-04, BR-CO-27…) have their own; the structural assertions (how often an element
 * may occur in the profile, elements a profile does not use) are said from their data.
 */
import type { Message, RuleMeta } from '../rule';
import { en16931ModelRules } from '../en16931';
import { en16931CodeRules } from '../en16931/codes';
import { ciiSyntaxRules } from '../en16931/syntax';
import type { MessageData } from './definition';
import { attributeWords, placeWords } from '../../model/place-words';

/** The EN16931 rules by id, for their messages (read on first use: some are worded from the model). */
let en16931Rules: ReadonlyMap<string, RuleMeta> | null = null;

function en16931Message(id: string): Message | undefined {
  en16931Rules ??= new Map(
    [en16931ModelRules, en16931CodeRules, ciiSyntaxRules].flatMap((set) =>
      set.rules.map((r) => [r.id, r] as const),
    ),
  );
  return en16931Rules.get(id)?.message;
}

const CATEGORY_NAMES: Readonly<Record<string, Message>> = {
  S: { en: 'Standard rated (S)', fr: 'taux normal (S)' },
  Z: { en: 'Zero rated (Z)', fr: 'taux zéro (Z)' },
  E: { en: 'Exempt from VAT (E)', fr: 'exonéré de TVA (E)' },
  AE: { en: 'VAT reverse charge (AE)', fr: 'autoliquidation (AE)' },
  IC: { en: 'Intra-community supply (K)', fr: 'livraison intracommunautaire (K)' },
  G: { en: 'Export outside the EU (G)', fr: 'exportation hors UE (G)' },
  O: { en: 'Not subject to VAT (O)', fr: 'hors champ de la TVA (O)' },
  AF: { en: 'IGIC, Canary Islands (L)', fr: 'IGIC, Canaries (L)' },
  AG: { en: 'IPSI, Ceuta and Melilla (M)', fr: 'IPSI, Ceuta et Melilla (M)' },
};

/** Rules of Factur-X's own (not in the EN16931 artefact), by id. */
const FACTURX_MESSAGES: Readonly<Record<string, Message>> = {
  'PEPPOL-EN16931-R008': {
    en: 'The invoice must not contain empty data: fill it in or remove it.',
    fr: 'La facture ne doit pas contenir de donnée vide : renseignez-la ou retirez-la.',
  },
  'BR-CO-25': {
    en: 'When the Amount due for payment (BT-115) is positive, the Payment due date (BT-9) or the Payment terms (BT-20) must be given.',
    fr: 'Quand le montant à payer (BT-115) est positif, la date d’échéance (BT-9) ou les conditions de paiement (BT-20) doivent être indiquées.',
  },
  'BR-CO-27': {
    en: 'The Payment account identifier (BT-84) must be an IBAN or a proprietary identifier.',
    fr: 'L’identifiant du compte de paiement (BT-84) doit être un IBAN ou un identifiant propriétaire.',
  },
  'BR-FX-EN-04': {
    en: 'An invoice that is not a down payment invoice (386) must give the Actual delivery date (BT-72), an Invoicing period (BG-14) or a period on each line (BG-26); without BT-72, at least the Deliver to country (BT-80).',
    fr: 'Une facture qui n’est pas un acompte (386) doit indiquer la date de livraison (BT-72), une période de facturation (BG-14) ou une période sur chaque ligne (BG-26) ; sans BT-72, au moins le pays de livraison (BT-80).',
  },
  'BR-FXEXT-01': {
    en: 'When an Invoice note subject code (BT-21) is given, the note text (BT-22) or its coded form (BT-X-5) must be given too.',
    fr: 'Quand un code de sujet de note (BT-21) est indiqué, le texte de la note (BT-22) ou sa forme codée (BT-X-5) doit l’être aussi.',
  },
  'BR-FXEXT-02': {
    en: 'When a line note subject code (BT-X-10) is given, the line note text (BT-127) or its coded form (BT-X-9) must be given too.',
    fr: 'Quand un code de sujet de note de ligne (BT-X-10) est indiqué, le texte de la note (BT-127) ou sa forme codée (BT-X-9) doit l’être aussi.',
  },
  'BR-FXEXT-03': {
    en: 'Only a VAT identifier may be given for this party (other parties than seller, buyer and their representatives).',
    fr: 'Seul un numéro de TVA peut être indiqué pour cette partie (autre que le vendeur, l’acheteur et leurs représentants).',
  },
  'BR-FXEXT-04': {
    en: 'Item attribute codes should come from the UNTDED 6313 list with the Factur-X extension.',
    fr: 'Les codes d’attributs d’article devraient provenir de la liste UNTDED 6313 complétée par Factur-X.',
  },
  'BR-FXEXT-06': {
    en: 'When a parent line identifier (BT-X-304) is used, every line (BG-25) must give its line subtype (BT-X-8).',
    fr: 'Quand un identifiant de ligne parente (BT-X-304) est utilisé, chaque ligne (BG-25) doit indiquer son sous-type (BT-X-8).',
  },
  'BR-FXEXT-08': {
    en: 'A GROUP line with a net amount (BT-131) must equal the sum of the net amounts of its DETAIL and GROUP sub-lines.',
    fr: 'Une ligne GROUP avec un montant net (BT-131) doit égaler la somme des montants nets de ses sous-lignes DETAIL et GROUP.',
  },
  'BR-FXEXT-11': {
    en: 'Each parent line identifier (BT-X-304) must name an existing line identifier (BT-126).',
    fr: 'Chaque identifiant de ligne parente (BT-X-304) doit désigner un identifiant de ligne existant (BT-126).',
  },
  'BR-FXEXT-12': {
    en: 'Under a GROUP line with a net amount (BT-131), every GROUP sub-line must give a net amount too.',
    fr: 'Sous une ligne GROUP avec un montant net (BT-131), chaque sous-ligne GROUP doit aussi indiquer un montant net.',
  },
  'BR-FXEXT-BR-22': {
    en: 'Each DETAIL line (BG-25) must give the Invoiced quantity (BT-129).',
    fr: 'Chaque ligne DETAIL (BG-25) doit indiquer la quantité facturée (BT-129).',
  },
  'BR-FXEXT-BR-23': {
    en: 'Each DETAIL line (BG-25) must give the unit of measure of its quantity (BT-130).',
    fr: 'Chaque ligne DETAIL (BG-25) doit indiquer l’unité de mesure de sa quantité (BT-130).',
  },
  'BR-FXEXT-BR-24': {
    en: 'Each DETAIL line (BG-25) must give its net amount (BT-131).',
    fr: 'Chaque ligne DETAIL (BG-25) doit indiquer son montant net (BT-131).',
  },
  'BR-FXEXT-BR-26': {
    en: 'Each DETAIL line (BG-25) must give the Item net price (BT-146).',
    fr: 'Chaque ligne DETAIL (BG-25) doit indiquer le prix net de l’article (BT-146).',
  },
  'BR-FXEXT-BR-38': {
    en: 'Each Document level charge or tax (BG-21) must give a reason (BT-104), a reason code (BT-105) or a non-VAT tax code (BT-177).',
    fr: 'Chaque charge ou taxe au niveau du document (BG-21) doit indiquer un motif (BT-104), un code de motif (BT-105) ou un code de taxe autre que la TVA (BT-177).',
  },
  'BR-FXEXT-BR-44': {
    en: 'Each Invoice line charge or tax (BG-28) must give a reason (BT-144), a reason code (BT-145) or a non-VAT tax code (BT-193).',
    fr: 'Chaque charge ou taxe de ligne (BG-28) doit indiquer un motif (BT-144), un code de motif (BT-145) ou un code de taxe autre que la TVA (BT-193).',
  },
  'BR-FXEXT-BR-54-1': {
    en: 'Each Item attribute (BG-32) must give a name (BT-160) or a code (BT-X-11).',
    fr: 'Chaque attribut d’article (BG-32) doit indiquer un nom (BT-160) ou un code (BT-X-11).',
  },
  'BR-FXEXT-BR-54-2': {
    en: 'Each Item attribute (BG-32) must give a value (BT-161) or a quantity with its unit (BT-X-12), not both.',
    fr: 'Chaque attribut d’article (BG-32) doit indiquer une valeur (BT-161) ou une quantité avec son unité (BT-X-12), pas les deux.',
  },
  'BR-FXEXT-CO-04': {
    en: 'Each DETAIL line (BG-25) must give its VAT category code (BT-151).',
    fr: 'Chaque ligne DETAIL (BG-25) doit indiquer son code de catégorie de TVA (BT-151).',
  },
  'BR-FXEXT-CO-10': {
    en: 'The Sum of Invoice line net amounts (BT-106) must equal the sum of the line net amounts (BT-131), within 0.01 per line.',
    fr: 'La somme des montants nets des lignes (BT-106) doit égaler la somme des montants nets (BT-131), à 0,01 près par ligne.',
  },
  'BR-FXEXT-CO-11': {
    en: 'The Sum of allowances on document level (BT-107) must equal the sum of the allowance amounts (BT-92), within 0.01 per allowance.',
    fr: 'La somme des remises au niveau du document (BT-107) doit égaler la somme des remises (BT-92), à 0,01 près par remise.',
  },
  'BR-FXEXT-CO-12': {
    en: 'The Sum of charges on document level (BT-108) must equal the sum of the charge amounts (BT-99) and logistics service fees (BT-X-272), within 0.01 each.',
    fr: 'La somme des charges au niveau du document (BT-108) doit égaler la somme des charges (BT-99) et des frais logistiques (BT-X-272), à 0,01 près chacune.',
  },
  'BR-FXEXT-CO-13': {
    en: 'The Invoice total without VAT (BT-109) must equal the line net amounts (BT-131) minus allowances (BT-92) plus charges (BT-99), within 0.01 per amount.',
    fr: 'Le total hors TVA (BT-109) doit égaler les montants nets des lignes (BT-131) moins les remises (BT-92) plus les charges (BT-99), à 0,01 près par montant.',
  },
  'BR-FXEXT-CO-15': {
    en: 'The Invoice total with VAT (BT-112) must equal the total without VAT (BT-109) plus the total VAT (BT-110), within 0.01 per amount.',
    fr: 'Le total TTC (BT-112) doit égaler le total hors TVA (BT-109) plus le total de TVA (BT-110), à 0,01 près par montant.',
  },
  'BR-FXEXT-CO-16': {
    en: 'The Amount due for payment (BT-115) must equal the total with VAT (BT-112) minus the paid amount (BT-113) plus the rounding amount (BT-114) plus the charges collected for a third party (BT-179).',
    fr: 'Le montant à payer (BT-115) doit égaler le total TTC (BT-112) moins le montant payé (BT-113) plus l’arrondi (BT-114) plus les montants perçus pour un tiers (BT-179).',
  },
  'BR-FXEXT-CII-DT-097a': {
    en: 'A date and time written with format 205 must read YYYYMMDDHHMMSS.',
    fr: 'Une date et heure au format 205 doit s’écrire AAAAMMJJHHMMSS.',
  },
};

/** BR-FXEXT-S-01, BR-FXEXT-G-08b, BR-FXEXT-S08b, BR-FXEXT-S-09b…: one family per VAT category. */
function categoryRule(id: string): Message | undefined {
  const m = /^BR-FXEXT-([A-Z]+)-?(01|08|09)(b|ini|rev)?$/.exec(id);
  const category = m ? CATEGORY_NAMES[m[1]!] : undefined;
  if (!m || !category) return undefined;
  if (m[2] === '01')
    return {
      en: `An invoice with a DETAIL line, an allowance or a charge of VAT category ${category.en} must have a VAT breakdown (BG-23) of that category.`,
      fr: `Une facture avec une ligne DETAIL, une remise ou une charge de catégorie de TVA ${category.fr} doit avoir une ventilation de TVA (BG-23) de cette catégorie.`,
    };
  if (m[2] === '09')
    return {
      en: `In a VAT breakdown (BG-23) of category ${category.en}, the VAT amount (BT-117) must equal the taxable amount (BT-116) times the rate (BT-119), within 0.01 per amount.`,
      fr: `Dans une ventilation de TVA (BG-23) de catégorie ${category.fr}, le montant de TVA (BT-117) doit égaler la base (BT-116) multipliée par le taux (BT-119), à 0,01 près par montant.`,
    };
  return {
    en: `In a VAT breakdown (BG-23) of category ${category.en}, the taxable amount (BT-116) must equal the DETAIL line net amounts (BT-131) minus allowances (BT-92) plus charges (BT-99) and logistics fees (BT-X-272) of that category, within 0.01 per amount.`,
    fr: `Dans une ventilation de TVA (BG-23) de catégorie ${category.fr}, la base (BT-116) doit égaler les montants nets des lignes DETAIL (BT-131) moins les remises (BT-92) plus les charges (BT-99) et frais logistiques (BT-X-272) de cette catégorie, à 0,01 près par montant.`,
  };
}

/** The message of a business rule of the profile artefact; undefined for an id we have no words for. */
export function ruleMessage(id: string): Message | undefined {
  return en16931Message(id) ?? FACTURX_MESSAGES[id] ?? categoryRule(id);
}

const times = (n: number): Message =>
  n === 1 ? { en: 'once', fr: 'une fois' } : { en: `${n} times`, fr: `${n} fois` };

/**
 * The message of an assertion as its data describes it, for the rule context it checks: a structural
 * statement names the data in words (place-words.ts), the XML element being the finding's location.
 */
export function messageOf(
  id: string,
  data: MessageData,
  profileName: string,
  context: string,
): Message | undefined {
  const profile = `Factur-X ${profileName}`;
  switch (data[0]) {
    case 'rule':
      return ruleMessage(id);
    case 'exactly': {
      const what = childWords(context, data[1]);
      const n = times(data[2]);
      return {
        en: `In ${profile}, “${what.en}” must be given exactly ${n.en}: add it where it is missing, remove the extra ones.`,
        fr: `En ${profile}, « ${what.fr} » doit figurer exactement ${n.fr} : ajoutez la donnée si elle manque, retirez les doublons.`,
      };
    }
    case 'atMost':
    case 'variantAtMost': {
      const what = childWords(context, data[1]);
      const n = times(data[2]);
      return {
        en: `In ${profile}, “${what.en}” may be given at most ${n.en}: remove the extra ones.`,
        fr: `En ${profile}, « ${what.fr} » peut figurer au plus ${n.fr} : retirez les doublons.`,
      };
    }
    case 'atLeast': {
      const what = childWords(context, data[1]);
      const n = times(data[2]);
      return {
        en: `In ${profile}, “${what.en}” must be given at least ${n.en}: add it.`,
        fr: `En ${profile}, « ${what.fr} » doit figurer au moins ${n.fr} : ajoutez cette donnée.`,
      };
    }
    case 'notUsed':
    case 'variantNotUsed': {
      const what = placeWords(context) ?? SOME_DATA;
      return {
        en: `${profile} does not use “${what.en}”: remove it, or declare a profile that carries it (BT-24).`,
        fr: `${profile} n’utilise pas « ${what.fr} » : retirez cette donnée, ou déclarez un profil qui la prévoit (BT-24).`,
      };
    }
    case 'attributeRequired': {
      const what = attributeWords(context, data[1]) ?? SOME_DATA;
      return {
        en: `In ${profile}, “${what.en}” is required: give it.`,
        fr: `En ${profile}, « ${what.fr} » est obligatoire : renseignez cette donnée.`,
      };
    }
    case 'attributeNotUsed': {
      const what = attributeWords(context, data[1]) ?? SOME_DATA;
      return {
        en: `${profile} does not use “${what.en}”: remove it.`,
        fr: `${profile} n’utilise pas « ${what.fr} » : retirez cette donnée.`,
      };
    }
  }
}

/** Data the model does not carry at that place (the location says which element). */
const SOME_DATA: Message = { en: 'the data at this place', fr: 'la donnée à cet endroit' };

/** The words for a child (`ram:Name`, `ram:SpecifiedTaxRegistration[…]`) of the context's element. */
const childWords = (context: string, child: string): Message =>
  placeWords(`${context}/${child}`) ?? SOME_DATA;
