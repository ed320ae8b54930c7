/** EN16931 business rules BR-01…BR-65 (presence and consistency of business terms), CII binding 1.3.16. */
import { RSM, UDT } from '../../cii/namespaces';
import { attributeValue, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { atMostOne, normalizeSpace, untypedVersus } from '../xpath/cast';
import { down } from '../xpath/paths';
import * as c from './contexts';
import { isVat } from './invoice-view';
import type { Assertion } from './pattern';
import { assertion, filled, filledAttribute, filledOne, has, sel } from './select';

/** `rsm:local` children of the invoice root. */
function rsmChild(root: XmlElement, local: string): XmlElement[] {
  return down([root], [RSM, local]);
}

/** From the invoice root: `rsm:SupplyChainTradeTransaction/ram:…`. */
function tx(root: XmlElement, ...locals: string[]): XmlElement[] {
  return rsmChild(root, 'SupplyChainTradeTransaction').flatMap((e) => sel(e, ...locals));
}

const sellerPath = ['ApplicableHeaderTradeAgreement', 'SellerTradeParty'];
const buyerPath = ['ApplicableHeaderTradeAgreement', 'BuyerTradeParty'];

/** `…/udt:DateTimeString[@format = '102']` under each of the elements. */
function dateStrings102(els: readonly XmlElement[]): XmlElement[] {
  return down(els, [UDT, 'DateTimeString']).filter((d) => attributeValue(d, 'format') === '102');
}

/** `(A) >= (B)` on dates written as strings: existential string comparison. */
function endNotBeforeStart(period: XmlElement): boolean {
  const format102 = (which: string): string[] => dateStrings102(sel(period, which)).map(textOf);
  if (!has(period, 'EndDateTime') || !has(period, 'StartDateTime')) return true;
  const ends = format102('EndDateTime');
  const starts = format102('StartDateTime');
  return ends.some((e) => starts.some((s) => e >= s));
}

const allowanceCharge = (indicator: XmlElement): XmlElement => indicator.parent!;

export const businessAssertions: readonly Assertion[] = [
  assertion(
    'BR-65',
    c.productClassification,
    ['BT-158', 'BT-158-1'],
    {
      en: 'An Item classification identifier (BT-158) must have a scheme identifier (BT-158-1).',
      fr: "L'identifiant de classification de l'article (BT-158) doit avoir un identifiant de schéma (BT-158-1).",
    },
    (el) => !has(el, 'ClassCode') || filledAttribute(el, 'listID', 'ClassCode'),
  ),
  assertion(
    'BR-52',
    c.additionalDocument,
    ['BG-24', 'BT-122'],
    {
      en: 'Each Additional supporting document (BG-24) must have a Supporting document reference (BT-122).',
      fr: 'Chaque justificatif additionnel (BG-24) doit avoir une référence de justificatif (BT-122).',
    },
    (el) => filled(el, 'IssuerAssignedID'),
  ),
  assertion(
    'BR-51',
    c.financialCard,
    ['BT-87'],
    {
      en: 'The Payment card primary account number (BT-87) must not be given in full: at most 10 characters (first 6 and last 4 digits).',
      fr: 'Le numéro de carte de paiement (BT-87) ne doit pas figurer en entier : 10 caractères au plus (6 premiers et 4 derniers chiffres).',
    },
    (el) => [...normalizeSpace(atMostOne(sel(el, 'ID')))].length <= 10,
  ),
  assertion(
    'BR-50',
    c.creditTransferAccount,
    ['BG-17', 'BT-84'],
    {
      en: 'A credit transfer (BG-17) must give a Payment account identifier (BT-84).',
      fr: 'Un virement (BG-17) doit indiquer un identifiant de compte de paiement (BT-84).',
    },
    (el) => filled(el, 'IBANID') || filled(el, 'ProprietaryID'),
  ),
  assertion(
    'BR-61',
    c.creditTransferAccount,
    ['BT-81', 'BT-84'],
    {
      en: 'When the Payment means type code (BT-81) is a credit transfer (30 or 58), the Payment account identifier (BT-84) must be present.',
      fr: 'Quand le code du moyen de paiement (BT-81) est un virement (30 ou 58), l’identifiant de compte de paiement (BT-84) doit être présent.',
    },
    (el) => has(el, 'IBANID') || has(el, 'ProprietaryID'),
  ),
  assertion(
    'BR-57',
    c.headerDelivery,
    ['BG-15', 'BT-80'],
    {
      en: 'Each Deliver to address (BG-15) must have a Deliver to country code (BT-80).',
      fr: 'Chaque adresse de livraison (BG-15) doit avoir un code pays de livraison (BT-80).',
    },
    (el) =>
      !has(el, 'ShipToTradeParty', 'PostalTradeAddress') ||
      filled(el, 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
  ),
  assertion(
    'BR-31',
    c.headerAllowance,
    ['BG-20', 'BT-92'],
    {
      en: 'Each Document level allowance (BG-20) must have an allowance amount (BT-92).',
      fr: 'Chaque remise au niveau du document (BG-20) doit avoir un montant (BT-92).',
    },
    (el) => has(allowanceCharge(el), 'ActualAmount'),
  ),
  assertion(
    'BR-32',
    c.headerAllowance,
    ['BG-20', 'BT-95'],
    {
      en: 'Each Document level allowance (BG-20) must have a VAT category code (BT-95).',
      fr: 'Chaque remise au niveau du document (BG-20) doit avoir un code de catégorie de TVA (BT-95).',
    },
    (el) => sel(allowanceCharge(el), 'CategoryTradeTax').some((t) => isVat(t) && has(t, 'CategoryCode')),
  ),
  assertion(
    'BR-33',
    c.headerAllowance,
    ['BG-20', 'BT-97', 'BT-98'],
    {
      en: 'Each Document level allowance (BG-20) must have a reason (BT-97) or a reason code (BT-98).',
      fr: 'Chaque remise au niveau du document (BG-20) doit avoir un motif (BT-97) ou un code de motif (BT-98).',
    },
    (el) => has(allowanceCharge(el), 'Reason') || has(allowanceCharge(el), 'ReasonCode'),
  ),
  assertion(
    'BR-36',
    c.headerCharge,
    ['BG-21', 'BT-99'],
    {
      en: 'Each Document level charge (BG-21) must have a charge amount (BT-99).',
      fr: 'Chaque charge au niveau du document (BG-21) doit avoir un montant (BT-99).',
    },
    (el) => has(allowanceCharge(el), 'ActualAmount'),
  ),
  assertion(
    'BR-37',
    c.headerCharge,
    ['BG-21', 'BT-102'],
    {
      en: 'Each Document level charge (BG-21) must have a VAT category code (BT-102).',
      fr: 'Chaque charge au niveau du document (BG-21) doit avoir un code de catégorie de TVA (BT-102).',
    },
    (el) => sel(allowanceCharge(el), 'CategoryTradeTax').some((t) => isVat(t) && has(t, 'CategoryCode')),
  ),
  assertion(
    'BR-38',
    c.headerCharge,
    ['BG-21', 'BT-104', 'BT-105'],
    {
      en: 'Each Document level charge (BG-21) must have a reason (BT-104) or a reason code (BT-105).',
      fr: 'Chaque charge au niveau du document (BG-21) doit avoir un motif (BT-104) ou un code de motif (BT-105).',
    },
    (el) => has(allowanceCharge(el), 'Reason') || has(allowanceCharge(el), 'ReasonCode'),
  ),
  ...(
    [
      [
        'BR-12',
        'LineTotalAmount',
        'BT-106',
        'Sum of Invoice line net amount',
        'Somme des montants nets des lignes',
      ],
      [
        'BR-13',
        'TaxBasisTotalAmount',
        'BT-109',
        'Invoice total amount without VAT',
        'Montant total hors TVA',
      ],
      ['BR-14', 'GrandTotalAmount', 'BT-112', 'Invoice total amount with VAT', 'Montant total TTC'],
      ['BR-15', 'DuePayableAmount', 'BT-115', 'Amount due for payment', 'Montant à payer'],
    ] as const
  ).map(([id, local, bt, en, fr]) =>
    assertion(
      id,
      c.monetarySummation,
      [bt],
      {
        en: `An Invoice must have the ${en} (${bt}).`,
        fr: `Une facture doit avoir le ${fr.toLowerCase()} (${bt}).`,
      },
      (el) => has(el, local),
    ),
  ),
  assertion(
    'BR-53',
    c.monetarySummation,
    ['BT-6', 'BT-111'],
    {
      en: 'When the VAT accounting currency code (BT-6) is given and differs from the invoice currency, the Invoice total VAT amount in accounting currency (BT-111) must be given.',
      fr: 'Quand la devise de comptabilisation de la TVA (BT-6) est indiquée et diffère de la devise de facture, le montant total de TVA dans cette devise (BT-111) doit être indiqué.',
    },
    (el, view) => {
      const taxCurrencies = view.taxCurrencies();
      if (taxCurrencies.length === 0) return true;
      const invoiceCurrencies = view.invoiceCurrencies();
      const taxTotalCurrencies = sel(el, 'TaxTotalAmount').flatMap((t) =>
        t.attributes.filter((a) => a.local === 'currencyID' && a.ns === null).map((a) => a.value),
      );
      return (
        taxTotalCurrencies.some((cur) => taxCurrencies.includes(cur)) &&
        !taxCurrencies.some((cur) => invoiceCurrencies.includes(cur))
      );
    },
  ),
  ...(
    [
      [
        'BR-01',
        ['BT-24'],
        'a Specification identifier (BT-24)',
        'un identifiant de spécification (BT-24)',
        (r: XmlElement) =>
          filledOne(
            rsmChild(r, 'ExchangedDocumentContext').flatMap((e) =>
              sel(e, 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
            ),
          ),
      ],
      [
        'BR-02',
        ['BT-1'],
        'an Invoice number (BT-1)',
        'un numéro de facture (BT-1)',
        (r: XmlElement) => filledOne(rsmChild(r, 'ExchangedDocument').flatMap((e) => sel(e, 'ID'))),
      ],
      [
        'BR-03',
        ['BT-2'],
        'an Invoice issue date (BT-2) in format 102',
        "une date d'émission (BT-2) au format 102",
        (r: XmlElement) =>
          filledOne(dateStrings102(rsmChild(r, 'ExchangedDocument').flatMap((e) => sel(e, 'IssueDateTime')))),
      ],
      [
        'BR-04',
        ['BT-3'],
        'an Invoice type code (BT-3)',
        'un code de type de facture (BT-3)',
        (r: XmlElement) => filledOne(rsmChild(r, 'ExchangedDocument').flatMap((e) => sel(e, 'TypeCode'))),
      ],
      [
        'BR-05',
        ['BT-5'],
        'an Invoice currency code (BT-5)',
        'un code de devise de facture (BT-5)',
        (r: XmlElement) => filledOne(tx(r, 'ApplicableHeaderTradeSettlement', 'InvoiceCurrencyCode')),
      ],
      [
        'BR-06',
        ['BT-27'],
        'a Seller name (BT-27)',
        'un nom de vendeur (BT-27)',
        (r: XmlElement) => filledOne(tx(r, ...sellerPath, 'Name')),
      ],
      [
        'BR-07',
        ['BT-44'],
        'a Buyer name (BT-44)',
        "un nom d'acheteur (BT-44)",
        (r: XmlElement) => filledOne(tx(r, ...buyerPath, 'Name')),
      ],
      [
        'BR-08',
        ['BG-5'],
        'a Seller postal address (BG-5)',
        'une adresse postale du vendeur (BG-5)',
        (r: XmlElement) => tx(r, ...sellerPath, 'PostalTradeAddress').length > 0,
      ],
      [
        'BR-09',
        ['BT-40'],
        'a Seller country code (BT-40)',
        'un code pays du vendeur (BT-40)',
        (r: XmlElement) => filledOne(tx(r, ...sellerPath, 'PostalTradeAddress', 'CountryID')),
      ],
      [
        'BR-10',
        ['BG-8'],
        'a Buyer postal address (BG-8)',
        "une adresse postale de l'acheteur (BG-8)",
        (r: XmlElement) => tx(r, ...buyerPath, 'PostalTradeAddress').length > 0,
      ],
      [
        'BR-11',
        ['BT-55'],
        'a Buyer country code (BT-55)',
        "un code pays de l'acheteur (BT-55)",
        (r: XmlElement) => filledOne(tx(r, ...buyerPath, 'PostalTradeAddress', 'CountryID')),
      ],
    ] as const
  ).map(([id, bt, en, fr, test]) =>
    assertion(
      id,
      c.invoice,
      bt,
      { en: `An Invoice must have ${en}.`, fr: `Une facture doit avoir ${fr}.` },
      test,
    ),
  ),
  assertion(
    'BR-16',
    c.invoice,
    ['BG-25'],
    {
      en: 'An Invoice must have at least one Invoice line (BG-25).',
      fr: 'Une facture doit avoir au moins une ligne (BG-25).',
    },
    (_el, view) => view.anywhere('IncludedSupplyChainTradeLineItem').length > 0,
  ),
  assertion(
    'BR-62',
    c.invoice,
    ['BT-34', 'BT-34-1'],
    {
      en: 'The Seller electronic address (BT-34) must have a scheme identifier (BT-34-1).',
      fr: 'L’adresse électronique du vendeur (BT-34) doit avoir un identifiant de schéma (BT-34-1).',
    },
    (r) => {
      const uris = tx(r, ...sellerPath, 'URIUniversalCommunication');
      return uris.length === 0 || filledAttribute(uris[0]!, 'schemeID', 'URIID');
    },
  ),
  assertion(
    'BR-63',
    c.invoice,
    ['BT-49', 'BT-49-1'],
    {
      en: 'The Buyer electronic address (BT-49) must have a scheme identifier (BT-49-1).',
      fr: 'L’adresse électronique de l’acheteur (BT-49) doit avoir un identifiant de schéma (BT-49-1).',
    },
    (r) => {
      const uris = tx(r, ...buyerPath, 'URIUniversalCommunication');
      return uris.length === 0 || filledAttribute(uris[0]!, 'schemeID', 'URIID');
    },
  ),
  ...(
    [
      [
        'BR-21',
        ['BT-126'],
        'an Invoice line identifier (BT-126)',
        'un identifiant de ligne (BT-126)',
        (l: XmlElement) => filled(l, 'AssociatedDocumentLineDocument', 'LineID'),
      ],
      [
        'BR-22',
        ['BT-129'],
        'an Invoiced quantity (BT-129)',
        'une quantité facturée (BT-129)',
        (l: XmlElement) => has(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity'),
      ],
      [
        'BR-23',
        ['BT-130'],
        'an Invoiced quantity unit of measure code (BT-130)',
        "un code d'unité de la quantité facturée (BT-130)",
        (l: XmlElement) =>
          sel(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity').some((q) =>
            q.attributes.some((a) => a.local === 'unitCode' && a.ns === null),
          ),
      ],
      [
        'BR-24',
        ['BT-131'],
        'an Invoice line net amount (BT-131)',
        'un montant net de ligne (BT-131)',
        (l: XmlElement) =>
          has(
            l,
            'SpecifiedLineTradeSettlement',
            'SpecifiedTradeSettlementLineMonetarySummation',
            'LineTotalAmount',
          ),
      ],
      [
        'BR-25',
        ['BT-153'],
        'an Item name (BT-153)',
        "un nom d'article (BT-153)",
        (l: XmlElement) => filled(l, 'SpecifiedTradeProduct', 'Name'),
      ],
      [
        'BR-26',
        ['BT-146'],
        'an Item net price (BT-146)',
        "un prix net de l'article (BT-146)",
        (l: XmlElement) => has(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
      ],
    ] as const
  ).map(([id, bt, en, fr, test]) =>
    assertion(
      id,
      c.line,
      bt,
      { en: `Each Invoice line (BG-25) must have ${en}.`, fr: `Chaque ligne (BG-25) doit avoir ${fr}.` },
      test,
    ),
  ),
  assertion(
    'BR-27',
    c.line,
    ['BT-146'],
    {
      en: 'The Item net price (BT-146) must not be negative.',
      fr: "Le prix net de l'article (BT-146) ne doit pas être négatif.",
    },
    (l) =>
      sel(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount').some(
        (p) => untypedVersus(p, 0, true) >= 0,
      ),
    (l) => ({
      en: `net price ${sel(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount').map(textOf).join(', ') || 'absent'}`,
      fr: `prix net ${sel(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount').map(textOf).join(', ') || 'absent'}`,
    }),
  ),
  assertion(
    'BR-28',
    c.line,
    ['BT-148'],
    {
      en: 'The Item gross price (BT-148) must not be negative.',
      fr: "Le prix brut de l'article (BT-148) ne doit pas être négatif.",
    },
    (l) => {
      const gross = sel(l, 'SpecifiedLineTradeAgreement', 'GrossPriceProductTradePrice', 'ChargeAmount');
      return gross.length === 0 || gross.some((p) => untypedVersus(p, 0, true) >= 0);
    },
  ),
  assertion(
    'BR-64',
    c.line,
    ['BT-157', 'BT-157-1'],
    {
      en: 'The Item standard identifier (BT-157) must have a scheme identifier (BT-157-1).',
      fr: "L'identifiant standard de l'article (BT-157) doit avoir un identifiant de schéma (BT-157-1).",
    },
    (l) =>
      !has(l, 'SpecifiedTradeProduct', 'GlobalID') ||
      filledAttribute(l, 'schemeID', 'SpecifiedTradeProduct', 'GlobalID'),
  ),
  ...(
    [
      [
        'BR-41',
        c.lineAllowance,
        ['BG-27', 'BT-136'],
        'Each Invoice line allowance (BG-27) must have an amount (BT-136).',
        'Chaque remise de ligne (BG-27) doit avoir un montant (BT-136).',
        'ActualAmount',
      ],
      [
        'BR-43',
        c.lineCharge,
        ['BG-28', 'BT-141'],
        'Each Invoice line charge (BG-28) must have an amount (BT-141).',
        'Chaque charge de ligne (BG-28) doit avoir un montant (BT-141).',
        'ActualAmount',
      ],
    ] as const
  ).map(([id, context, bt, en, fr, local]) =>
    assertion(id, context, bt, { en, fr }, (el) => has(allowanceCharge(el), local)),
  ),
  ...(
    [
      [
        'BR-42',
        c.lineAllowance,
        ['BG-27', 'BT-139', 'BT-140'],
        'Each Invoice line allowance (BG-27) must have a reason (BT-139) or a reason code (BT-140).',
        'Chaque remise de ligne (BG-27) doit avoir un motif (BT-139) ou un code de motif (BT-140).',
      ],
      [
        'BR-44',
        c.lineCharge,
        ['BG-28', 'BT-144', 'BT-145'],
        'Each Invoice line charge (BG-28) must have a reason (BT-144) or a reason code (BT-145).',
        'Chaque charge de ligne (BG-28) doit avoir un motif (BT-144) ou un code de motif (BT-145).',
      ],
    ] as const
  ).map(([id, context, bt, en, fr]) =>
    assertion(
      id,
      context,
      bt,
      { en, fr },
      (el) => has(allowanceCharge(el), 'Reason') || has(allowanceCharge(el), 'ReasonCode'),
    ),
  ),
  assertion(
    'BR-30',
    c.lineBillingPeriod,
    ['BT-134', 'BT-135'],
    {
      en: 'The Invoice line period end date (BT-135) must not be before its start date (BT-134).',
      fr: 'La date de fin de période de la ligne (BT-135) ne doit pas précéder sa date de début (BT-134).',
    },
    endNotBeforeStart,
  ),
  assertion(
    'BR-29',
    c.headerBillingPeriod,
    ['BT-73', 'BT-74'],
    {
      en: 'The Invoicing period end date (BT-74) must not be before its start date (BT-73).',
      fr: 'La date de fin de la période de facturation (BT-74) ne doit pas précéder sa date de début (BT-73).',
    },
    endNotBeforeStart,
  ),
  assertion(
    'BR-54',
    c.productCharacteristic,
    ['BG-32', 'BT-160', 'BT-161'],
    {
      en: 'Each Item attribute (BG-32) must have a name (BT-160) and a value (BT-161).',
      fr: "Chaque attribut d'article (BG-32) doit avoir un nom (BT-160) et une valeur (BT-161).",
    },
    (el) => has(el, 'Description') && has(el, 'Value'),
  ),
  assertion(
    'BR-17',
    c.payee,
    ['BG-10', 'BT-59'],
    {
      en: 'The Payee name (BT-59) must be given when the Payee (BG-10) differs from the Seller; its name and identifiers must not be the Seller’s.',
      fr: 'Le nom du bénéficiaire (BT-59) doit être indiqué quand le bénéficiaire (BG-10) diffère du vendeur ; ses nom et identifiants ne doivent pas être ceux du vendeur.',
    },
    (el) => {
      if (!has(el, 'Name')) return false;
      const sellers = el.parent?.parent ? sel(el.parent.parent, ...sellerPath) : [];
      const same = (...path: string[]): boolean => {
        const mine = sel(el, ...path).map(textOf);
        return sellers.flatMap((s) => sel(s, ...path)).some((s) => mine.includes(textOf(s)));
      };
      return !same('Name') && !same('ID') && !same('SpecifiedLegalOrganization', 'ID');
    },
  ),
  assertion(
    'BR-49',
    c.paymentMeans,
    ['BG-16', 'BT-81'],
    {
      en: 'Each Payment instruction (BG-16) must have a Payment means type code (BT-81).',
      fr: 'Chaque instruction de paiement (BG-16) doit avoir un code de moyen de paiement (BT-81).',
    },
    (el) => has(el, 'TypeCode'),
  ),
  assertion(
    'BR-55',
    c.precedingInvoice,
    ['BG-3', 'BT-25'],
    {
      en: 'Each Preceding invoice reference (BG-3) must have the preceding invoice number (BT-25).',
      fr: 'Chaque référence à une facture antérieure (BG-3) doit avoir le numéro de cette facture (BT-25).',
    },
    (el) => filled(el, 'IssuerAssignedID'),
  ),
  ...(
    [
      [
        'BR-18',
        ['BG-11', 'BT-62'],
        'a name (BT-62)',
        'un nom (BT-62)',
        (el: XmlElement) => filled(el, 'Name'),
      ],
      [
        'BR-19',
        ['BG-12'],
        'a postal address (BG-12)',
        'une adresse postale (BG-12)',
        (el: XmlElement) => has(el, 'PostalTradeAddress'),
      ],
      [
        'BR-20',
        ['BG-12', 'BT-69'],
        'a country code (BT-69) in its postal address',
        'un code pays (BT-69) dans son adresse postale',
        (el: XmlElement) => filled(el, 'PostalTradeAddress', 'CountryID'),
      ],
      [
        'BR-56',
        ['BT-63'],
        'a VAT identifier (BT-63)',
        'un identifiant TVA (BT-63)',
        (el: XmlElement) =>
          filledOne(
            sel(el, 'SpecifiedTaxRegistration', 'ID').filter((id) =>
              id.attributes.some((a) => a.local === 'schemeID' && a.ns === null && a.value === 'VA'),
            ),
          ),
      ],
    ] as const
  ).map(([id, bt, en, fr, test]) =>
    assertion(
      id,
      c.sellerTaxRepresentative,
      bt,
      {
        en: `The Seller tax representative (BG-11) must have ${en}.`,
        fr: `Le représentant fiscal du vendeur (BG-11) doit avoir ${fr}.`,
      },
      test,
    ),
  ),
  assertion(
    'BR-45',
    c.vatBreakdown,
    ['BG-23', 'BT-116'],
    {
      en: 'Each VAT breakdown (BG-23) must have a VAT category taxable amount (BT-116).',
      fr: 'Chaque ventilation de TVA (BG-23) doit avoir une base imposable (BT-116).',
    },
    (el) => has(el, 'BasisAmount'),
  ),
  assertion(
    'BR-46',
    c.vatBreakdown,
    ['BG-23', 'BT-117'],
    {
      en: 'Each VAT breakdown (BG-23) must have a VAT category tax amount (BT-117).',
      fr: 'Chaque ventilation de TVA (BG-23) doit avoir un montant de TVA (BT-117).',
    },
    (el) => has(el, 'CalculatedAmount'),
  ),
  assertion(
    'BR-47',
    c.vatBreakdown,
    ['BG-23', 'BT-118'],
    {
      en: 'Each VAT breakdown (BG-23) must have a VAT category code (BT-118).',
      fr: 'Chaque ventilation de TVA (BG-23) doit avoir un code de catégorie de TVA (BT-118).',
    },
    (el) => isVat(el) && has(el, 'CategoryCode'),
  ),
  assertion(
    'BR-48',
    c.vatBreakdown,
    ['BG-23', 'BT-119'],
    {
      en: 'Each VAT breakdown (BG-23) must have a VAT category rate (BT-119), unless the invoice is not subject to VAT (category O).',
      fr: 'Chaque ventilation de TVA (BG-23) doit avoir un taux (BT-119), sauf si la facture est hors champ de la TVA (catégorie O).',
    },
    (el) =>
      isVat(el) &&
      (has(el, 'RateApplicablePercent') || sel(el, 'CategoryCode').some((cc) => textOf(cc) === 'O')),
  ),
];
