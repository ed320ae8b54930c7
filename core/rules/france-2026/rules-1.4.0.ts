/**
 * FNFE-MPE "BR-FR Flux 2" Schematron for CII, version 1.4.0 of 2026-06-30, fatal mode
 * (`20260630_BR-FR-Flux2-Schematron-CII_V1.4.0`): every pattern, rule context and assertion of the
 * artefact, in its order, with its ids letter for letter. The next release is a new file like this one
 * (copy, then change what the release changed): contexts, lists and messages are data here, and the
 * tests are the shared ones of checks.ts.
 *
 * Messages are ours. They are read by accountants: they say what is wrong, in business terms, and what
 * to add or change, and where (the XML element in parentheses).
 */
import { RAM } from '../../cii/namespaces';
import { attributeValue, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { atMostOne } from '../xpath/cast';
import type { Message } from '../rule';
import {
  categoryIn,
  countNotes,
  detailExemptionNamesSubInvoice,
  everyGlobalIdHasScheme,
  globalIdSchemesDistinct,
  groupGrossMatchesNetPlusVat,
  groupNetMatchesChildren,
  groupVatMatchesBreakdowns,
  hasNote,
  hasText,
  isDocumentIdentifier,
  isNotBlank,
  isRoutingIdentifier,
  isSiren,
  itemSellerIds,
  lineCategoryIn,
  lineInvoiceCurrencies,
  lineSellerMatchesParent,
  lineSubInvoiceMatchesParent,
  lineTaxCurrencies,
  lineTaxTotalIn,
  maxLength,
  noCategoryIn,
  rateIn,
  shaped,
  siretDetail,
  siretStartsWithSiren,
  taxDetail,
  topGroupLines,
  valueIn,
} from './checks';
import { isFrenchDate } from './date-format';
import {
  isAmount19_2,
  isQuantity19_4,
  isRate4_2,
  isSignedPrice19_6,
  isUnsignedPrice19_6,
} from './decimal-format';
import {
  all,
  exists,
  first,
  hasAttribute,
  hasValue,
  isTopGroupLine,
  P,
  path,
  subInvoiceIds,
  subInvoiceNumber,
  text,
  texts,
  type FrenchInvoice,
  type Path,
} from './french-invoice';
import {
  ALREADY_PAID_MODES,
  ATTACHMENT_CODES,
  AVV_FORBIDDEN_VALUES,
  BAR_TREATMENTS,
  BIDIRECTIONAL_CORRECTION_TYPE_CODES,
  BILLING_MODES,
  CORRECTIVE_TYPE_CODES,
  CREDIT_NOTE_TYPE_CODES,
  DOCUMENT_TYPE_CODES,
  FINAL_AFTER_PREPAYMENT_MODES,
  GLOBAL_DISCOUNT_CREDIT_NOTE,
  MULTI_VENDOR_CORRECTION_TYPE_CODES,
  PREPAYMENT_TYPE_CODES,
  SELF_BILLED_TYPE_CODES,
  VAT_CATEGORIES,
  VAT_CATEGORIES_NOT_FRENCH,
  VAT_RATES,
} from './lists-1.4.0';
import { ADDRESSED_PARTIES, BUYER, IDENTIFIED_PARTIES, SELLER, type Party } from './parties';
import type { AssertionDef, PatternDef, RuleDef, RuleSetDefinition } from './pattern';
import { isSirenShaped, isStrictSirenShaped } from './siren';
import { normalizeSpace, xpathNumber } from './xpath-strings';

const CII = 'rsm:CrossIndustryInvoice';
const DOC = `${CII}/rsm:ExchangedDocument`;
const TX = `${CII}/rsm:SupplyChainTradeTransaction`;
const AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
const SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;
const SUMMATION = `/${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const LINE = `${TX}/ram:IncludedSupplyChainTradeLineItem`;
const LINE_SETTLEMENT = `${LINE}/ram:SpecifiedLineTradeSettlement`;

type Test = AssertionDef['test'];
type Detail = AssertionDef['detail'];

function check(
  id: string,
  bt: readonly string[],
  en: string,
  fr: string,
  test: Test,
  detail?: Detail,
): AssertionDef {
  return detail ? { id, bt, message: { en, fr }, test, detail } : { id, bt, message: { en, fr }, test };
}

function rule(context: string, asserts: readonly AssertionDef[], where?: RuleDef['where']): RuleDef {
  return where ? { context, where, asserts } : { context, asserts };
}

const found = (en: string, fr: string): Message => ({ en, fr });

/** A business term named in both languages, for rule families that differ only by the term. */
interface Term {
  readonly bt: string;
  readonly en: string;
  readonly fr: string;
}

// ---------------------------------------------------------------------------------------------------
// BR-FR-01 / BR-FR-02: invoice identifiers (at most 35 characters, restricted alphabet)

const IDENTIFIERS: readonly (Term & { readonly context: string })[] = [
  { bt: 'BT-1', en: 'The invoice number', fr: 'Le numéro de facture', context: `${DOC}/ram:ID` },
  {
    bt: 'BT-25',
    en: 'The preceding invoice number',
    fr: 'Le numéro de la facture antérieure',
    context: `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`,
  },
  {
    bt: 'EXT-FR-FE-136',
    en: "A line's preceding invoice number",
    fr: "Le numéro de facture antérieure d'une ligne",
    context: `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`,
  },
];

const BR_FR_01_02: PatternDef = {
  id: 'BR-FR-01_BR-FR-02',
  rules: IDENTIFIERS.map((t) =>
    rule(t.context, [
      check(
        `BR-FR-01_${t.bt}`,
        [t.bt],
        `${t.en} (${t.bt}) is longer than 35 characters: shorten it.`,
        `${t.fr} (${t.bt}) dépasse 35 caractères : raccourcissez-le.`,
        maxLength(35),
      ),
      check(
        `BR-FR-02_${t.bt}`,
        [t.bt],
        `${t.en} (${t.bt}) may contain only letters A-Z/a-z, digits and the characters + - _ /, without spaces or accents.`,
        `${t.fr} (${t.bt}) ne peut contenir que des lettres A-Z/a-z, des chiffres et les caractères + - _ /, sans espace ni accent.`,
        isDocumentIdentifier,
      ),
    ]),
  ),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-03: dates are real calendar dates YYYYMMDD in 2000–2099

const DATES: readonly (Term & { readonly id: string; readonly context: string })[] = [
  {
    id: 'BR-FR-03_BT-2',
    bt: 'BT-2',
    en: 'The invoice issue date',
    fr: "La date d'émission de la facture",
    context: `${DOC}/ram:IssueDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_BT-7',
    bt: 'BT-7',
    en: 'The VAT point date',
    fr: "La date d'exigibilité de la TVA",
    context: `${SETTLEMENT}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString`,
  },
  {
    id: 'BR-FR-03_BT-9',
    bt: 'BT-9',
    en: 'The payment due date',
    fr: "La date d'échéance du paiement",
    context: `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_BT-26',
    bt: 'BT-26',
    en: 'The preceding invoice issue date',
    fr: "La date d'émission de la facture antérieure",
    context: `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_BT-72',
    bt: 'BT-72',
    en: 'The actual delivery date',
    fr: 'La date de livraison effective',
    context: `${TX}/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_BT-73',
    bt: 'BT-73',
    en: 'The invoicing period start date',
    fr: 'La date de début de la période de facturation',
    context: `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_BT-74',
    bt: 'BT-74',
    en: 'The invoicing period end date',
    fr: 'La date de fin de la période de facturation',
    context: `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_EXT-FR-FE-138',
    bt: 'EXT-FR-FE-138',
    en: "A line's preceding invoice issue date",
    fr: "La date d'émission de la facture antérieure d'une ligne",
    context: `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_EXT-FR-FE-158',
    bt: 'EXT-FR-FE-158',
    en: "A line's actual delivery date",
    fr: "La date de livraison effective d'une ligne",
    context: `${LINE}/ram:SpecifiedLineTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_EXT-FR-FE-134',
    bt: 'BT-134',
    en: "A line's invoicing period start date",
    fr: "La date de début de la période de facturation d'une ligne",
    context: `${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`,
  },
  {
    id: 'BR-FR-03_EXT-FR-FE-135',
    bt: 'BT-135',
    en: "A line's invoicing period end date",
    fr: "La date de fin de la période de facturation d'une ligne",
    context: `${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`,
  },
];

const BR_FR_03: PatternDef = {
  id: 'BR-FR-03',
  rules: DATES.map((d) =>
    rule(d.context, [
      check(
        d.id,
        [d.bt],
        `${d.en} (${d.bt}) must be a real calendar date written YYYYMMDD with a year from 2000 to 2099.`,
        `${d.fr} (${d.bt}) doit être une date réelle au format AAAAMMJJ, avec une année comprise entre 2000 et 2099.`,
        (el) => isFrenchDate(textOf(el)),
      ),
    ]),
  ),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-04: document type codes allowed in France

const TYPE_CODE_LIST = '380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502, 503';

const TYPE_CODES: readonly (Term & { readonly context: string })[] = [
  { bt: 'BT-3', en: 'The invoice type code', fr: 'Le code type de facture', context: `${DOC}/ram:TypeCode` },
  {
    bt: 'EXT-FR-FE-02',
    en: 'The type code of the preceding invoice',
    fr: 'Le code type de la facture antérieure',
    context: `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:TypeCode`,
  },
  {
    bt: 'EXT-FR-FE-137',
    en: "The type code of a line's preceding invoice",
    fr: "Le code type de la facture antérieure d'une ligne",
    context: `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:TypeCode`,
  },
];

const BR_FR_04: PatternDef = {
  id: 'BR-FR-04',
  rules: TYPE_CODES.map((t) =>
    rule(t.context, [
      check(
        `BR-FR-04_${t.bt}`,
        [t.bt],
        `${t.en} (${t.bt}) is not allowed in France. Use one of: ${TYPE_CODE_LIST}.`,
        `${t.fr} (${t.bt}) n'est pas autorisé en France. Utilisez l'un des codes : ${TYPE_CODE_LIST}.`,
        valueIn(DOCUMENT_TYPE_CODES),
      ),
    ]),
  ),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-05 / BR-FR-06: mandatory legal notes, each once

const LEGAL_NOTES: readonly { readonly code: string; readonly en: string; readonly fr: string }[] = [
  {
    code: 'PMT',
    en: 'the fixed compensation of EUR 40 for recovery costs in case of late payment',
    fr: "l'indemnité forfaitaire de 40 € pour frais de recouvrement en cas de retard de paiement",
  },
  {
    code: 'PMD',
    en: 'the late payment penalties',
    fr: 'les pénalités de retard de paiement',
  },
  {
    code: 'AAB',
    en: 'the early payment discount terms (or the statement that none is granted)',
    fr: "les conditions d'escompte pour paiement anticipé (ou la mention qu'aucun escompte n'est accordé)",
  },
];

const BR_FR_05: PatternDef = {
  id: 'BR-FR-05',
  rules: [
    rule(
      DOC,
      LEGAL_NOTES.map((n) =>
        check(
          `BR-FR-05_BT-22_${n.code}`,
          ['BT-22', 'BT-21', 'BG-1'],
          `Legal note missing: ${n.en}. Add an invoice note (BG-1) with subject code ${n.code} (BT-21) and the wording as its text (BT-22).`,
          `Mention légale absente : ${n.fr}. Ajoutez une note de facture (BG-1) avec le code sujet ${n.code} (BT-21) et la mention comme texte (BT-22).`,
          hasNote(n.code),
        ),
      ),
    ),
  ],
};

const BR_FR_06: PatternDef = {
  id: 'BR-FR-06',
  rules: [
    rule(
      DOC,
      ['PMT', 'PMD', 'AAB', 'TXD'].map((code) =>
        check(
          `BR-FR-06_BT-21_${code}`,
          ['BT-21', 'BG-1'],
          `Several invoice notes (BG-1) have the subject code ${code} (BT-21): keep a single ${code} note and merge the texts.`,
          `Plusieurs notes de facture (BG-1) portent le code sujet ${code} (BT-21) : n'en gardez qu'une et regroupez les textes.`,
          (doc) => countNotes(doc, code) <= 1,
          (doc) =>
            found(
              `${countNotes(doc, code)} ${code} notes found.`,
              `${countNotes(doc, code)} notes ${code} trouvées.`,
            ),
        ),
      ),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-08: billing framework (BT-23)

const BILLING_MODE_LIST = [...BILLING_MODES].join(', ');
const BILLING_MODE_ID = path('ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID');

const BR_FR_08: PatternDef = {
  id: 'BR-FR-08',
  rules: [
    rule(`${CII}/rsm:ExchangedDocumentContext`, [
      check(
        'BR-FR-08_BT-23',
        ['BT-23'],
        `The billing framework (BT-23, business process type) is missing or not allowed. Give one of: ${BILLING_MODE_LIST} (B = goods, S = services, M = mixed; 1 = invoice submission, 2 = already paid invoice, 4 = final invoice after prepayment…).`,
        `Le cadre de facturation (BT-23, type de processus métier) est absent ou non autorisé. Indiquez l'une des valeurs : ${BILLING_MODE_LIST} (B = biens, S = services, M = mixte ; 1 = dépôt d'une facture, 2 = facture déjà payée, 4 = facture définitive après acompte…).`,
        (ctx) => {
          const ids = texts(ctx, BILLING_MODE_ID);
          return ids.length > 0 && BILLING_MODES.has(ids[0]!);
        },
        (ctx) => {
          const v = texts(ctx, BILLING_MODE_ID).join(' ');
          return v === '' ? NOT_PRESENT : found(`Value found: "${v}".`, `Valeur trouvée : « ${v} ».`);
        },
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-09: SIRET consistent with SIREN

const BR_FR_09: PatternDef = {
  id: 'BR-FR-09',
  rules: IDENTIFIED_PARTIES.map((party) => {
    const sirenRequired = party === SELLER || party === BUYER;
    return rule(party.context, [
      check(
        `BR-FR-09_${party.idTerm}`,
        [party.idTerm],
        `The SIRET of ${party.name.en}, identifier ${party.idTerm} with scheme 0009, must be 14 digits starting with the party's SIREN (legal registration identifier with scheme 0002)${sirenRequired ? ', which must then be given' : ''}: correct the SIRET or the SIREN.`,
        `Le SIRET ${party.name.fr}, identifiant ${party.idTerm} de schéma 0009, doit compter 14 chiffres et commencer par le SIREN de la partie (identifiant d'immatriculation légale de schéma 0002)${sirenRequired ? ', qui doit alors être renseigné' : ''} : corrigez le SIRET ou le SIREN.`,
        siretStartsWithSiren(sirenRequired),
        siretDetail,
      ),
    ]);
  }),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-10 … BR-FR-13: SIREN and electronic addresses of seller and buyer

const SELLER_SIREN = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);
const BUYER_SIREN = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);
const SELLER_ENDPOINT = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID',
);
const BUYER_ENDPOINT = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID',
);

/** The first legal identifier with schemeID 0002 (SIREN) among those reached. */
function sirenOf(root: XmlElement, p: Path): XmlElement | undefined {
  return all(root, p).find((id) => hasAttribute(id, 'schemeID', '0002'));
}

function valueFound(el: XmlElement | undefined): Message {
  if (!el) return NOT_PRESENT;
  const v = textOf(el);
  return found(`Value found: "${v}".`, `Valeur trouvée : « ${v} ».`);
}

const NOT_PRESENT = found('Not present in the invoice.', 'Absent de la facture.');

const isB2B = (inv: FrenchInvoice): boolean => inv.barTreatments().includes('B2B');

const BR_FR_10: PatternDef = {
  id: 'BR-FR-10',
  rules: [
    rule(CII, [
      check(
        'BR-FR-10_BT-30',
        ['BT-30'],
        "The seller's SIREN is required: give its 9 digits as the seller legal registration identifier (BT-30) with scheme 0002 (SIREN).",
        "Le SIREN du vendeur est obligatoire : indiquez ses 9 chiffres comme identifiant d'immatriculation légale du vendeur (BT-30), de schéma 0002 (SIREN).",
        (root) => {
          const siren = sirenOf(root, SELLER_SIREN);
          return !!siren && isSirenShaped(textOf(siren));
        },
        (root) => valueFound(sirenOf(root, SELLER_SIREN)),
      ),
    ]),
  ],
};

const BR_FR_11: PatternDef = {
  id: 'BR-FR-11',
  rules: [
    rule(CII, [
      check(
        'BR-FR-11_BT-47',
        ['BT-47', 'BT-22'],
        "The invoice is declared B2B (note with subject code BAR, text B2B): the buyer's SIREN is then required, exactly 9 digits, as the buyer legal registration identifier (BT-47) with scheme 0002 (SIREN).",
        "La facture est déclarée B2B (note de code sujet BAR, texte B2B) : le SIREN de l'acheteur est alors obligatoire, exactement 9 chiffres, comme identifiant d'immatriculation légale de l'acheteur (BT-47), de schéma 0002 (SIREN).",
        (root, inv) => {
          if (!isB2B(inv)) return true;
          const siren = sirenOf(root, BUYER_SIREN);
          return isStrictSirenShaped(siren ? textOf(siren) : undefined);
        },
        (root) => valueFound(sirenOf(root, BUYER_SIREN)),
      ),
    ]),
  ],
};

const BR_FR_12: PatternDef = {
  id: 'BR-FR-12',
  rules: [
    rule(CII, [
      check(
        'BR-FR-12_BT-49',
        ['BT-49'],
        "The buyer's electronic address (BT-49) is required for routing in France: add it (usually the buyer's SIREN, with scheme 0225).",
        "L'adresse électronique de l'acheteur (BT-49) est obligatoire pour l'acheminement en France : ajoutez-la (en général le SIREN de l'acheteur, avec le schéma 0225).",
        (root) => text(root, BUYER_ENDPOINT) !== '',
      ),
    ]),
  ],
};

const BR_FR_13: PatternDef = {
  id: 'BR-FR-13',
  rules: [
    rule(CII, [
      check(
        'BR-FR-13_BT-34',
        ['BT-34'],
        "The seller's electronic address (BT-34) is required for routing in France: add it (usually the seller's SIREN, with scheme 0225).",
        "L'adresse électronique du vendeur (BT-34) est obligatoire pour l'acheminement en France : ajoutez-la (en général le SIREN du vendeur, avec le schéma 0225).",
        (root) => text(root, SELLER_ENDPOINT) !== '',
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-15 / BR-FR-16: VAT categories and rates

const CATEGORY_LIST = [...VAT_CATEGORIES].join(', ');

const VAT_CONTEXTS = {
  allowanceCharge: `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax`,
  breakdown: `${SETTLEMENT}/ram:ApplicableTradeTax`,
  line: `${LINE_SETTLEMENT}/ram:ApplicableTradeTax`,
};

function categoryChecks(
  suffix: string,
  bt: readonly string[],
  where: Message,
  line: boolean,
): AssertionDef[] {
  const terms = bt.join(' / ');
  return [
    check(
      `BR-FR-15_${suffix}`,
      bt,
      `The VAT category code (${terms}) of ${where.en} is not one used in France: give one of ${CATEGORY_LIST}${line ? ' (only GROUP and INFORMATION lines may have none)' : ''}.`,
      `Le code de catégorie de TVA (${terms}) ${where.fr} n'est pas utilisé en France : indiquez l'un des codes ${CATEGORY_LIST}${line ? ' (seules les lignes GROUP et INFORMATION peuvent ne pas en avoir)' : ''}.`,
      line ? lineCategoryIn(VAT_CATEGORIES) : categoryIn(VAT_CATEGORIES),
      taxDetail,
    ),
    check(
      `BR-FR-15_${suffix}_LM`,
      bt,
      `The VAT categories L (Canary Islands IGIC) and M (Ceuta and Melilla IPSI) do not apply in France (${terms}, ${where.en}).`,
      `Les catégories de TVA L (IGIC des Canaries) et M (IPSI de Ceuta et Melilla) ne s'appliquent pas en France (${terms}, ${where.fr}).`,
      noCategoryIn(VAT_CATEGORIES_NOT_FRENCH),
      taxDetail,
    ),
  ];
}

const AT_ALLOWANCE = found(
  'a document level allowance or charge',
  "d'une remise ou charge au niveau de la facture",
);
const AT_BREAKDOWN = found('a VAT breakdown (BG-23)', "d'une ventilation de TVA (BG-23)");
const AT_LINE = found('an invoice line', "d'une ligne de facture");

const BR_FR_15: PatternDef = {
  id: 'BR-FR-15',
  rules: [
    rule(
      VAT_CONTEXTS.allowanceCharge,
      categoryChecks('BT-95_BT-102', ['BT-95', 'BT-102'], AT_ALLOWANCE, false),
    ),
    rule(VAT_CONTEXTS.breakdown, categoryChecks('BT-95_BT-118', ['BT-118'], AT_BREAKDOWN, false)),
    rule(VAT_CONTEXTS.line, categoryChecks('BT-95_BT-151', ['BT-151'], AT_LINE, true)),
  ],
};

function rateCheck(id: string, bt: readonly string[], where: Message): AssertionDef {
  const terms = bt.join(' / ');
  return check(
    id,
    bt,
    `The VAT rate (${terms}) of ${where.en} is not a French rate. Write it as a plain number without "%", e.g. 20, 10, 5.5, 2.1, 0 (Corsica and overseas: 13, 8.5, 1.75, 1.05, 0.9…).`,
    `Le taux de TVA (${terms}) ${where.fr} n'est pas un taux français. Écrivez-le comme un nombre simple, sans « % » : 20, 10, 5.5, 2.1, 0 (Corse et outre-mer : 13, 8.5, 1.75, 1.05, 0.9…).`,
    rateIn(VAT_RATES),
    taxDetail,
  );
}

const BR_FR_16: PatternDef = {
  id: 'BR-FR-16',
  rules: [
    rule(VAT_CONTEXTS.allowanceCharge, [
      rateCheck('BR-FR-16_BT-96_BT-103', ['BT-96', 'BT-103'], AT_ALLOWANCE),
    ]),
    rule(VAT_CONTEXTS.breakdown, [rateCheck('BR-FR-16_BT-119', ['BT-119'], AT_BREAKDOWN)]),
    rule(VAT_CONTEXTS.line, [rateCheck('BR-FR-16_BT-152', ['BT-152'], AT_LINE)]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-17 / BR-FR-18: attachments

const NAME = path('ram:Name');
const ATTACHMENT_LIST = [...ATTACHMENT_CODES].join(', ');

const BR_FR_17: PatternDef = {
  id: 'BR-FR-17',
  rules: [
    rule(
      `${AGREEMENT}/ram:AdditionalReferencedDocument`,
      [
        check(
          'BR-FR-17_BT-123',
          ['BT-123', 'BG-24'],
          `The description (BT-123) of an attached supporting document (BG-24, type code 916) must be one of the French qualification codes: ${ATTACHMENT_LIST}. Replace it with the code that fits.`,
          `La description (BT-123) d'un justificatif joint (BG-24, code type 916) doit être l'un des codes de qualification français : ${ATTACHMENT_LIST}. Remplacez-la par le code qui convient.`,
          (ref) => {
            const code = normalizeSpace(text(ref, NAME));
            return code === '' || ATTACHMENT_CODES.has(code);
          },
          (ref) => valueFound(first(ref, NAME)),
        ),
      ],
      (ref) => hasValue(ref, P.typeCodeChild, '916'),
    ),
  ],
};

const ATTACHMENTS = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument',
);
const countReadable = (root: XmlElement): number =>
  all(root, ATTACHMENTS).filter((r) => hasValue(r, NAME, 'LISIBLE')).length;

const BR_FR_18: PatternDef = {
  id: 'BR-FR-18',
  rules: [
    rule(CII, [
      check(
        'BR-FR-18_BT-123',
        ['BT-123', 'BG-24'],
        'Only one attached document (BG-24) may be described as LISIBLE (BT-123), the readable copy of the invoice: keep one, or describe the others with another code.',
        "Un seul document joint (BG-24) peut être décrit LISIBLE (BT-123), la copie lisible de la facture : n'en gardez qu'un ou qualifiez les autres avec un autre code.",
        (root) => countReadable(root) <= 1,
        (root) => found(`${countReadable(root)} found.`, `${countReadable(root)} trouvés.`),
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-20 … BR-FR-22: BAR note (business process of the e-invoicing reform) and routing

const BAR_LIST = [...BAR_TREATMENTS].join(', ');

const BR_FR_20: PatternDef = {
  id: 'BR-FR-20',
  rules: [
    rule(
      `${DOC}/ram:IncludedNote`,
      [
        check(
          'BR-FR-20_BT-21',
          ['BT-21', 'BT-22'],
          `A note with subject code BAR (BT-21) gives the invoice's processing: its text (BT-22) must be exactly one of ${BAR_LIST}. Correct it or remove the BAR note.`,
          `Une note de code sujet BAR (BT-21) indique le traitement de la facture : son texte (BT-22) doit être exactement l'une des valeurs ${BAR_LIST}. Corrigez-le ou retirez la note BAR.`,
          (note) => {
            const contents = texts(note, P.content);
            return contents.length > 0 && BAR_TREATMENTS.has(contents[0]!);
          },
          (note) => valueFound(first(note, P.content)),
        ),
      ],
      (note) => hasValue(note, P.subjectCode, 'BAR'),
    ),
  ],
};

const BUYER_LEGAL_ID = BUYER_SIREN;
const SELLER_LEGAL_ID = SELLER_SIREN;

/** `starts-with($endpointID, $siren) and $endpointSchemeID = '0225'` for BR-FR-21/22. */
function routedBySiren(root: XmlElement, endpoint: Path, legalId: Path): boolean {
  const endpoints = all(root, endpoint);
  const address = endpoints[0] ? textOf(endpoints[0]) : '';
  return (
    address.startsWith(text(root, legalId)) && endpoints.some((e) => attributeValue(e, 'schemeID') === '0225')
  );
}

function routingDetail(root: XmlElement, endpoint: Path, legalId: Path): Message {
  const e = first(root, endpoint);
  const address = e ? textOf(e) : '';
  const scheme = e ? (attributeValue(e, 'schemeID') ?? '') : '';
  const siren = text(root, legalId);
  return found(
    `Electronic address found: "${address}" (scheme "${scheme}"), SIREN: "${siren}".`,
    `Adresse électronique trouvée : « ${address} » (schéma « ${scheme} »), SIREN : « ${siren} ».`,
  );
}

const SELF_BILLED_LIST = [...SELF_BILLED_TYPE_CODES].join(', ');

const BR_FR_21: PatternDef = {
  id: 'BR-FR-21',
  rules: [
    rule(CII, [
      check(
        'BR-FR-21_BT-49',
        ['BT-49', 'BT-47', 'BT-3'],
        `For a B2B invoice (BAR note B2B) that is not self-billed (BT-3 not ${SELF_BILLED_LIST}), the buyer's electronic address (BT-49) must start with the buyer's SIREN (BT-47) and use scheme 0225 (BT-49-1): correct the address or its scheme.`,
        `Pour une facture B2B (note BAR B2B) qui n'est pas une autofacture (BT-3 autre que ${SELF_BILLED_LIST}), l'adresse électronique de l'acheteur (BT-49) doit commencer par son SIREN (BT-47) et utiliser le schéma 0225 (BT-49-1) : corrigez l'adresse ou son schéma.`,
        (root, inv) =>
          !(isB2B(inv) && !inv.typeIn(SELF_BILLED_TYPE_CODES)) ||
          routedBySiren(root, BUYER_ENDPOINT, BUYER_LEGAL_ID),
        (root) => routingDetail(root, BUYER_ENDPOINT, BUYER_LEGAL_ID),
      ),
    ]),
  ],
};

const BR_FR_22: PatternDef = {
  id: 'BR-FR-22',
  rules: [
    rule(CII, [
      check(
        'BR-FR-22_BT-34',
        ['BT-34', 'BT-30', 'BT-3'],
        `For a self-billed B2B invoice (BAR note B2B, BT-3 one of ${SELF_BILLED_LIST}), the seller's electronic address (BT-34) must start with the seller's SIREN (BT-30) and use scheme 0225 (BT-34-1): correct the address or its scheme.`,
        `Pour une autofacture B2B (note BAR B2B, BT-3 parmi ${SELF_BILLED_LIST}), l'adresse électronique du vendeur (BT-34) doit commencer par son SIREN (BT-30) et utiliser le schéma 0225 (BT-34-1) : corrigez l'adresse ou son schéma.`,
        (root, inv) =>
          !(isB2B(inv) && inv.typeIn(SELF_BILLED_TYPE_CODES)) ||
          routedBySiren(root, SELLER_ENDPOINT, SELLER_LEGAL_ID),
        (root) => routingDetail(root, SELLER_ENDPOINT, SELLER_LEGAL_ID),
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-23 … BR-FR-26: electronic addresses and private identifiers

const addressContext = (party: Party): string => `${party.context}/ram:URIUniversalCommunication/ram:URIID`;
const withScheme =
  (scheme: string) =>
  (el: XmlElement): boolean =>
    hasAttribute(el, 'schemeID', scheme);

const BR_FR_23: PatternDef = {
  id: 'BR-FR-23',
  rules: ADDRESSED_PARTIES.map((party) =>
    rule(
      addressContext(party),
      [
        check(
          `BR-FR-23_${party.addressTerm!}`,
          [party.addressTerm!],
          `The electronic address of ${party.name.en}, ${party.addressTerm!} with scheme 0225, may contain only letters, digits and the characters + - _ . (no spaces, no @): correct it.`,
          `L'adresse électronique ${party.name.fr}, ${party.addressTerm!} de schéma 0225, ne peut contenir que des lettres, des chiffres et les caractères + - _ . (ni espace, ni @) : corrigez-la.`,
          isRoutingIdentifier,
        ),
      ],
      withScheme('0225'),
    ),
  ),
};

const PRIVATE_ID_PARTIES: readonly Party[] = [SELLER, BUYER];

const BR_FR_24: PatternDef = {
  id: 'BR-FR-24',
  rules: PRIVATE_ID_PARTIES.map((party) =>
    rule(
      `${party.context}/ram:GlobalID`,
      [
        check(
          `BR-FR-24_${party.idTerm}`,
          [party.idTerm],
          `The private identifier of ${party.name.en}, identifier ${party.idTerm} with scheme 0224, may contain only letters, digits and the characters + - _ . (no spaces): correct it.`,
          `L'identifiant privé ${party.name.fr}, identifiant ${party.idTerm} de schéma 0224, ne peut contenir que des lettres, des chiffres et les caractères + - _ . (sans espace) : corrigez-le.`,
          isRoutingIdentifier,
        ),
      ],
      withScheme('0224'),
    ),
  ),
};

const BR_FR_25: PatternDef = {
  id: 'BR-FR-25',
  rules: ADDRESSED_PARTIES.map((party) =>
    rule(addressContext(party), [
      check(
        `BR-FR-25_${party.addressTerm!}`,
        [party.addressTerm!],
        `The electronic address of ${party.name.en}, ${party.addressTerm!}, is longer than 125 characters: shorten it.`,
        `L'adresse électronique ${party.name.fr}, ${party.addressTerm!}, dépasse 125 caractères : raccourcissez-la.`,
        maxLength(125),
      ),
    ]),
  ),
};

const BR_FR_26: PatternDef = {
  id: 'BR-FR-26',
  rules: PRIVATE_ID_PARTIES.map((party) =>
    rule(
      `${party.context}/ram:GlobalID`,
      [
        check(
          `BR-FR-26_${party.idTerm}`,
          [party.idTerm],
          `The private identifier of ${party.name.en}, identifier ${party.idTerm} with scheme 0224, is longer than 100 characters: shorten it.`,
          `L'identifiant privé ${party.name.fr}, identifiant ${party.idTerm} de schéma 0224, dépasse 100 caractères : raccourcissez-le.`,
          maxLength(100),
        ),
      ],
      withScheme('0224'),
    ),
  ),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-27 / BR-FR-28: item attributes (BG-32)

const CHARACTERISTIC = `${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`;
const DESCRIPTION = path('ram:Description');
const TYPE_CODE = path('ram:TypeCode');
const VALUE = path('ram:Value');
const VALUE_MEASURE = path('ram:ValueMeasure');

const BR_FR_27: PatternDef = {
  id: 'BR-FR-27',
  rules: [
    rule(CHARACTERISTIC, [
      check(
        'BR-FR-27_BG-32',
        ['BG-32', 'BT-160', 'EXT-FR-FE-159'],
        'An item attribute (BG-32) needs a name (BT-160) or a code (EXT-FR-FE-159): add one of them.',
        "Un attribut d'article (BG-32) doit avoir un nom (BT-160) ou un code (EXT-FR-FE-159) : ajoutez l'un des deux.",
        (c) => exists(c, DESCRIPTION) || exists(c, TYPE_CODE),
      ),
    ]),
    rule(`${CHARACTERISTIC}/ram:Description`, [
      check(
        'BR-FR-27_BT-160',
        ['BT-160'],
        'The item attribute name (BT-160) is empty: fill it in, or remove it and give an attribute code instead.',
        "Le nom d'attribut d'article (BT-160) est vide : renseignez-le, ou retirez-le et donnez plutôt un code d'attribut.",
        isNotBlank,
      ),
    ]),
    rule(`${CHARACTERISTIC}/ram:TypeCode`, [
      check(
        'BR-FR-27_EXT-FR-FE-159',
        ['EXT-FR-FE-159'],
        'The item attribute code (EXT-FR-FE-159) is empty: fill it in, or remove it and give an attribute name instead.',
        "Le code d'attribut d'article (EXT-FR-FE-159) est vide : renseignez-le, ou retirez-le et donnez plutôt un nom d'attribut.",
        isNotBlank,
      ),
    ]),
  ],
};

const BR_FR_28: PatternDef = {
  id: 'BR-FR-28',
  rules: [
    rule(CHARACTERISTIC, [
      check(
        'BR-FR-28-Value',
        ['BT-161', 'BG-32'],
        'An item attribute (BG-32) needs exactly one value: either a text value (BT-161) or a measured value with its unit of measure, not both. Keep one of them.',
        "Un attribut d'article (BG-32) doit avoir une seule valeur : soit une valeur texte (BT-161), soit une valeur mesurée avec son unité de mesure, pas les deux. Gardez-en une.",
        (c) =>
          exists(c, VALUE)
            ? !exists(c, VALUE_MEASURE)
            : all(c, VALUE_MEASURE).some((m) => {
                const unit = attributeValue(m, 'unitCode');
                return unit !== undefined && unit !== '';
              }),
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-29 / BR-FR-30: invoiced object identifiers AFL and AVV

const REFERENCES = path('ram:AdditionalReferencedDocument');

function countReferences(el: XmlElement, code: string): number {
  return all(el, REFERENCES).filter((r) => hasValue(r, P.referenceTypeCode, code)).length;
}

function invoicedObjectPattern(id: string, bt: string, context: string, where: Message): PatternDef {
  const referenceOf = (code: string) => (issuerId: XmlElement) =>
    !!issuerId.parent && hasValue(issuerId.parent, P.referenceTypeCode, code);
  const emptyCheck = (code: string): AssertionDef =>
    check(
      `${id}_${code}`,
      [bt],
      `The invoiced object identifier (${bt}) with scheme ${code} ${where.en} is empty: give its value.`,
      `L'identifiant d'objet facturé (${bt}) de schéma ${code} ${where.fr} est vide : indiquez sa valeur.`,
      isNotBlank,
    );
  return {
    id,
    rules: [
      rule(context, [
        check(
          `${id}_${bt}`,
          [bt],
          `Invoiced object identifiers (${bt}) ${where.en}: the schemes AFL and AVV may each appear only once. Remove the duplicates.`,
          `Identifiants d'objet facturé (${bt}) ${where.fr} : les schémas AFL et AVV ne peuvent figurer qu'une fois chacun. Supprimez les doublons.`,
          (el) => countReferences(el, 'AFL') <= 1 && countReferences(el, 'AVV') <= 1,
          (el) =>
            found(
              `AFL: ${countReferences(el, 'AFL')}, AVV: ${countReferences(el, 'AVV')}.`,
              `AFL : ${countReferences(el, 'AFL')}, AVV : ${countReferences(el, 'AVV')}.`,
            ),
        ),
      ]),
      rule(
        `${context}/ram:AdditionalReferencedDocument/ram:IssuerAssignedID`,
        [emptyCheck('AFL')],
        referenceOf('AFL'),
      ),
      rule(
        `${context}/ram:AdditionalReferencedDocument/ram:IssuerAssignedID`,
        [emptyCheck('AVV')],
        referenceOf('AVV'),
      ),
    ],
  };
}

const BR_FR_29 = invoicedObjectPattern(
  'BR-FR-29',
  'BT-18',
  AGREEMENT,
  found('of the invoice', 'de la facture'),
);
const BR_FR_30 = invoicedObjectPattern('BR-FR-30', 'BT-128', LINE, found('of a line', "d'une ligne"));

// ---------------------------------------------------------------------------------------------------
// BR-FR-31 / BR-FR-32

const countBarValues = (doc: XmlElement): number =>
  all(doc, path('ram:IncludedNote')).filter(
    (n) => hasValue(n, P.subjectCode, 'BAR') && BAR_TREATMENTS.has(normalizeSpace(text(n, P.content))),
  ).length;

const BR_FR_31: PatternDef = {
  id: 'BR-FR-31',
  rules: [
    rule(DOC, [
      check(
        'BR-FR-31_BT-21',
        ['BT-21', 'BT-22'],
        `The invoice may carry only one processing value in its BAR notes (BT-21 = BAR, text one of ${BAR_LIST}): keep a single one.`,
        `La facture ne peut porter qu'une seule valeur de traitement dans ses notes BAR (BT-21 = BAR, texte parmi ${BAR_LIST}) : n'en gardez qu'une.`,
        (doc) => countBarValues(doc) <= 1,
        (doc) => found(`${countBarValues(doc)} values found.`, `${countBarValues(doc)} valeurs trouvées.`),
      ),
    ]),
  ],
};

const BR_FR_32: PatternDef = {
  id: 'BR-FR-32',
  rules: [
    rule(
      '//ram:SpecifiedLegalOrganization/ram:ID',
      [
        check(
          'BR-FR-32-LEGALID',
          ['BT-30', 'BT-47', 'BT-61'],
          'A legal registration identifier (BT-30, BT-47, BT-61) with scheme 0002 is a SIREN: it must be exactly 9 digits, without spaces or letters. Correct it.',
          "Un identifiant d'immatriculation légale (BT-30, BT-47, BT-61) de schéma 0002 est un SIREN : il doit compter exactement 9 chiffres, sans espace ni lettre. Corrigez-le.",
          isSiren,
        ),
      ],
      withScheme('0002'),
    ),
    rule(
      '//ram:GlobalID',
      [
        check(
          'BR-FR-32-GLOBALID',
          ['BT-29', 'BT-46', 'BT-60', 'BT-71'],
          'A party identifier (BT-29, BT-46, BT-60, BT-71) with scheme 0002 (SIREN) or 0231 (single VAT group member) must be exactly 9 digits, without spaces or letters. Correct it.',
          "Un identifiant de partie (BT-29, BT-46, BT-60, BT-71) de schéma 0002 (SIREN) ou 0231 (membre d'un assujetti unique) doit compter exactement 9 chiffres, sans espace ni lettre. Corrigez-le.",
          isSiren,
        ),
      ],
      (el) => hasAttribute(el, 'schemeID', '0002') || hasAttribute(el, 'schemeID', '0231'),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-CO-03 … BR-FR-CO-15: consistency rules

const CONTRACT = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:ContractReferencedDocument/ram:IssuerAssignedID',
);
const PERIOD_START = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString',
);
const PERIOD_END = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString',
);
const HEADER_REFERENCES = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument',
);
const REFERENCE_DATE = path('ram:FormattedIssueDateTime/qdt:DateTimeString');
const LINE_REFERENCES = path('ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument');
const DUE_DATE = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString',
);
const TOTALS =
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation';
const PREPAID = path(`${TOTALS}/ram:TotalPrepaidAmount`);
const GRAND_TOTAL = path(`${TOTALS}/ram:GrandTotalAmount`);
const DUE_PAYABLE = path(`${TOTALS}/ram:DuePayableAmount`);
const TAX_TOTAL = path(`${TOTALS}/ram:TaxTotalAmount`);
const SELLER_GLOBAL_ID = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:GlobalID',
);
const TAX_REPRESENTATIVE = path(
  'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty',
);
const TAX_REGISTRATION = path('ram:SpecifiedTaxRegistration/ram:ID');

/** A complete reference to an earlier invoice: its number and its date. */
const isCompleteReference = (ref: XmlElement): boolean =>
  exists(ref, P.issuerAssignedId) && exists(ref, REFERENCE_DATE);

/** `$typeCode = list`, or for a single code. */
const typeIs = (inv: FrenchInvoice, code: string): boolean => inv.typeCodes.includes(code);

const isSingleVatGroupMember = (root: XmlElement): boolean =>
  all(root, SELLER_GLOBAL_ID).some((id) => hasAttribute(id, 'schemeID', '0231'));

const BR_FR_CO_03: PatternDef = {
  id: 'BR-FR-CO-03',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-03_BT-3',
        ['BT-3', 'BT-12', 'BG-14'],
        'A global discount credit note (BT-3 = 262) must give the contract reference (BT-12) and the invoicing period it covers (BG-14: start date BT-73 and end date BT-74).',
        'Un avoir de remise globale (BT-3 = 262) doit indiquer la référence du contrat (BT-12) et la période de facturation concernée (BG-14 : date de début BT-73 et date de fin BT-74).',
        (root, inv) =>
          !typeIs(inv, GLOBAL_DISCOUNT_CREDIT_NOTE) ||
          (text(root, CONTRACT) !== '' && text(root, PERIOD_START) !== '' && text(root, PERIOD_END) !== ''),
      ),
    ]),
  ],
};

const BR_FR_CO_04: PatternDef = {
  id: 'BR-FR-CO-04',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-04_BT-4',
        ['BT-3', 'BT-25', 'BT-26'],
        'A corrective invoice (BT-3 = 384, 471, 472 or 473) must reference exactly one earlier invoice (BG-3: its number BT-25 and its date BT-26).',
        'Une facture rectificative (BT-3 = 384, 471, 472 ou 473) doit référencer une et une seule facture antérieure (BG-3 : son numéro BT-25 et sa date BT-26).',
        (root, inv) => !inv.typeIn(CORRECTIVE_TYPE_CODES) || all(root, HEADER_REFERENCES).length === 1,
        (root) =>
          found(
            `${all(root, HEADER_REFERENCES).length} references found.`,
            `${all(root, HEADER_REFERENCES).length} références trouvées.`,
          ),
      ),
    ]),
  ],
};

const BR_FR_CO_05: PatternDef = {
  id: 'BR-FR-CO-05',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-05_BT-3',
        ['BT-3', 'BT-25', 'BT-26', 'EXT-FR-FE-136', 'EXT-FR-FE-138'],
        'A credit note (BT-3 = 261, 381, 396, 502 or 503) must reference the invoice it credits: either at document level (BG-3: number BT-25 and date BT-26), or on every line that is not a GROUP or INFORMATION line (number EXT-FR-FE-136 and date EXT-FR-FE-138).',
        "Un avoir (BT-3 = 261, 381, 396, 502 ou 503) doit référencer la facture qu'il annule : soit au niveau du document (BG-3 : numéro BT-25 et date BT-26), soit sur chaque ligne qui n'est pas une ligne GROUP ou INFORMATION (numéro EXT-FR-FE-136 et date EXT-FR-FE-138).",
        (root, inv) =>
          !inv.typeIn(CREDIT_NOTE_TYPE_CODES) ||
          all(root, HEADER_REFERENCES).some(isCompleteReference) ||
          inv
            .lines()
            .filter((l) => !exists(l, P.lineStatus) || hasValue(l, P.lineStatus, 'DETAIL'))
            .every((l) => all(l, LINE_REFERENCES).some(isCompleteReference)),
      ),
    ]),
  ],
};

const BR_FR_CO_07: PatternDef = {
  id: 'BR-FR-CO-07',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-07_BT-9',
        ['BT-9', 'BT-2'],
        'The payment due date (BT-9) is before the invoice date (BT-2). Correct it, unless the invoice is a prepayment (BT-3 = 386, 500, 503) or already paid (BT-23 = B2, S2, M2), where an earlier date is allowed.',
        "La date d'échéance (BT-9) précède la date de facture (BT-2). Corrigez-la, sauf pour une facture d'acompte (BT-3 = 386, 500, 503) ou déjà payée (BT-23 = B2, S2, M2), où une date antérieure est admise.",
        (root, inv) => {
          const due = text(root, DUE_DATE);
          if (due === '' || inv.typeIn(PREPAYMENT_TYPE_CODES) || inv.billingModeIn(ALREADY_PAID_MODES))
            return true;
          // `ge` takes one item a side (a second issue date stops the official XSLT) and compares two
          // untyped values as strings (YYYYMMDD sorts as dates).
          const issue = atMostOne(all(root, P.issueDate));
          return !!issue && due >= textOf(issue);
        },
        (root) => {
          const due = text(root, DUE_DATE);
          const issue = text(root, P.issueDate);
          return found(
            `Due date: ${due}, invoice date: ${issue}.`,
            `Échéance : ${due}, date de facture : ${issue}.`,
          );
        },
      ),
    ]),
  ],
};

const BR_FR_CO_08: PatternDef = {
  id: 'BR-FR-CO-08',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-08_BT-23',
        ['BT-23', 'BT-3'],
        'A final invoice after prepayment (BT-23 = B4, S4 or M4) cannot be a prepayment invoice or credit note (BT-3 = 386, 500, 503): change the billing framework or the type code.',
        "Une facture définitive après acompte (BT-23 = B4, S4 ou M4) ne peut pas être une facture ou un avoir d'acompte (BT-3 = 386, 500, 503) : changez le cadre de facturation ou le code type.",
        (_root, inv) =>
          !inv.billingModeIn(FINAL_AFTER_PREPAYMENT_MODES) || !inv.typeIn(PREPAYMENT_TYPE_CODES),
      ),
    ]),
  ],
};

const paidMode = (inv: FrenchInvoice): boolean => inv.billingModeIn(ALREADY_PAID_MODES);
const amount = (root: XmlElement, p: Path): number => {
  const el = first(root, p);
  return xpathNumber(el ? textOf(el) : undefined);
};

const BR_FR_CO_09: PatternDef = {
  id: 'BR-FR-CO-09',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-09_BT-23-1',
        ['BT-23', 'BT-113', 'BT-112'],
        'The invoice is declared already paid (BT-23 = B2, S2 or M2): the paid amount (BT-113) must equal the total amount with VAT (BT-112).',
        'La facture est déclarée déjà payée (BT-23 = B2, S2 ou M2) : le montant déjà payé (BT-113) doit être égal au montant total TTC (BT-112).',
        // number() comparison: an absent amount is NaN and never equal.
        (root, inv) => !paidMode(inv) || amount(root, PREPAID) === amount(root, GRAND_TOTAL),
        (root) => {
          const paid = text(root, PREPAID);
          const total = text(root, GRAND_TOTAL);
          return found(`Paid: "${paid}", total: "${total}".`, `Payé : « ${paid} », total : « ${total} ».`);
        },
      ),
      check(
        'BR-FR-CO-09_BT-23-2',
        ['BT-23', 'BT-115'],
        'The invoice is declared already paid (BT-23 = B2, S2 or M2): the amount due for payment (BT-115) must be 0.',
        'La facture est déclarée déjà payée (BT-23 = B2, S2 ou M2) : le net à payer (BT-115) doit être égal à 0.',
        (root, inv) => !paidMode(inv) || amount(root, DUE_PAYABLE) === 0,
        (root) => valueFound(first(root, DUE_PAYABLE)),
      ),
      check(
        'BR-FR-CO-09_BT-23-3',
        ['BT-23', 'BT-9'],
        'The invoice is declared already paid (BT-23 = B2, S2 or M2): give the payment date as due date (BT-9).',
        "La facture est déclarée déjà payée (BT-23 = B2, S2 ou M2) : indiquez la date du paiement comme date d'échéance (BT-9).",
        (root, inv) => !paidMode(inv) || text(root, DUE_DATE) !== '',
      ),
    ]),
  ],
};

const BR_FR_CO_10: PatternDef = {
  id: 'BR-FR-CO-10',
  rules: IDENTIFIED_PARTIES.map((party) =>
    rule(party.context.replace(`${CII}/`, ''), [
      check(
        `BR-FR-CO-10_${party.idTerm}-1`,
        [party.idTerm],
        `Every registered identifier of ${party.name.en}, ${party.idTerm}, must state its scheme (${party.idTerm}-1), e.g. 0009 for a SIRET, 0088 for a GLN: add it.`,
        `Chaque identifiant enregistré ${party.name.fr}, ${party.idTerm}, doit indiquer son schéma (${party.idTerm}-1), par exemple 0009 pour un SIRET, 0088 pour un GLN : ajoutez-le.`,
        everyGlobalIdHasScheme,
      ),
      check(
        `BR-FR-CO-10_${party.idTerm}-2`,
        [party.idTerm],
        `Each identification scheme (${party.idTerm}-1) may be used only once among the identifiers of ${party.name.en}, ${party.idTerm}: remove the duplicates.`,
        `Chaque schéma d'identification (${party.idTerm}-1) ne peut servir qu'une fois parmi les identifiants ${party.name.fr}, ${party.idTerm} : supprimez les doublons.`,
        globalIdSchemesDistinct,
      ),
    ]),
  ),
};

const BR_FR_CO_12: PatternDef = {
  id: 'BR-FR-CO-12',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-12_BT-5',
        ['BT-5', 'BT-6', 'BT-111'],
        'The invoice is not in euros (BT-5): give EUR as VAT accounting currency (BT-6) and the VAT total in euros (BT-111, a second VAT total stated in EUR).',
        "La facture n'est pas en euros (BT-5) : indiquez EUR comme devise de comptabilisation de la TVA (BT-6) et le total de TVA en euros (BT-111, un second total de TVA exprimé en EUR).",
        (root) => {
          if (!texts(root, P.invoiceCurrency).some((c) => c !== 'EUR')) return true;
          const eurTax = all(root, TAX_TOTAL).find((t) => hasAttribute(t, 'currencyID', 'EUR'));
          return texts(root, P.taxCurrency).includes('EUR') && !!eurTax && textOf(eurTax) !== '';
        },
        (root) => {
          const invoice = text(root, P.invoiceCurrency);
          const tax = text(root, P.taxCurrency);
          return found(
            `Invoice currency: "${invoice}", VAT accounting currency: "${tax}".`,
            `Devise de facture : « ${invoice} », devise de comptabilisation : « ${tax} ».`,
          );
        },
      ),
    ]),
  ],
};

const BR_FR_CO_14: PatternDef = {
  id: 'BR-FR-CO-14',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-14_BT-29-1',
        ['BT-29-1', 'BT-21', 'BT-22'],
        'The seller is identified as a member of a single VAT group (seller identifier BT-29 with scheme 0231): add an invoice note with subject code TXD (BT-21) and the text MEMBRE_ASSUJETTI_UNIQUE (BT-22).',
        "Le vendeur est identifié comme membre d'un assujetti unique (identifiant du vendeur BT-29 de schéma 0231) : ajoutez une note de facture de code sujet TXD (BT-21) avec le texte MEMBRE_ASSUJETTI_UNIQUE (BT-22).",
        (root, inv) =>
          !isSingleVatGroupMember(root) ||
          all(inv.invoice, P.notes).some(
            (n) => hasValue(n, P.subjectCode, 'TXD') && hasValue(n, P.content, 'MEMBRE_ASSUJETTI_UNIQUE'),
          ),
      ),
    ]),
  ],
};

const BR_FR_CO_15: PatternDef = {
  id: 'BR-FR-CO-15',
  rules: [
    rule(CII, [
      check(
        'BR-FR-CO-15_BT-29-1',
        ['BT-29-1', 'BG-11', 'BT-63'],
        "The seller is a member of a single VAT group (seller identifier BT-29 with scheme 0231): add the seller's tax representative (BG-11) with the single VAT group's VAT identifier (BT-63).",
        "Le vendeur est membre d'un assujetti unique (identifiant du vendeur BT-29 de schéma 0231) : ajoutez le représentant fiscal du vendeur (BG-11) avec le numéro de TVA de l'assujetti unique (BT-63).",
        (root) => {
          if (!isSingleVatGroupMember(root)) return true;
          const vat = all(root, TAX_REPRESENTATIVE)
            .flatMap((r) => all(r, TAX_REGISTRATION))
            .find((id) => hasAttribute(id, 'schemeID', 'VA'));
          return exists(root, TAX_REPRESENTATIVE) && !!vat && textOf(vat) !== '';
        },
      ),
    ]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-DEC-01 … BR-FR-DEC-04: number formats

const AMOUNT_RULE = {
  en: 'must be a number with "." as decimal separator, at most 2 decimals and at most 19 characters besides the separator (a leading "-" is allowed).',
  fr: 'doit être un nombre avec « . » comme séparateur décimal, au plus 2 décimales et au plus 19 caractères hors séparateur (un « - » initial est admis).',
};

interface NumberTerm extends Term {
  readonly id: string;
  readonly context: string;
}

function amountRules(
  terms: readonly NumberTerm[],
  shape: (value: string) => boolean,
  rule_: Message,
): RuleDef[] {
  return terms.map((t) =>
    rule(t.context, [
      check(
        t.id,
        t.bt.split(' '),
        `${t.en} (${t.bt.replace(' ', ', ')}) ${rule_.en}`,
        `${t.fr} (${t.bt.replace(' ', ', ')}) ${rule_.fr}`,
        shaped(shape),
      ),
    ]),
  );
}

const AMOUNTS: readonly NumberTerm[] = [
  {
    id: 'BR-FR-DEC-01_BT-92_BT-99',
    bt: 'BT-92 BT-99',
    en: 'A document level allowance or charge amount',
    fr: "Le montant d'une remise ou charge au niveau de la facture",
    context: `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-93_BT-100',
    bt: 'BT-93 BT-100',
    en: 'A document level allowance or charge base amount',
    fr: "L'assiette d'une remise ou charge au niveau de la facture",
    context: `/${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-106',
    bt: 'BT-106',
    en: 'The sum of line net amounts',
    fr: 'La somme des montants nets des lignes',
    context: `${SUMMATION}/ram:LineTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-107',
    bt: 'BT-107',
    en: 'The sum of allowances',
    fr: 'La somme des remises',
    context: `${SUMMATION}/ram:AllowanceTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-108',
    bt: 'BT-108',
    en: 'The sum of charges',
    fr: 'La somme des charges',
    context: `${SUMMATION}/ram:ChargeTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-109',
    bt: 'BT-109',
    en: 'The total amount without VAT',
    fr: 'Le montant total HT',
    context: `${SUMMATION}/ram:TaxBasisTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-110',
    bt: 'BT-110',
    en: 'The total VAT amount',
    fr: 'Le montant total de TVA',
    context: `${SUMMATION}/ram:TaxTotalAmount`,
  },
  // The artefact gives BT-111 the same context as BT-110 in the same pattern: the BT-110 rule takes every
  // TaxTotalAmount, so BR-FR-DEC-01_BT-111 never fires (kept, as the artefact has it).
  {
    id: 'BR-FR-DEC-01_BT-111',
    bt: 'BT-111',
    en: 'The total VAT amount in accounting currency',
    fr: 'Le montant total de TVA en devise de comptabilisation',
    context: `${SUMMATION}/ram:TaxTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-112',
    bt: 'BT-112',
    en: 'The total amount with VAT',
    fr: 'Le montant total TTC',
    context: `${SUMMATION}/ram:GrandTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-113',
    bt: 'BT-113',
    en: 'The paid amount',
    fr: 'Le montant déjà payé',
    context: `${SUMMATION}/ram:TotalPrepaidAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-114',
    bt: 'BT-114',
    en: 'The rounding amount',
    fr: "Le montant de l'arrondi",
    context: `${SUMMATION}/ram:RoundingAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-115',
    bt: 'BT-115',
    en: 'The amount due for payment',
    fr: 'Le net à payer',
    context: `${SUMMATION}/ram:DuePayableAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-116',
    bt: 'BT-116',
    en: 'A VAT category taxable amount',
    fr: "La base d'imposition d'une ventilation de TVA",
    context: `/${SETTLEMENT}/ram:ApplicableTradeTax/ram:BasisAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-117',
    bt: 'BT-117',
    en: 'A VAT category tax amount',
    fr: "Le montant de TVA d'une ventilation",
    context: `/${SETTLEMENT}/ram:ApplicableTradeTax/ram:CalculatedAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-131',
    bt: 'BT-131',
    en: 'A line net amount',
    fr: "Le montant net d'une ligne",
    context: `/${LINE_SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-136_BT-141',
    bt: 'BT-136 BT-141',
    en: 'A line allowance or charge amount',
    fr: "Le montant d'une remise ou charge de ligne",
    context: `/${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount`,
  },
  {
    id: 'BR-FR-DEC-01_BT-137_BT-142',
    bt: 'BT-137 BT-142',
    en: 'A line allowance or charge base amount',
    fr: "L'assiette d'une remise ou charge de ligne",
    context: `/${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount`,
  },
];

const BR_FR_DEC_01: PatternDef = {
  id: 'BR-FR-DEC-01',
  rules: amountRules(AMOUNTS, isAmount19_2, AMOUNT_RULE),
};

const BR_FR_DEC_02: PatternDef = {
  id: 'BR-FR-DEC-02',
  rules: amountRules(
    [
      {
        id: 'BR-FR-DEC-02_BT-129',
        bt: 'BT-129',
        en: 'The invoiced quantity',
        fr: 'La quantité facturée',
        context: `${LINE}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`,
      },
      {
        id: 'BR-FR-DEC-02_BT-149',
        bt: 'BT-149',
        en: 'The item price base quantity',
        fr: 'La quantité de base du prix',
        context: `${LINE}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity`,
      },
    ],
    isQuantity19_4,
    {
      en: 'must be a number with "." as decimal separator, at most 4 decimals and at most 19 characters besides the separator (a leading "-" is allowed).',
      fr: 'doit être un nombre avec « . » comme séparateur décimal, au plus 4 décimales et au plus 19 caractères hors séparateur (un « - » initial est admis).',
    },
  ),
};

const PRICES: readonly NumberTerm[] = [
  {
    id: 'BR-FR-DEC-03_BT-146',
    bt: 'BT-146',
    en: 'The item net price',
    fr: 'Le prix net unitaire',
    context: `${LINE}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount`,
  },
  {
    id: 'BR-FR-DEC-03_BT-147',
    bt: 'BT-147',
    en: 'The item price discount',
    fr: 'Le rabais sur le prix unitaire',
    context: `${LINE}/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount`,
  },
  {
    id: 'BR-FR-DEC-03_BT-148',
    bt: 'BT-148',
    en: 'The item gross price',
    fr: 'Le prix brut unitaire',
    context: `${LINE}/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount`,
  },
];

const isSignedPrice = shaped(isSignedPrice19_6);
const isUnsignedPrice = shaped(isUnsignedPrice19_6);

const BR_FR_DEC_03: PatternDef = {
  id: 'BR-FR-DEC-03',
  rules: PRICES.map((t) =>
    rule(t.context, [
      check(
        t.id,
        [t.bt],
        `${t.en} (${t.bt}) must be a positive number (negative only on a bidirectional invoice, BT-23 = S9, B9, M9) with "." as decimal separator, at most 6 decimals and at most 19 characters besides the separator.`,
        `${t.fr} (${t.bt}) doit être un nombre positif (négatif seulement pour une facture bidirectionnelle, BT-23 = S9, B9, M9) avec « . » comme séparateur décimal, au plus 6 décimales et au plus 19 caractères hors séparateur.`,
        (el, inv) => (inv.bidirectional ? isSignedPrice(el) : isUnsignedPrice(el)),
      ),
    ]),
  ),
};

const RATE_RULE = {
  en: 'must be a positive percentage without sign or "%", with "." as decimal separator, at most 2 decimals and at most 4 digits (e.g. 20, 5.5).',
  fr: 'doit être un pourcentage positif sans signe ni « % », avec « . » comme séparateur décimal, au plus 2 décimales et au plus 4 chiffres (ex. 20, 5.5).',
};

const BR_FR_DEC_04: PatternDef = {
  id: 'BR-FR-DEC-04',
  rules: amountRules(
    [
      {
        id: 'BR-FR-DEC-04_BT-96_BT-103',
        bt: 'BT-96 BT-103',
        en: 'The VAT rate of a document level allowance or charge',
        fr: "Le taux de TVA d'une remise ou charge au niveau de la facture",
        context: `${VAT_CONTEXTS.allowanceCharge}/ram:RateApplicablePercent`,
      },
      {
        id: 'BR-FR-DEC-04_BT-119',
        bt: 'BT-119',
        en: 'The VAT rate of a VAT breakdown',
        fr: "Le taux de TVA d'une ventilation",
        context: `${VAT_CONTEXTS.breakdown}/ram:RateApplicablePercent`,
      },
      {
        id: 'BR-FR-DEC-04_BT-152',
        bt: 'BT-152',
        en: 'The VAT rate of a line',
        fr: "Le taux de TVA d'une ligne",
        context: `${VAT_CONTEXTS.line}/ram:RateApplicablePercent`,
      },
    ],
    isRate4_2,
    RATE_RULE,
  ),
};

// ---------------------------------------------------------------------------------------------------
// BR-FR-MV-* (multi-vendor, frame 8) and BR-FR-BD-* (bidirectional, frame 9)

const FRAME_8_9 = {
  en: 'On a multi-vendor or bidirectional invoice (BT-23 = S8, B8, M8, S9, B9, M9)',
  fr: 'Pour une facture multi-vendeurs ou bidirectionnelle (BT-23 = S8, B8, M8, S9, B9, M9)',
};
const FRAME_8 = {
  en: 'On a multi-vendor invoice (BT-23 = S8, B8, M8)',
  fr: 'Pour une facture multi-vendeurs (BT-23 = S8, B8, M8)',
};
const FRAME_9 = {
  en: 'On a bidirectional invoice (BT-23 = S9, B9, M9)',
  fr: 'Pour une facture bidirectionnelle (BT-23 = S9, B9, M9)',
};

const TOP_GROUP_LINE = { context: LINE, where: (line: XmlElement) => isTopGroupLine(line) };
const ITEM_SELLER_NAME = path('ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:Name');
const ITEM_SELLER_LEGAL_ID = path(
  'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);
const ITEM_SELLER_COUNTRY = path(
  'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:PostalTradeAddress/ram:CountryID',
);
const HEADER_SELLER_ID = path(
  'ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);
const HEADER_BUYER_ID = path(
  'ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);

/** Top GROUP lines of the transaction whose line seller identifier equals one of the header party's. */
function topGroupLinesSoldBy(transaction: XmlElement, partyId: Path): number {
  const ids = texts(transaction, partyId);
  return topGroupLines(transaction).filter((l) => itemSellerIds(l).some((id) => ids.includes(id))).length;
}

const BR_FR_MV_01: PatternDef = {
  id: 'BR-FR-MV-01',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(`${LINE}/ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode`, [
      check(
        'BR-FR-MV-01_EXT-FR-FE-163',
        ['EXT-FR-FE-163'],
        `${FRAME_8_9.en}, a line sub-type (EXT-FR-FE-163) must not be empty: give GROUP, DETAIL or INFORMATION.`,
        `${FRAME_8_9.fr}, le sous-type de ligne (EXT-FR-FE-163) ne doit pas être vide : indiquez GROUP, DETAIL ou INFORMATION.`,
        (el, inv) => !inv.specialContract || isNotBlank(el),
      ),
    ]),
  ],
};

const BR_FR_MV_02: PatternDef = {
  id: 'BR-FR-MV-02',
  applies: (inv) => inv.multiVendor,
  rules: [
    rule(TX, [
      check(
        'BR-FR-MV-02_EXT-FR-FE-163',
        ['EXT-FR-FE-163', 'EXT-FR-FE-162'],
        `${FRAME_8.en}, at least one line must be a top-level GROUP line (sub-type EXT-FR-FE-163 = GROUP, no parent line EXT-FR-FE-162) carrying a vendor's sub-invoice.`,
        `${FRAME_8.fr}, au moins une ligne doit être une ligne GROUP de premier niveau (sous-type EXT-FR-FE-163 = GROUP, sans ligne parente EXT-FR-FE-162) portant la sous-facture d'un vendeur.`,
        (tx, inv) => !inv.multiVendor || topGroupLines(tx).length >= 1,
      ),
    ]),
  ],
};

const BR_FR_BD_02: PatternDef = {
  id: 'BR-FR-BD-02',
  applies: (inv) => inv.bidirectional,
  rules: [
    rule(TX, [
      check(
        'BR-FR-BD-02_EXT-FR-FE-163',
        ['EXT-FR-FE-163', 'EXT-FR-FE-162'],
        `${FRAME_9.en}, exactly two lines must be top-level GROUP lines (sub-type EXT-FR-FE-163 = GROUP, no parent line EXT-FR-FE-162), one per direction.`,
        `${FRAME_9.fr}, exactement deux lignes doivent être des lignes GROUP de premier niveau (sous-type EXT-FR-FE-163 = GROUP, sans ligne parente EXT-FR-FE-162), une par sens.`,
        (tx, inv) => !inv.bidirectional || topGroupLines(tx).length === 2,
        (tx) => found(`${topGroupLines(tx).length} found.`, `${topGroupLines(tx).length} trouvées.`),
      ),
      check(
        'BR-FR-BD-02_BT-31',
        ['BT-30', 'EXT-FR-FE-167'],
        `${FRAME_9.en}, exactly one top-level GROUP line must have the invoice's seller as line seller: its legal identifier (EXT-FR-FE-167) equal to the seller's (BT-30).`,
        `${FRAME_9.fr}, exactement une ligne GROUP de premier niveau doit avoir le vendeur de la facture comme vendeur de ligne : son identifiant légal (EXT-FR-FE-167) égal à celui du vendeur (BT-30).`,
        (tx, inv) => !inv.bidirectional || topGroupLinesSoldBy(tx, HEADER_SELLER_ID) === 1,
      ),
      check(
        'BR-FR-BD-02_BT-47',
        ['BT-47', 'EXT-FR-FE-167'],
        `${FRAME_9.en}, exactly one top-level GROUP line must have the invoice's buyer as line seller: its legal identifier (EXT-FR-FE-167) equal to the buyer's (BT-47).`,
        `${FRAME_9.fr}, exactement une ligne GROUP de premier niveau doit avoir l'acheteur de la facture comme vendeur de ligne : son identifiant légal (EXT-FR-FE-167) égal à celui de l'acheteur (BT-47).`,
        (tx, inv) => !inv.bidirectional || topGroupLinesSoldBy(tx, HEADER_BUYER_ID) === 1,
      ),
    ]),
  ],
};

const lineIdDetail = (line: XmlElement): Message => {
  const id = text(line, P.lineId);
  return found(`Line ${id}.`, `Ligne ${id}.`);
};

function groupLineCheck(id: string, bt: string, en: string, fr: string, test: Test): AssertionDef {
  return check(
    id,
    [bt],
    `${FRAME_8_9.en}, ${en}`,
    `${FRAME_8_9.fr}, ${fr}`,
    (line, inv) => !inv.specialContract || test(line, inv),
    lineIdDetail,
  );
}

const isAvvForbidden = (ref: XmlElement): boolean =>
  texts(ref, P.issuerAssignedId).some((v) => AVV_FORBIDDEN_VALUES.has(v));

/** `ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument[code]` of a top GROUP line. */
const groupLineReference = (code: string) => (ref: XmlElement) =>
  hasValue(ref, P.referenceTypeCode, code) && !!ref.parent?.parent && isTopGroupLine(ref.parent.parent);

const BR_FR_MV_03: PatternDef = {
  id: 'BR-FR-MV-03',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      TOP_GROUP_LINE.context,
      [
        groupLineCheck(
          'BR-FR-MV-03_EXT-FR-FE-164',
          'EXT-FR-FE-164',
          "each top-level GROUP line must give its vendor's name (EXT-FR-FE-164).",
          'chaque ligne GROUP de premier niveau doit donner le nom de son vendeur (EXT-FR-FE-164).',
          (line) => hasText(line, ITEM_SELLER_NAME),
        ),
        groupLineCheck(
          'BR-FR-MV-03_EXT-FR-FE-167',
          'EXT-FR-FE-167',
          "each top-level GROUP line must give its vendor's legal registration identifier (EXT-FR-FE-167).",
          "chaque ligne GROUP de premier niveau doit donner l'identifiant d'immatriculation légale de son vendeur (EXT-FR-FE-167).",
          (line) => hasText(line, ITEM_SELLER_LEGAL_ID),
        ),
        groupLineCheck(
          'BR-FR-MV-03_EXT-FR-FE-177',
          'EXT-FR-FE-177',
          "each top-level GROUP line must give its vendor's country code (EXT-FR-FE-177).",
          'chaque ligne GROUP de premier niveau doit donner le code pays de son vendeur (EXT-FR-FE-177).',
          (line) => hasText(line, ITEM_SELLER_COUNTRY),
        ),
        groupLineCheck(
          'BR-FR-MV-03_EXT-FR-FE-181',
          'EXT-FR-FE-181',
          'each top-level GROUP line must give its VAT total in the invoice currency (EXT-FR-FE-181, stated in the currency of BT-5).',
          'chaque ligne GROUP de premier niveau doit donner son total de TVA dans la devise de la facture (EXT-FR-FE-181, exprimé dans la devise de BT-5).',
          (line, inv) => {
            const total = lineTaxTotalIn(line, lineInvoiceCurrencies(inv));
            return !!total && isNotBlank(total);
          },
        ),
        groupLineCheck(
          'BR-FR-MV-03_EXT-FR-FE-182',
          'EXT-FR-FE-182',
          'when a VAT accounting currency (BT-6) is given, each top-level GROUP line must also give its VAT total in that currency (EXT-FR-FE-182).',
          "lorsqu'une devise de comptabilisation de la TVA (BT-6) est indiquée, chaque ligne GROUP de premier niveau doit aussi donner son total de TVA dans cette devise (EXT-FR-FE-182).",
          (line, inv) => {
            const currencies = lineTaxCurrencies(inv);
            if (currencies.length === 0) return true;
            const total = lineTaxTotalIn(line, currencies);
            return currencies.some((c) => c !== '') && !!total && isNotBlank(total);
          },
        ),
      ],
      TOP_GROUP_LINE.where,
    ),
    rule(
      `${LINE_SETTLEMENT}/ram:AdditionalReferencedDocument`,
      [
        check(
          'BR-FR-MV-03_BT-128_AFL',
          ['BT-128'],
          `${FRAME_8_9.en}, the sub-invoice number of a top-level GROUP line (BT-128 with scheme AFL) must have type code 130 and a value.`,
          `${FRAME_8_9.fr}, le numéro de sous-facture d'une ligne GROUP de premier niveau (BT-128 de schéma AFL) doit avoir le code type 130 et une valeur.`,
          (ref, inv) =>
            !inv.specialContract ||
            (hasValue(ref, P.typeCodeChild, '130') && hasText(ref, P.issuerAssignedId)),
          (ref) => valueFound(first(ref, P.issuerAssignedId)),
        ),
      ],
      groupLineReference('AFL'),
    ),
    rule(
      `${LINE_SETTLEMENT}/ram:AdditionalReferencedDocument`,
      [
        check(
          'BR-FR-MV-03_BT-128_AVV',
          ['BT-128'],
          `${FRAME_8_9.en}, the AVV reference of a top-level GROUP line (BT-128 with scheme AVV) must have type code 130 and a value other than M8, S8 or B8.`,
          `${FRAME_8_9.fr}, la référence AVV d'une ligne GROUP de premier niveau (BT-128 de schéma AVV) doit avoir le code type 130 et une valeur autre que M8, S8 ou B8.`,
          (ref, inv) =>
            !inv.specialContract ||
            (hasValue(ref, P.typeCodeChild, '130') &&
              hasText(ref, P.issuerAssignedId) &&
              !isAvvForbidden(ref)),
          (ref) => valueFound(first(ref, P.issuerAssignedId)),
        ),
      ],
      groupLineReference('AVV'),
    ),
  ],
};

const BR_FR_MV_05: PatternDef = {
  id: 'BR-FR-MV-05',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      LINE,
      [
        groupLineCheck(
          'BR-FR-MV-05_EXT-FR-FE-BG-12',
          'BT-131',
          "the net amount of a top-level GROUP line (BT-131) must equal the sum of its sub-lines' net amounts (INFORMATION lines excluded), within 0.01 per sub-line.",
          "le montant net d'une ligne GROUP de premier niveau (BT-131) doit être égal à la somme des montants nets de ses sous-lignes (hors lignes INFORMATION), à 0,01 près par sous-ligne.",
          groupNetMatchesChildren,
        ),
      ],
      TOP_GROUP_LINE.where,
    ),
  ],
};

const BR_FR_MV_06: PatternDef = {
  id: 'BR-FR-MV-06',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(LINE, [
      groupLineCheck(
        'BR-FR-MV-06_EXT-FR-FE-167',
        'EXT-FR-FE-167',
        "every line must give its vendor's legal identifier (EXT-FR-FE-167), the same as its parent line's when it has one (EXT-FR-FE-162).",
        "chaque ligne doit donner l'identifiant légal de son vendeur (EXT-FR-FE-167), le même que celui de sa ligne parente si elle en a une (EXT-FR-FE-162).",
        lineSellerMatchesParent,
      ),
    ]),
  ],
};

const BR_FR_MV_07: PatternDef = {
  id: 'BR-FR-MV-07',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(LINE, [
      groupLineCheck(
        'BR-FR-MV-07_BT-128',
        'BT-128',
        "every line must give its sub-invoice number (BT-128 with scheme AFL and type code 130), the same as its parent line's when it has one.",
        'chaque ligne doit donner son numéro de sous-facture (BT-128 de schéma AFL et code type 130), le même que celui de sa ligne parente si elle en a une.',
        lineSubInvoiceMatchesParent,
      ),
    ]),
  ],
};

const BR_FR_MV_08: PatternDef = {
  id: 'BR-FR-MV-08',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      LINE,
      [
        groupLineCheck(
          'BR-FR-MV-08_BT-128',
          'BT-128',
          'the VAT exemption reason text of every DETAIL line (line VAT information, BG-30) must start with its sub-invoice number between # signs, e.g. "#FA-001#".',
          "le motif d'exonération de TVA de chaque ligne DETAIL (informations de TVA de la ligne, BG-30) doit commencer par son numéro de sous-facture entre deux #, par exemple « #FA-001# ».",
          detailExemptionNamesSubInvoice,
        ),
      ],
      (line) => hasValue(line, P.lineStatus, 'DETAIL'),
    ),
  ],
};

const BR_FR_MV_09: PatternDef = {
  id: 'BR-FR-MV-09',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      LINE,
      [
        groupLineCheck(
          'BR-FR-MV-09_EXT-FR-FE-181',
          'EXT-FR-FE-181',
          "the VAT total of a top-level GROUP line (EXT-FR-FE-181) must equal, within 0.01, the sum of the VAT breakdown amounts (BT-117) whose exemption reason starts with the line's sub-invoice number between # signs.",
          "le total de TVA d'une ligne GROUP de premier niveau (EXT-FR-FE-181) doit être égal, à 0,01 près, à la somme des montants de TVA des ventilations (BT-117) dont le motif d'exonération commence par le numéro de sous-facture de la ligne entre deux #.",
          groupVatMatchesBreakdowns,
        ),
      ],
      TOP_GROUP_LINE.where,
    ),
  ],
};

const BR_FR_MV_10: PatternDef = {
  id: 'BR-FR-MV-10',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      LINE,
      [
        groupLineCheck(
          'BR-FR-MV-10_EXT-FR-FE-184',
          'EXT-FR-FE-184',
          'when a top-level GROUP line gives its amount with VAT (EXT-FR-FE-184), it must equal its net amount (BT-131) plus its VAT total (EXT-FR-FE-181), within 0.01 per DETAIL sub-line.',
          "lorsqu'une ligne GROUP de premier niveau donne son montant TTC (EXT-FR-FE-184), il doit être égal à son montant net (BT-131) plus son total de TVA (EXT-FR-FE-181), à 0,01 près par sous-ligne DETAIL.",
          groupGrossMatchesNetPlusVat,
        ),
      ],
      TOP_GROUP_LINE.where,
    ),
  ],
};

/** BR-FR-MV-11's pattern variables: the seller's legal identifiers and the invoice numbers (BT-1). */
const sellerLegalIds = (inv: FrenchInvoice): readonly string[] => inv.valuesAt(SELLER_SIREN);
const invoiceNumbers = (inv: FrenchInvoice): readonly string[] => inv.valuesAt(P.invoiceId);

const isSellersTopGroupLine = (line: XmlElement, inv: FrenchInvoice): boolean => {
  const sellers = sellerLegalIds(inv);
  return itemSellerIds(line).some((id) => sellers.includes(id)) && isTopGroupLine(line);
};

/** `$nbSubinvoiceSeller`: sub-invoice numbers equal to BT-1 on the seller's own top GROUP lines. */
function sellerSubInvoicesNamedAsInvoice(inv: FrenchInvoice): number {
  return inv.once('BR-FR-MV-11 $nbSubinvoiceSeller', () => countSellerSubInvoicesNamedAsInvoice(inv));
}

function countSellerSubInvoicesNamedAsInvoice(inv: FrenchInvoice): number {
  const numbers = invoiceNumbers(inv);
  return (inv.input.byLocalName.get('IncludedSupplyChainTradeLineItem') ?? [])
    .filter((line) => line.ns === RAM && isSellersTopGroupLine(line, inv))
    .flatMap((line) =>
      all(line, P.lineReferences).filter(
        (r) =>
          hasValue(r, P.referenceTypeCode, 'AFL') &&
          hasValue(r, P.typeCodeChild, '130') &&
          texts(r, P.issuerAssignedId).some((v) => numbers.includes(v)),
      ),
    ).length;
}

const BR_FR_MV_11: PatternDef = {
  id: 'BR-FR-MV-11',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(
      LINE,
      [
        groupLineCheck(
          'BR-FR-MV-11_BT-128',
          'BT-128',
          "when the invoice's seller (BT-30) has its own top-level GROUP line, its sub-invoice number (BT-128, AFL) must be the invoice number (BT-1); if several of the seller's GROUP lines carry sub-invoice numbers, exactly one of them is the invoice number.",
          'lorsque le vendeur de la facture (BT-30) a sa propre ligne GROUP de premier niveau, son numéro de sous-facture (BT-128, AFL) doit être le numéro de la facture (BT-1) ; si plusieurs lignes GROUP du vendeur portent un numéro de sous-facture, exactement une doit porter le numéro de la facture.',
          (line, inv) => {
            const n = sellerSubInvoicesNamedAsInvoice(inv);
            const own = subInvoiceNumber(line);
            const numbers = invoiceNumbers(inv);
            return n === 1 || (n === 0 && numbers.includes(own)) || (n > 1 && numbers.some((v) => v !== own));
          },
        ),
      ],
      isSellersTopGroupLine,
    ),
  ],
};

const BR_FR_MV_12: PatternDef = {
  id: 'BR-FR-MV-12',
  applies: (inv) => inv.specialContract,
  rules: [
    rule(TX, [
      check(
        'BR-FR-MV-12_BT-128',
        ['BT-128'],
        `${FRAME_8_9.en}, the sub-invoice numbers of the top-level GROUP lines (BT-128, AFL) must all differ (and from any other reference number earlier in the invoice).`,
        `${FRAME_8_9.fr}, les numéros de sous-facture des lignes GROUP de premier niveau (BT-128, AFL) doivent tous être différents (et différents de toute autre référence placée plus haut dans la facture).`,
        (tx, inv) => {
          if (!inv.specialContract) return true;
          const repeated = inv.repeatedIssuerAssignedIds();
          return !topGroupLines(tx)
            .flatMap(subInvoiceIds)
            .some((id) => repeated.has(id));
        },
      ),
    ]),
  ],
};

const BR_FR_MV_13: PatternDef = {
  id: 'BR-FR-MV-13',
  applies: (inv) => inv.multiVendor,
  rules: [
    rule(`${DOC}/ram:TypeCode`, [
      check(
        'BR-FR-MV-13_BT-3',
        ['BT-3', 'BT-23'],
        `${FRAME_8.en}, the invoice type code (BT-3) must be given and must not be a self-billing type (${SELF_BILLED_LIST}).`,
        `${FRAME_8.fr}, le code type de facture (BT-3) doit être renseigné et ne doit pas être un type d'autofacturation (${SELF_BILLED_LIST}).`,
        (el, inv) => !inv.multiVendor || (isNotBlank(el) && !SELF_BILLED_TYPE_CODES.has(textOf(el))),
      ),
    ]),
  ],
};

const BR_FR_BD_13: PatternDef = {
  id: 'BR-FR-BD-13',
  applies: (inv) => inv.bidirectional,
  rules: [
    rule(`${DOC}/ram:TypeCode`, [
      check(
        'BR-FR-BD-13_BT-3',
        ['BT-3', 'BT-23'],
        `${FRAME_9.en}, the invoice type code (BT-3) must be a self-billing type: ${SELF_BILLED_LIST}.`,
        `${FRAME_9.fr}, le code type de facture (BT-3) doit être un type d'autofacturation : ${SELF_BILLED_LIST}.`,
        (el, inv) => !inv.bidirectional || SELF_BILLED_TYPE_CODES.has(normalizeSpace(textOf(el))),
      ),
    ]),
  ],
};

const LINE_REFERENCE_ID = path(
  'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID',
);
const LINE_REFERENCE_DATE = path(
  'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString',
);

function correctionPattern(
  id: string,
  frame: Message,
  types: ReadonlySet<string>,
  applies: (inv: FrenchInvoice) => boolean,
): PatternDef {
  const typeList = [...types].join(', ');
  return {
    id,
    applies,
    rules: [
      rule(
        LINE,
        [
          check(
            `${id}-EXT-FR-FE-136`,
            ['EXT-FR-FE-136'],
            `${frame.en}, a corrective invoice or credit note (BT-3 = ${typeList}) must give, on each top-level GROUP line, the number of the earlier sub-invoice it corrects (EXT-FR-FE-136).`,
            `${frame.fr}, une facture rectificative ou un avoir (BT-3 = ${typeList}) doit indiquer, sur chaque ligne GROUP de premier niveau, le numéro de la sous-facture antérieure corrigée (EXT-FR-FE-136).`,
            (line, inv) => !applies(inv) || exists(line, LINE_REFERENCE_ID),
            lineIdDetail,
          ),
          check(
            `${id}-EXT-FR-FE-138`,
            ['EXT-FR-FE-138'],
            `${frame.en}, a corrective invoice or credit note (BT-3 = ${typeList}) must give, on each top-level GROUP line, the date of the earlier sub-invoice it corrects (EXT-FR-FE-138).`,
            `${frame.fr}, une facture rectificative ou un avoir (BT-3 = ${typeList}) doit indiquer, sur chaque ligne GROUP de premier niveau, la date de la sous-facture antérieure corrigée (EXT-FR-FE-138).`,
            (line, inv) => !applies(inv) || exists(line, LINE_REFERENCE_DATE),
            lineIdDetail,
          ),
        ],
        // `rsm:CrossIndustryInvoice[rsm:ExchangedDocument/ram:TypeCode = types]/…/line[top GROUP]`
        (line) =>
          isTopGroupLine(line) &&
          texts(line.parent?.parent ?? undefined, P.typeCode).some((t) => types.has(t)),
      ),
    ],
  };
}

const BR_FR_MV_14 = correctionPattern(
  'BR-FR-MV-14',
  FRAME_8,
  MULTI_VENDOR_CORRECTION_TYPE_CODES,
  (inv) => inv.multiVendor,
);
const BR_FR_BD_14 = correctionPattern(
  'BR-FR-BD-14',
  FRAME_9,
  BIDIRECTIONAL_CORRECTION_TYPE_CODES,
  (inv) => inv.bidirectional,
);

export const BR_FR_CII_1_4_0: RuleSetDefinition = {
  id: 'br-fr-flux2-cii',
  family: 'France 2026 BR-FR (Flux 2) CII',
  version: '1.4.0',
  published: '2026-06-30',
  sourceAuthority: 'FNFE-MPE',
  artefact: '20260630_BR-FR-Flux2-Schematron-CII_V1.4.0 (BR-FR-Flux2-Schematron-CII.sch)',
  mode: 'fatal',
  patterns: [
    BR_FR_01_02,
    BR_FR_03,
    BR_FR_04,
    BR_FR_05,
    BR_FR_06,
    BR_FR_08,
    BR_FR_09,
    BR_FR_10,
    BR_FR_11,
    BR_FR_12,
    BR_FR_13,
    BR_FR_15,
    BR_FR_16,
    BR_FR_17,
    BR_FR_18,
    BR_FR_20,
    BR_FR_21,
    BR_FR_22,
    BR_FR_23,
    BR_FR_24,
    BR_FR_25,
    BR_FR_26,
    BR_FR_27,
    BR_FR_28,
    BR_FR_29,
    BR_FR_30,
    BR_FR_31,
    BR_FR_32,
    BR_FR_CO_03,
    BR_FR_CO_04,
    BR_FR_CO_05,
    BR_FR_CO_07,
    BR_FR_CO_08,
    BR_FR_CO_09,
    BR_FR_CO_10,
    BR_FR_CO_12,
    BR_FR_CO_14,
    BR_FR_CO_15,
    BR_FR_DEC_01,
    BR_FR_DEC_02,
    BR_FR_DEC_03,
    BR_FR_DEC_04,
    BR_FR_MV_01,
    BR_FR_MV_02,
    BR_FR_BD_02,
    BR_FR_MV_03,
    BR_FR_MV_05,
    BR_FR_MV_06,
    BR_FR_MV_07,
    BR_FR_MV_08,
    BR_FR_MV_09,
    BR_FR_MV_10,
    BR_FR_MV_11,
    BR_FR_MV_12,
    BR_FR_MV_13,
    BR_FR_BD_13,
    BR_FR_MV_14,
    BR_FR_BD_14,
  ],
};
