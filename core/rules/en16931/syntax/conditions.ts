/**
 * The CII syntax assertions of the EN16931 binding 1.3.16 whose test is more than a presence or a count:
 * identifier exclusivity, consistency across payment means, which referenced documents may carry what,
 * the VAT type code, and the `102` date format.
 */
import { RAM, RSM, UDT } from '../../../cii/namespaces';
import { termWords } from '../../../model/terms';
import { attributeValue, textOf } from '../../../xml/query';
import type { XmlElement } from '../../../xml/tree';
import { perDocument } from '../../document-memo';
import type { Message, RuleInput, Severity } from '../../rule';
import { atMostOne, booleanOf, normalizeSpace } from '../../xpath/cast';
import { absolute, anywhere, down, is } from '../../xpath/paths';
import { C } from './contexts';
import { hasRamAncestor, type PatternAssertion, type PatternContext } from '../../schematron-pattern';

const ram = (local: string) => [RAM, local] as const;
const sel = (el: XmlElement, ...locals: string[]): XmlElement[] => down([el], ...locals.map(ram));
function hasFrom(at: XmlElement, locals: readonly string[], i: number): boolean {
  if (i === locals.length) return true;
  for (const c of at.children) {
    if (c.kind === 'element' && c.local === locals[i] && c.ns === RAM && hasFrom(c, locals, i + 1))
      return true;
  }
  return false;
}

/** `(ram:a/ram:b/…)` selects something: a search that stops at the first match. */
const has = (el: XmlElement, ...locals: string[]): boolean => hasFrom(el, locals, 0);

/** `ram:TypeCode = 'code'`: existential string comparison, no trimming. */
const typeCodeIs = (el: XmlElement, ...codes: string[]): boolean =>
  sel(el, 'TypeCode').some((t) => codes.includes(textOf(t)));

/** `normalize-space(ram:TypeCode) = 'code'` (a second TypeCode stops the official XSLT: {@link atMostOne}). */
const normalizedTypeCodeIs = (el: XmlElement, code: string): boolean =>
  normalizeSpace(atMostOne(sel(el, 'TypeCode'))) === code;

const ADDITIONAL_DOCUMENT = ram('AdditionalReferencedDocument');
const VAT_BREAKDOWN = ram('ApplicableTradeTax');
const INVOICE_REFERENCE = ram('InvoiceReferencedDocument');
const isAdditionalDocument = (el: XmlElement): boolean => is(el, ADDITIONAL_DOCUMENT);

function rule(
  id: string,
  severity: Severity,
  context: PatternContext,
  bt: readonly string[],
  message: Message,
  test: (el: XmlElement, input: RuleInput) => boolean,
): PatternAssertion {
  return { id, severity, bt, message, context, test };
}

/** `(not(P/ID) and P/GlobalID) or (P/ID and not(P/GlobalID)) or (not(P/ID) and not(P/GlobalID))`. */
function oneIdentifier(
  id: string,
  context: PatternContext,
  party: string,
  bt: string,
  en: string,
  fr: string,
) {
  return rule(
    id,
    'warning',
    context,
    [bt],
    {
      en: `The ${en} (${bt}) should be given once, either as a plain identifier or as a registered identifier with its scheme, not both: keep one.`,
      fr: `L'identifiant ${fr} (${bt}) devrait être donné une fois, soit comme identifiant simple, soit comme identifiant enregistré avec son schéma, pas les deux : gardez-en un.`,
    },
    (el) => !(has(el, party, 'ID') && has(el, party, 'GlobalID')),
  );
}

function oneContactName(id: string, party: string, bt: string, en: string, fr: string) {
  return rule(
    id,
    'warning',
    C.headerAgreement,
    [bt],
    {
      en: `The ${en} contact point (${bt}) should be a person name or a department name, not both.`,
      fr: `Le point de contact ${fr} (${bt}) devrait être un nom de personne ou un nom de service, pas les deux.`,
    },
    (el) =>
      !(
        has(el, party, 'DefinedTradeContact', 'PersonName') &&
        has(el, party, 'DefinedTradeContact', 'DepartmentName')
      ),
  );
}

/** `not(ram:X) or (self::ram:AdditionalReferencedDocument and ram:TypeCode = codes)`. */
function onlyOnAdditionalDocument(id: string, child: string, bt: string, codes: readonly string[]) {
  const list = codes.join(', ');
  const what = termWords(bt);
  return rule(
    id,
    'fatal',
    C.anyReferencedDocument,
    [bt],
    {
      en: `${what.en} is allowed only on an additional supporting document (BG-24) of type code ${list}: remove it from this referenced document.`,
      fr: `${what.fr} n'est admis que sur un justificatif additionnel (BG-24) de code de type ${list} : retirez-le de ce document référencé.`,
    },
    (el) => !has(el, child) || (isAdditionalDocument(el) && typeCodeIs(el, ...codes)),
  );
}

/** `not(ram:X) or (ancestor::ram:ApplicableHeaderTradeSettlement)`. */
function onlyInHeader(id: string, child: string, bt: string) {
  return rule(
    id,
    'warning',
    C.anyTradeTax,
    [bt],
    {
      en: `${termWords(bt).en} belongs in the document-level VAT breakdown (BG-23) only: it should be removed from this tax.`,
      fr: `${termWords(bt).fr} n'a sa place que dans la ventilation de TVA du document (BG-23) : il devrait être retiré de cette taxe.`,
    },
    (el) => !has(el, child) || hasRamAncestor(el, 'ApplicableHeaderTradeSettlement'),
  );
}

/** `not(ram:X) or self::ram:ApplicableTradeTax`. */
function onlyInVatBreakdown(id: string, child: string, bt: string) {
  return rule(
    id,
    'warning',
    C.anyTradeTax,
    [bt],
    {
      en: `${termWords(bt).en} belongs in a VAT breakdown (BG-23) only: it should be removed from this tax.`,
      fr: `${termWords(bt).fr} n'a sa place que dans une ventilation de TVA (BG-23) : il devrait être retiré de cette taxe.`,
    },
    (el) => !has(el, child) || is(el, VAT_BREAKDOWN),
  );
}

/** `count(//ram:SpecifiedTradeSettlementPaymentMeans/ram:X[normalize-space(.) != normalize-space((…)[1])]) = 0`. */
function samePaymentMeans(id: string, child: string, bt: string, en: string, fr: string) {
  return rule(
    id,
    'fatal',
    C.invoice,
    [bt],
    {
      en: `Every payment means must have the same ${en} (${bt}).`,
      fr: `Tous les moyens de paiement doivent avoir le même ${fr} (${bt}).`,
    },
    (_el, input) => {
      const values = anywhere(input, ram('SpecifiedTradeSettlementPaymentMeans'), ram(child)).map(
        normalizeSpace,
      );
      return values.every((v) => v === values[0]);
    },
  );
}

/** `/rsm:CrossIndustryInvoice/…/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode` exists. */
const someBilledQuantityHasUnit = perDocument((input) =>
  absolute(
    input.root,
    [RSM, 'CrossIndustryInvoice'],
    [RSM, 'SupplyChainTradeTransaction'],
    ram('IncludedSupplyChainTradeLineItem'),
    ram('SpecifiedLineTradeDelivery'),
    ram('BilledQuantity'),
  ).some((q) => attributeValue(q, 'unitCode') !== undefined),
);

/** Distinct `//ram:ApplicableTradeTax/ram:DueDateTypeCode` values (strings, compared exactly). */
const dueDateTypeCodes = perDocument(
  (input) => new Set(anywhere(input, ram('ApplicableTradeTax'), ram('DueDateTypeCode')).map(textOf)),
);

/**
 * `matches(., '^\s*(\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\s*$')`: in XPath regular
 * expressions `\s` is XML white space only and `\d` any Unicode decimal digit.
 */
const DATE_102 = /^[ \t\n\r]*(\p{Nd}{4})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])[ \t\n\r]*$/u;

export const conditionAssertions: readonly PatternAssertion[] = [
  rule(
    'CII-SR-046',
    'fatal',
    C.product,
    ['BT-157', 'BT-157-1'],
    {
      en: 'An Item standard identifier (BT-157) must state its scheme (BT-157-1, for instance 0160 for a GTIN): add it.',
      fr: "L'identifiant standard de l'article (BT-157) doit indiquer son schéma (BT-157-1, par exemple 0160 pour un GTIN) : ajoutez-le.",
    },
    (el) =>
      !has(el, 'GlobalID') || sel(el, 'GlobalID').some((g) => attributeValue(g, 'schemeID') !== undefined),
  ),
  rule(
    'CII-SR-090',
    'fatal',
    C.product,
    ['BT-159'],
    {
      en: 'An Item country of origin (BT-159) must give exactly one country code: keep one.',
      fr: "Le pays d'origine de l'article (BT-159) doit donner exactement un code pays : gardez-en un.",
    },
    (el) => !has(el, 'OriginTradeCountry') || sel(el, 'OriginTradeCountry', 'ID').length === 1,
  ),
  rule(
    'CII-SR-119',
    'warning',
    C.lineAgreement,
    ['BT-147'],
    {
      en: 'Only an allowance (charge indicator false, with its amount) should be given on the Item gross price (BT-148).',
      fr: "Seule une remise (indicateur de charge à false, avec son montant) devrait figurer sur le prix brut de l'article (BT-148).",
    },
    (el) => {
      const priceAllowances = sel(el, 'GrossPriceProductTradePrice', 'AppliedTradeAllowanceCharge');
      const indicators = down(priceAllowances, ram('ChargeIndicator'));
      const amounts = down(priceAllowances, ram('ActualAmount'));
      const allowance = indicators.some((i) =>
        down([i], [UDT, 'Indicator']).some((b) => booleanOf(b) === false),
      );
      return (allowance && amounts.length > 0) || (indicators.length === 0 && amounts.length === 0);
    },
  ),
  rule(
    'CII-SR-463',
    'fatal',
    C.allowanceCharge,
    ['BG-20', 'BG-21', 'BG-27', 'BG-28'],
    {
      en: 'Every allowance or charge (BG-20, BG-21, BG-27, BG-28) must have a charge indicator.',
      fr: 'Chaque remise ou charge (BG-20, BG-21, BG-27, BG-28) doit avoir un indicateur de charge.',
    },
    (el) => has(el, 'ChargeIndicator'),
  ),
  rule(
    'CII-SR-474',
    'warning',
    C.lineSettlement,
    ['BT-128'],
    {
      en: 'An invoice line should reference at most one invoiced object (additional document of type code 130, BT-128).',
      fr: 'Une ligne de facture devrait référencer au plus un objet facturé (document additionnel de code de type 130, BT-128).',
    },
    (el) => sel(el, 'AdditionalReferencedDocument').filter((d) => normalizedTypeCodeIs(d, '130')).length <= 1,
  ),
  oneIdentifier(
    'CII-SR-450',
    C.headerAgreement,
    'BuyerTradeParty',
    'BT-46',
    'Buyer identifier',
    "de l'acheteur",
  ),
  rule(
    'CII-SR-457',
    'warning',
    C.headerAgreement,
    ['BT-17'],
    {
      en: 'The Tender or lot reference (BT-17, additional document of type code 50) should be given at most once.',
      fr: "La référence d'appel d'offres ou de lot (BT-17, document additionnel de code de type 50) devrait figurer au plus une fois.",
    },
    (el) => sel(el, 'AdditionalReferencedDocument').filter((d) => typeCodeIs(d, '50')).length <= 1,
  ),
  rule(
    'CII-SR-458',
    'warning',
    C.headerAgreement,
    ['BT-18'],
    {
      en: 'The Invoiced object identifier (BT-18, additional document of type code 130) should be given at most once.',
      fr: "L'identifiant de l'objet facturé (BT-18, document additionnel de code de type 130) devrait figurer au plus une fois.",
    },
    (el) => sel(el, 'AdditionalReferencedDocument').filter((d) => typeCodeIs(d, '130')).length <= 1,
  ),
  oneContactName('CII-SR-465', 'SellerTradeParty', 'BT-41', "Seller's", 'du vendeur'),
  oneContactName('CII-SR-466', 'BuyerTradeParty', 'BT-56', "Buyer's", "de l'acheteur"),
  rule(
    'CII-SR-475',
    'warning',
    C.headerAgreement,
    ['BT-123'],
    {
      en: 'The supporting documents of type code 916 should carry at most one Supporting document description (BT-123) in all.',
      fr: 'Les justificatifs de code de type 916 devraient porter au plus une description de justificatif (BT-123) en tout.',
    },
    (el) =>
      down(
        sel(el, 'AdditionalReferencedDocument').filter((d) => normalizedTypeCodeIs(d, '916')),
        ram('Name'),
      ).length <= 1,
  ),
  rule(
    'CII-SR-476',
    'warning',
    C.headerAgreement,
    ['BT-125'],
    {
      en: 'The supporting documents of type code 916 should carry at most one Attached document (BT-125) in all.',
      fr: 'Les justificatifs de code de type 916 devraient porter au plus un document joint (BT-125) en tout.',
    },
    (el) =>
      down(
        sel(el, 'AdditionalReferencedDocument').filter((d) => normalizedTypeCodeIs(d, '916')),
        ram('AttachmentBinaryObject'),
      ).length <= 1,
  ),
  oneIdentifier(
    'CII-SR-449',
    C.headerDelivery,
    'ShipToTradeParty',
    'BT-71',
    'Deliver to location identifier',
    'du lieu de livraison',
  ),
  oneIdentifier(
    'CII-SR-451',
    C.headerSettlement,
    'PayeeTradeParty',
    'BT-60',
    'Payee identifier',
    'du bénéficiaire',
  ),
  rule(
    'CII-SR-462',
    'fatal',
    C.headerSettlement,
    ['BT-8'],
    {
      en: 'The Value added tax point date code (BT-8) must be the same in every VAT breakdown.',
      fr: "Le code de date d'exigibilité de la TVA (BT-8) doit être le même dans toutes les ventilations de TVA.",
    },
    (_el, input) => dueDateTypeCodes(input).size <= 1,
  ),
  rule(
    'CII-SR-470',
    'fatal',
    C.headerSettlement,
    ['BT-81', 'BT-84'],
    {
      en: 'A credit transfer (payment means 30 or 58, BT-81) must give the Payment account identifier (BT-84) as an IBAN or a proprietary ID.',
      fr: 'Un virement (moyen de paiement 30 ou 58, BT-81) doit donner l’identifiant du compte de paiement (BT-84) en IBAN ou en identifiant propriétaire.',
    },
    (el) =>
      sel(el, 'SpecifiedTradeSettlementPaymentMeans').every(
        (m) =>
          !(normalizedTypeCodeIs(m, '30') || normalizedTypeCodeIs(m, '58')) ||
          has(m, 'PayeePartyCreditorFinancialAccount', 'IBANID') ||
          has(m, 'PayeePartyCreditorFinancialAccount', 'ProprietaryID'),
      ),
  ),
  samePaymentMeans('CII-SR-467', 'TypeCode', 'BT-81', 'Payment means type code', 'code de moyen de paiement'),
  samePaymentMeans(
    'CII-SR-468',
    'Information',
    'BT-82',
    'Payment means text',
    'libellé de moyen de paiement',
  ),
  rule(
    'CII-SR-469',
    'fatal',
    C.invoice,
    ['BT-83'],
    {
      en: 'The Remittance information (BT-83) may be given at most once in the invoice: keep one.',
      fr: 'L’avis de paiement (BT-83) peut figurer au plus une fois dans la facture : gardez-en un.',
    },
    (_el, input) =>
      anywhere(input, ram('ApplicableHeaderTradeSettlement'), ram('PaymentReference')).length <= 1,
  ),
  onlyOnAdditionalDocument('CII-DT-015', 'URIID', 'BT-124', ['916']),
  rule(
    'CII-DT-018',
    'fatal',
    C.anyReferencedDocument,
    ['BT-17', 'BT-18', 'BT-122'],
    {
      en: 'A document type code is allowed only on an additional document: a tender or lot reference (BT-17, code 50), an invoiced object identifier (BT-18, code 130) or a supporting document (BG-24, code 916). Remove it from this referenced document or correct it.',
      fr: "Un code de type de document n'est admis que sur un document additionnel : référence d'appel d'offres ou de lot (BT-17, code 50), identifiant d'objet facturé (BT-18, code 130) ou justificatif (BG-24, code 916). Retirez-le de ce document référencé ou corrigez-le.",
    },
    // `not(ram:TypeCode) or (self::…) and (…)`: `and` binds tighter than `or`.
    (el) => !has(el, 'TypeCode') || (isAdditionalDocument(el) && typeCodeIs(el, '50', '130', '916')),
  ),
  onlyOnAdditionalDocument('CII-DT-021', 'Name', 'BT-123', ['916']),
  onlyOnAdditionalDocument('CII-DT-022', 'AttachmentBinaryObject', 'BT-125', ['916']),
  onlyOnAdditionalDocument('CII-DT-024', 'ReferenceTypeCode', 'BT-18-1', ['130']),
  rule(
    'CII-DT-027',
    'fatal',
    C.anyReferencedDocument,
    ['BT-26'],
    {
      en: 'An issue date is allowed only on a preceding invoice reference (BT-26): remove it from this referenced document.',
      fr: "Une date d'émission n'est admise que sur une référence à une facture antérieure (BT-26) : retirez-la de ce document référencé.",
    },
    (el) => !has(el, 'FormattedIssueDateTime') || is(el, INVOICE_REFERENCE),
  ),
  rule(
    'CII-DT-033',
    'fatal',
    C.anyQuantity,
    ['BT-129', 'BT-130', 'BT-149', 'BT-150'],
    {
      en: 'A quantity may state a unit of measure only when an invoiced quantity (BT-129) states its unit (BT-130): give the invoiced quantity its unit, or remove this one.',
      fr: 'Une quantité ne peut indiquer une unité de mesure que si une quantité facturée (BT-129) indique la sienne (BT-130) : donnez son unité à la quantité facturée, ou retirez celle-ci.',
    },
    (el, input) => attributeValue(el, 'unitCode') === undefined || someBilledQuantityHasUnit(input),
  ),
  rule(
    'CII-DT-037',
    'fatal',
    C.anyTradeTax,
    ['BT-95', 'BT-102', 'BT-118', 'BT-151'],
    {
      en: "The tax type code must be 'VAT'.",
      fr: "Le code de type de taxe doit être 'VAT'.",
    },
    (el) => !has(el, 'TypeCode') || typeCodeIs(el, 'VAT'),
  ),
  onlyInHeader('CII-DT-041', 'BasisAmount', 'BT-116'),
  onlyInVatBreakdown('CII-DT-052', 'ExemptionReasonCode', 'BT-121'),
  onlyInVatBreakdown('CII-DT-098', 'ExemptionReason', 'BT-120'),
  onlyInHeader('CII-DT-054', 'TaxPointDate', 'BT-7'),
  onlyInHeader('CII-DT-058', 'DueDateTypeCode', 'BT-8'),
  {
    ...rule(
      'CII-DT-097',
      'fatal',
      C.date102,
      [],
      {
        en: "A date in format '102' must be written YYYYMMDD (a valid month 01–12 and day 01–31).",
        fr: "Une date au format '102' doit s'écrire AAAAMMJJ (mois 01 à 12 et jour 01 à 31).",
      },
      (el) => DATE_102.test(textOf(el)),
    ),
    detail: (el: XmlElement) => ({ en: `found "${textOf(el)}"`, fr: `valeur trouvée « ${textOf(el)} »` }),
  },
];
