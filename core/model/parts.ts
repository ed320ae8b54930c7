/**
 * The CII building blocks that recur in the invoice (party, address, referenced document, tax,
 * allowance or charge, period), each declared once in the element order of the Factur-X 1.09 EXTENDED
 * schema. The business terms they carry depend on where they are used, so each takes its terms.
 */
import { flat, group, leaf, leafWith, many } from './node';

/** Identifiers that may carry a scheme (ISO 6523 ICD, EAS, `VA`/`FC`…). */
export const schemeId = (el: string, term?: string) =>
  leafWith(el, 'token', { scheme: 'schemeID' }, term ? { term } : {});

/** Quantities with their UN/ECE Rec 20 unit (`unitCode`). */
export const quantity = (el: string, term?: string, unitTerm?: string) =>
  leafWith(el, 'decimal', { unit: 'unitCode' }, term ? { term, alsoTerms: unitTerm ? [unitTerm] : [] } : {});

/**
 * Amounts (udt:AmountType): an exact decimal with the optional `currencyID` every Factur-X profile
 * allows. Only BT-110/BT-111 need it by EN16931, but a file that states it elsewhere keeps it.
 */
export const amount = (el: string, term?: string) =>
  leafWith(el, 'decimal', { currency: 'currencyID' }, term ? { term } : {});
/** Percentages, rates and sequence numbers: exact decimals without attributes. */
export const decimal = (el: string, term?: string) => leaf(el, 'decimal', term ? { term } : {});
export const text = (el: string, term?: string) => leaf(el, 'text', term ? { term } : {});
export const token = (el: string, term?: string) => leaf(el, 'token', term ? { term } : {});
export const dateTime = (el: string, term?: string) => leaf(el, 'dateTime', term ? { term } : {});

export interface AddressTerms {
  group?: string;
  line1?: string;
  line2?: string;
  line3?: string;
  city?: string;
  postcode?: string;
  subdivision?: string;
  country?: string;
}

export function address(t: AddressTerms = {}) {
  return group(
    'ram:PostalTradeAddress',
    {
      postcode: token('ram:PostcodeCode', t.postcode),
      line1: text('ram:LineOne', t.line1),
      line2: text('ram:LineTwo', t.line2),
      line3: text('ram:LineThree', t.line3),
      city: text('ram:CityName', t.city),
      country: token('ram:CountryID', t.country),
      subdivision: text('ram:CountrySubDivisionName', t.subdivision),
    },
    t.group ? { term: t.group } : {},
  );
}

export interface ContactTerms {
  group?: string;
  name?: string;
  phone?: string;
  email?: string;
}

export function contact(t: ContactTerms = {}) {
  return group(
    'ram:DefinedTradeContact',
    {
      personName: text('ram:PersonName', t.name),
      department: text('ram:DepartmentName'),
      typeCode: token('ram:TypeCode'),
      _phone: flat('ram:TelephoneUniversalCommunication', {
        phoneUri: token('ram:URIID'),
        phone: text('ram:CompleteNumber', t.phone),
      }),
      _fax: flat('ram:FaxUniversalCommunication', {
        faxUri: token('ram:URIID'),
        fax: text('ram:CompleteNumber'),
      }),
      _email: flat('ram:EmailURIUniversalCommunication', {
        email: token('ram:URIID', t.email),
        emailNumber: text('ram:CompleteNumber'),
      }),
    },
    t.group ? { term: t.group } : {},
  );
}

export interface PartyTerms {
  group?: string;
  id?: string;
  name?: string;
  tradingName?: string;
  legalId?: string;
  description?: string;
  electronicAddress?: string;
  vat?: string;
  taxRegistration?: string;
  address?: AddressTerms;
  contact?: ContactTerms;
}

/** ram:TradePartyType: seller, buyer, payee, tax representative, deliver-to and the EXTENDED roles. */
export function party(el: string, t: PartyTerms = {}) {
  return group(
    el,
    {
      /** Identifiers without scheme (`ram:ID`) … */
      ids: many(schemeId('ram:ID', t.id)),
      /** … and with a registered scheme (`ram:GlobalID`, e.g. GLN `0088`). */
      globalIds: many(schemeId('ram:GlobalID', t.id)),
      name: text('ram:Name', t.name),
      roleCode: token('ram:RoleCode'),
      description: text('ram:Description', t.description),
      legalOrganization: group('ram:SpecifiedLegalOrganization', {
        id: schemeId('ram:ID', t.legalId),
        tradingName: text('ram:TradingBusinessName', t.tradingName),
        address: address(),
      }),
      contacts: many(contact(t.contact)),
      address: address(t.address),
      _uri: flat('ram:URIUniversalCommunication', {
        electronicAddress: schemeId('ram:URIID', t.electronicAddress),
        electronicAddressNumber: text('ram:CompleteNumber'),
      }),
      /** VAT identifier (scheme `VA`) and tax registration identifier (scheme `FC`). */
      taxRegistrations: many(
        group(
          'ram:SpecifiedTaxRegistration',
          { id: schemeId('ram:ID') },
          t.vat ? { term: t.vat, alsoTerms: t.taxRegistration ? [t.taxRegistration] : [] } : {},
        ),
      ),
    },
    t.group ? { term: t.group } : {},
  );
}

export interface DocumentTerms {
  group?: string;
  id?: string;
  also?: string[];
  uri?: string;
  lineId?: string;
  typeCode?: string;
  name?: string;
  attachment?: string;
  referenceTypeCode?: string;
  issueDate?: string;
}

/** ram:ReferencedDocumentType: orders, contracts, delivery documents, preceding invoices, attachments. */
export function referencedDocument(el: string, t: DocumentTerms = {}) {
  return group(
    el,
    {
      id: token('ram:IssuerAssignedID', t.id),
      uri: token('ram:URIID', t.uri),
      lineId: token('ram:LineID', t.lineId),
      typeCode: token('ram:TypeCode', t.typeCode),
      name: text('ram:Name', t.name),
      attachment: leafWith(
        'ram:AttachmentBinaryObject',
        'token',
        { mimeCode: 'mimeCode', filename: 'filename' },
        t.attachment ? { term: t.attachment } : {},
      ),
      referenceTypeCode: token('ram:ReferenceTypeCode', t.referenceTypeCode),
      issueDate: leaf(
        'ram:FormattedIssueDateTime',
        'formattedDateTime',
        t.issueDate ? { term: t.issueDate } : {},
      ),
    },
    t.group ? { term: t.group, alsoTerms: t.also ?? [] } : {},
  );
}

export interface TaxTerms {
  group?: string;
  also?: string[];
  taxAmount?: string;
  exemptionReason?: string;
  basisAmount?: string;
  categoryCode?: string;
  exemptionReasonCode?: string;
  taxPointDate?: string;
  dueDateTypeCode?: string;
  rate?: string;
}

/** ram:TradeTaxType: the VAT breakdown, a line's VAT, an allowance's or charge's VAT. */
export function tradeTax(el: string, t: TaxTerms = {}) {
  return group(
    el,
    {
      taxAmount: amount('ram:CalculatedAmount', t.taxAmount),
      typeCode: token('ram:TypeCode'),
      exemptionReason: text('ram:ExemptionReason', t.exemptionReason),
      basisAmount: amount('ram:BasisAmount', t.basisAmount),
      lineTotalBasisAmount: amount('ram:LineTotalBasisAmount'),
      allowanceChargeBasisAmount: amount('ram:AllowanceChargeBasisAmount'),
      categoryCode: token('ram:CategoryCode', t.categoryCode),
      exemptionReasonCode: token('ram:ExemptionReasonCode', t.exemptionReasonCode),
      taxPointDate: leaf('ram:TaxPointDate', 'date', t.taxPointDate ? { term: t.taxPointDate } : {}),
      dueDateTypeCode: token('ram:DueDateTypeCode', t.dueDateTypeCode),
      rate: decimal('ram:RateApplicablePercent', t.rate),
    },
    t.group ? { term: t.group, alsoTerms: t.also ?? [] } : {},
  );
}

export interface AllowanceChargeTerms {
  group?: string;
  also?: string[];
  amount?: string;
  basisAmount?: string;
  percent?: string;
  reason?: string;
  reasonCode?: string;
  tax?: TaxTerms;
}

/** ram:TradeAllowanceChargeType: BG-20/BG-21 (document), BG-27/BG-28 (line), BT-147 (price). */
export function allowanceCharge(el: string, t: AllowanceChargeTerms = {}) {
  return group(
    el,
    {
      /** `true` for a charge (BG-21, BG-28), `false` for an allowance (BG-20, BG-27). */
      isCharge: leaf('ram:ChargeIndicator', 'indicator'),
      sequence: decimal('ram:SequenceNumeric'),
      percent: decimal('ram:CalculationPercent', t.percent),
      basisAmount: amount('ram:BasisAmount', t.basisAmount),
      basisQuantity: quantity('ram:BasisQuantity'),
      amount: amount('ram:ActualAmount', t.amount),
      reasonCode: token('ram:ReasonCode', t.reasonCode),
      reason: text('ram:Reason', t.reason),
      tax: tradeTax('ram:CategoryTradeTax', t.tax),
    },
    t.group ? { term: t.group, alsoTerms: t.also ?? [] } : {},
  );
}

export interface PeriodTerms {
  group?: string;
  start?: string;
  end?: string;
}

export function period(el: string, t: PeriodTerms = {}) {
  return group(
    el,
    {
      description: text('ram:Description'),
      start: dateTime('ram:StartDateTime', t.start),
      end: dateTime('ram:EndDateTime', t.end),
      complete: dateTime('ram:CompleteDateTime'),
    },
    t.group ? { term: t.group } : {},
  );
}

export function deliveryTerms(el: string) {
  return group(el, {
    typeCode: token('ram:DeliveryTypeCode'),
    location: group('ram:RelevantTradeLocation', {
      country: token('ram:CountryID'),
      name: text('ram:Name'),
    }),
  });
}

/** ram:TradePriceType: BT-146/BT-149 (net price) or BT-148 (gross price) with its discounts (BT-147). */
export function tradePrice(el: string, priceTerm: string, quantityTerm?: string, unitTerm?: string) {
  return group(
    el,
    {
      amount: amount('ram:ChargeAmount', priceTerm),
      basisQuantity: quantity('ram:BasisQuantity', quantityTerm, unitTerm),
      allowanceCharges: many(allowanceCharge('ram:AppliedTradeAllowanceCharge', { amount: 'BT-147' })),
      includedTax: tradeTax('ram:IncludedTradeTax'),
    },
    quantityTerm ? { term: 'BG-29' } : {},
  );
}
