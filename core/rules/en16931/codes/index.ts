/**
 * The EN16931 code-list rules BR-CL-* of the CII validation artefacts 1.3.16 (pattern `EN16931-Codes`).
 *
 * Matching as the artefact tests it: `not(contains(normalize-space(v), ' ')) and
 * contains(' list ', concat(' ', normalize-space(v), ' '))`, i.e. the value with leading and trailing
 * white space removed must be one code of the list, exactly (case-sensitive; an empty value fails; a
 * padded ` EUR ` passes). BR-CL-22 upper-cases the value first; BR-CL-24 compares the raw attribute.
 */
import { ATTRIBUTE_WORDS } from '../../../model/place-vocabulary';
import { spelledName } from '../../../model/place-words';
import { attributeValue, textOf } from '../../../xml/query';
import type { XmlElement } from '../../../xml/tree';
import { EAS_CODES } from '../../codelists/eas';
import { ISO3166_COUNTRIES } from '../../codelists/iso3166';
import { ISO4217_CURRENCIES } from '../../codelists/iso4217';
import { ISO6523_ICD } from '../../codelists/iso6523-icd';
import { MIME_CODES } from '../../codelists/mime-codes';
import { UNCL1001_INVOICE_TYPES } from '../../codelists/uncl1001';
import { UNCL1153_REFERENCE_TYPES } from '../../codelists/uncl1153';
import { UNCL2475_VAT_DATE_CODES } from '../../codelists/uncl2475';
import { UNCL4451_TEXT_SUBJECTS } from '../../codelists/uncl4451';
import { UNCL4461_PAYMENT_MEANS } from '../../codelists/uncl4461';
import { UNCL5189_ALLOWANCE_REASONS } from '../../codelists/uncl5189';
import { UNCL5305_VAT_CATEGORIES } from '../../codelists/uncl5305';
import { UNCL7143_ITEM_CLASSIFICATIONS } from '../../codelists/uncl7143';
import { UNCL7161_CHARGE_REASONS } from '../../codelists/uncl7161';
import { UNECE_UNIT_CODES } from '../../codelists/unece-rec20';
import { VATEX_CODES } from '../../codelists/vatex';
import { shipped } from '../../digests';
import type { Message, RuleSet } from '../../rule';
import { normalizeSpace, normalizeSpaceOf } from '../../xpath/cast';
import { isCharge } from '../invoice-view';
import {
  hasRamAncestor,
  pathContext,
  patternRules,
  type PatternAssertion,
  type PatternContext,
} from '../../schematron-pattern';

const hasAttribute = (name: string) => (el: XmlElement) => attributeValue(el, name) !== undefined;

/** `normalize-space(s)` for a string (attribute values). */
function normalized(s: string | undefined): string {
  return s === undefined ? '' : normalizeSpaceOf(s);
}

/** The artefact's list test: one code of the list, after white-space normalisation. */
function inList(value: string, list: ReadonlySet<string>): boolean {
  return !value.includes(' ') && list.has(value);
}

/** Contexts in the artefact's order: the first that matches an element is the only one checking it. */
const C = {
  documentType: pathContext('rsm:ExchangedDocument/ram:TypeCode'),
  taxTotal: pathContext('ram:TaxTotalAmount', hasAttribute('currencyID')),
  invoiceCurrency: pathContext('ram:InvoiceCurrencyCode'),
  taxCurrency: pathContext('ram:TaxCurrencyCode'),
  dueDateType: pathContext('ram:DueDateTypeCode'),
  referenceType: pathContext('ram:ReferenceTypeCode'),
  subject: pathContext('ram:SubjectCode'),
  globalId: pathContext(
    '//ram:GlobalID',
    (el) =>
      hasAttribute('schemeID')(el) &&
      !hasRamAncestor(el, 'SpecifiedTradeProduct') &&
      !hasRamAncestor(el, 'ShipToTradeParty'),
  ),
  schemedId: pathContext(
    'ram:ID',
    (el) => hasAttribute('schemeID')(el) && !hasRamAncestor(el, 'SpecifiedTaxRegistration'),
  ),
  classCode: pathContext('ram:ClassCode', hasAttribute('listID')),
  country: pathContext('ram:CountryID'),
  originCountry: pathContext('ram:OriginTradeCountry/ram:ID'),
  paymentMeans: pathContext('ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode'),
  allowanceChargeCategory: pathContext('ram:CategoryTradeTax/ram:CategoryCode'),
  vatCategory: pathContext('ram:ApplicableTradeTax/ram:CategoryCode'),
  allowanceReason: pathContext('ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode', (el) =>
    isCharge(el.parent!, false),
  ),
  chargeReason: pathContext('ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode', (el) =>
    isCharge(el.parent!, true),
  ),
  itemGlobalId: pathContext('ram:SpecifiedTradeProduct/ram:GlobalID', hasAttribute('schemeID')),
  exemptionReason: pathContext('ram:ExemptionReasonCode'),
  basisQuantity: pathContext('ram:BasisQuantity', hasAttribute('unitCode')),
  billedQuantity: pathContext('ram:BilledQuantity', hasAttribute('unitCode')),
  attachment: pathContext('ram:AttachmentBinaryObject', hasAttribute('mimeCode')),
  endpoint: pathContext('ram:URIUniversalCommunication/ram:URIID', hasAttribute('schemeID')),
  deliveryLocation: pathContext(
    'ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID',
    hasAttribute('schemeID'),
  ),
} as const;

type Value = { readonly of: 'text' } | { readonly of: 'attribute'; readonly name: string };
const TEXT: Value = { of: 'text' };
const attr = (name: string): Value => ({ of: 'attribute', name });

function valueOf(el: XmlElement, value: Value): string {
  return value.of === 'text' ? normalizeSpace(el) : normalized(attributeValue(el, value.name));
}

function found(el: XmlElement, value: Value): Message {
  const v = value.of === 'text' ? textOf(el) : (attributeValue(el, value.name) ?? '');
  const attribute =
    value.of === 'text' ? undefined : (ATTRIBUTE_WORDS[value.name] ?? spelledName(value.name));
  return attribute
    ? { en: `found "${v}" (${attribute.en})`, fr: `valeur trouvée « ${v} » (${attribute.fr})` }
    : { en: `found "${v}"`, fr: `valeur trouvée « ${v} »` };
}

function listRule(
  id: string,
  contexts: readonly PatternContext[],
  bt: readonly string[],
  message: Message,
  list: ReadonlySet<string>,
  value: Value,
): PatternAssertion[] {
  return contexts.map((context) => ({
    id,
    severity: 'fatal',
    bt,
    message,
    context,
    test: (el) => inList(valueOf(el, value), list),
    detail: (el) => found(el, value),
  }));
}

const ICD = (what: string, quoi: string): Message => ({
  en: `The scheme identifier of ${what} must be an ISO 6523 ICD code.`,
  fr: `L'identifiant de schéma de ${quoi} doit être un code ICD de l'ISO 6523.`,
});

const ASSERTIONS: readonly PatternAssertion[] = [
  ...listRule(
    'BR-CL-01',
    [C.documentType],
    ['BT-3'],
    {
      en: 'The Invoice type code (BT-3) must be an invoice or credit note code of UNTDID 1001.',
      fr: 'Le code de type de facture (BT-3) doit être un code de facture ou d’avoir de l’UNTDID 1001.',
    },
    UNCL1001_INVOICE_TYPES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-03',
    [C.taxTotal],
    ['BT-110', 'BT-111'],
    {
      en: 'The currency of an Invoice total VAT amount (BT-110, BT-111) must be an ISO 4217 alpha-3 code.',
      fr: 'La devise d’un montant total de TVA (BT-110, BT-111) doit être un code alpha-3 de l’ISO 4217.',
    },
    ISO4217_CURRENCIES,
    attr('currencyID'),
  ),
  ...listRule(
    'BR-CL-04',
    [C.invoiceCurrency],
    ['BT-5'],
    {
      en: 'The Invoice currency code (BT-5) must be an ISO 4217 alpha-3 code.',
      fr: 'Le code de devise de la facture (BT-5) doit être un code alpha-3 de l’ISO 4217.',
    },
    ISO4217_CURRENCIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-05',
    [C.taxCurrency],
    ['BT-6'],
    {
      en: 'The VAT accounting currency code (BT-6) must be an ISO 4217 alpha-3 code.',
      fr: 'Le code de devise de comptabilisation de la TVA (BT-6) doit être un code alpha-3 de l’ISO 4217.',
    },
    ISO4217_CURRENCIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-06',
    [C.dueDateType],
    ['BT-8'],
    {
      en: 'The Value added tax point date code (BT-8) must be 5, 29 or 72 (UNTDID 2475 restricted).',
      fr: 'Le code de date d’exigibilité de la TVA (BT-8) doit valoir 5, 29 ou 72 (UNTDID 2475 restreinte).',
    },
    UNCL2475_VAT_DATE_CODES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-07',
    [C.referenceType],
    ['BT-18-1'],
    {
      en: 'The scheme identifier of the Invoiced object identifier (BT-18-1) must be a UNTDID 1153 code.',
      fr: 'L’identifiant de schéma de l’objet facturé (BT-18-1) doit être un code de l’UNTDID 1153.',
    },
    UNCL1153_REFERENCE_TYPES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-08',
    [C.subject],
    ['BT-21'],
    {
      en: 'The Invoice note subject code (BT-21) must be a UNTDID 4451 code.',
      fr: 'Le code de sujet de la note de facture (BT-21) doit être un code de l’UNTDID 4451.',
    },
    UNCL4451_TEXT_SUBJECTS,
    TEXT,
  ),
  ...listRule(
    'BR-CL-10',
    [C.globalId],
    ['BT-29-1', 'BT-46-1', 'BT-60-1'],
    ICD(
      'a party identifier (BT-29-1, BT-46-1, BT-60-1)',
      'un identifiant de partie (BT-29-1, BT-46-1, BT-60-1)',
    ),
    ISO6523_ICD,
    attr('schemeID'),
  ),
  ...listRule(
    'BR-CL-11',
    [C.schemedId],
    ['BT-30-1', 'BT-47-1', 'BT-61-1'],
    ICD(
      'a legal registration identifier (BT-30-1, BT-47-1, BT-61-1)',
      'un identifiant d’immatriculation légale (BT-30-1, BT-47-1, BT-61-1)',
    ),
    ISO6523_ICD,
    attr('schemeID'),
  ),
  ...listRule(
    'BR-CL-13',
    [C.classCode],
    ['BT-158-1'],
    {
      en: 'The scheme identifier of an Item classification identifier (BT-158-1) must be a UNTDID 7143 code.',
      fr: 'L’identifiant de schéma d’une classification d’article (BT-158-1) doit être un code de l’UNTDID 7143.',
    },
    UNCL7143_ITEM_CLASSIFICATIONS,
    attr('listID'),
  ),
  ...listRule(
    'BR-CL-14',
    [C.country],
    ['BT-40', 'BT-55', 'BT-69', 'BT-80'],
    {
      en: 'A country code (BT-40, BT-55, BT-69, BT-80) must be an ISO 3166-1 alpha-2 code.',
      fr: 'Un code pays (BT-40, BT-55, BT-69, BT-80) doit être un code alpha-2 de l’ISO 3166-1.',
    },
    ISO3166_COUNTRIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-15',
    [C.originCountry],
    ['BT-159'],
    {
      en: 'The Item country of origin (BT-159) must be an ISO 3166-1 alpha-2 code.',
      fr: 'Le pays d’origine de l’article (BT-159) doit être un code alpha-2 de l’ISO 3166-1.',
    },
    ISO3166_COUNTRIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-16',
    [C.paymentMeans],
    ['BT-81'],
    {
      en: 'The Payment means type code (BT-81) must be a UNTDID 4461 code.',
      fr: 'Le code de moyen de paiement (BT-81) doit être un code de l’UNTDID 4461.',
    },
    UNCL4461_PAYMENT_MEANS,
    TEXT,
  ),
  ...listRule(
    'BR-CL-17',
    [C.allowanceChargeCategory],
    ['BT-95', 'BT-102'],
    {
      en: 'The VAT category code of an allowance or charge (BT-95, BT-102) must be a UNTDID 5305 code.',
      fr: 'Le code de catégorie de TVA d’une remise ou d’une charge (BT-95, BT-102) doit être un code de l’UNTDID 5305.',
    },
    UNCL5305_VAT_CATEGORIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-18',
    [C.vatCategory],
    ['BT-118', 'BT-151'],
    {
      en: 'A VAT category code (BT-118, BT-151) must be a UNTDID 5305 code.',
      fr: 'Un code de catégorie de TVA (BT-118, BT-151) doit être un code de l’UNTDID 5305.',
    },
    UNCL5305_VAT_CATEGORIES,
    TEXT,
  ),
  ...listRule(
    'BR-CL-19',
    [C.allowanceReason],
    ['BT-98', 'BT-140'],
    {
      en: 'An allowance reason code (BT-98, BT-140) must be a UNTDID 5189 code.',
      fr: 'Un code de motif de remise (BT-98, BT-140) doit être un code de l’UNTDID 5189.',
    },
    UNCL5189_ALLOWANCE_REASONS,
    TEXT,
  ),
  ...listRule(
    'BR-CL-20',
    [C.chargeReason],
    ['BT-105', 'BT-145'],
    {
      en: 'A charge reason code (BT-105, BT-145) must be a UNTDID 7161 code.',
      fr: 'Un code de motif de charge (BT-105, BT-145) doit être un code de l’UNTDID 7161.',
    },
    UNCL7161_CHARGE_REASONS,
    TEXT,
  ),
  ...listRule(
    'BR-CL-21',
    [C.itemGlobalId],
    ['BT-157-1'],
    ICD('the Item standard identifier (BT-157-1)', 'l’identifiant standard de l’article (BT-157-1)'),
    ISO6523_ICD,
    attr('schemeID'),
  ),
  {
    id: 'BR-CL-22',
    severity: 'fatal',
    bt: ['BT-121'],
    message: {
      en: 'The VAT exemption reason code (BT-121) must be a code of the CEF VATEX list.',
      fr: 'Le code de motif d’exonération de TVA (BT-121) doit être un code de la liste VATEX du CEF.',
    },
    context: C.exemptionReason,
    // The list test reads `normalize-space(upper-case(.))`: VATEX codes match in any case.
    test: (el) => inList(normalizeSpace(el).toUpperCase(), VATEX_CODES),
    detail: (el) => found(el, TEXT),
  },
  ...listRule(
    'BR-CL-23',
    [C.basisQuantity, C.billedQuantity],
    ['BT-130', 'BT-150'],
    {
      en: 'A unit of measure code (BT-130, BT-150) must be a UN/ECE Recommendation 20 or 21 code.',
      fr: 'Un code d’unité de mesure (BT-130, BT-150) doit être un code des recommandations 20 ou 21 de la CEE-ONU.',
    },
    UNECE_UNIT_CODES,
    attr('unitCode'),
  ),
  {
    id: 'BR-CL-24',
    severity: 'fatal',
    bt: ['BT-125-1'],
    message: {
      en: 'The MIME code of an attached document (BT-125-1) must be one of the media types EN16931 admits.',
      fr: 'Le code MIME d’un document joint (BT-125-1) doit être l’un des types de média admis par l’EN16931.',
    },
    context: C.attachment,
    // `@mimeCode = '…'`: the raw attribute value, no trimming.
    test: (el) => MIME_CODES.has(attributeValue(el, 'mimeCode') ?? ''),
    detail: (el) => found(el, attr('mimeCode')),
  },
  ...listRule(
    'BR-CL-25',
    [C.endpoint],
    ['BT-34-1', 'BT-49-1'],
    {
      en: 'The scheme identifier of an electronic address (BT-34-1, BT-49-1) must be a CEF EAS code.',
      fr: 'L’identifiant de schéma d’une adresse électronique (BT-34-1, BT-49-1) doit être un code EAS du CEF.',
    },
    EAS_CODES,
    attr('schemeID'),
  ),
  ...listRule(
    'BR-CL-26',
    [C.deliveryLocation],
    ['BT-71-1'],
    ICD('the Deliver to location identifier (BT-71-1)', 'l’identifiant du lieu de livraison (BT-71-1)'),
    ISO6523_ICD,
    attr('schemeID'),
  ),
];

/** One rule per id: BR-CL-23 has two contexts (`ram:BasisQuantity | ram:BilledQuantity`). */
function mergedById(rules: ReturnType<typeof patternRules>): ReturnType<typeof patternRules> {
  const byId = new Map<string, (typeof rules)[number][]>();
  for (const r of rules) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  return [...byId.values()].map(([first, ...rest]) =>
    rest.length === 0
      ? first!
      : {
          ...first!,
          check: (input) => [first!, ...rest].flatMap((r) => r.check(input)),
        },
  );
}

export const en16931CodeRules: RuleSet = shipped({
  id: 'en16931-cii-codes',
  stage: 'schematron',
  family: 'EN16931 CII',
  version: '1.3.16',
  sourceAuthority: 'CEN/TC 434',
  rules: mergedById(patternRules(Object.values(C), ASSERTIONS)),
});
