/**
 * The invoice model: EN16931 (BT-1 … BT-165, BG-1 … BG-32) and the Factur-X EXTENDED additions, declared
 * once as the CII tree it reads from and writes to, in the element order of the Factur-X 1.09 EXTENDED
 * schema (the other profiles' schemas are subsets in the same order). Search this file for a term id
 * (`BT-112`) to find its model key; the names of the terms are in terms.ts.
 *
 * Semantic notes where CII groups terms differently from EN16931:
 * - BT-31/BT-32 (BT-48, BT-63): `taxRegistrations[]`, scheme `VA` (VAT identifier) or `FC`.
 * - BT-17, BT-18 and BG-24 all are `additionalDocuments[]`, told apart by `typeCode` 50, 130, 916.
 * - BT-7/BT-8 sit on each VAT breakdown entry (`vatBreakdown[].taxPointDate`, `.dueDateTypeCode`).
 * - BG-20/BG-21 (BG-27/BG-28) share `allowanceCharges[]`, told apart by `isCharge`.
 * - BT-110 and BT-111 are `totals.taxTotals[]`, told apart by `currency` (BT-5 or BT-6).
 */
import type { ModelOf } from './node';
import { flat, group, leaf, leafWith, many } from './node';
import {
  allowanceCharge,
  amount,
  dateTime,
  decimal,
  deliveryTerms,
  party,
  period,
  quantity,
  referencedDocument,
  schemeId,
  text,
  token,
  tradePrice,
  tradeTax,
} from './parts';

const note = (term?: string) =>
  group(
    'ram:IncludedNote',
    {
      contentCode: token('ram:ContentCode'),
      content: text('ram:Content', term === 'BG-1' ? 'BT-22' : term ? 'BT-127' : undefined),
      subjectCode: token('ram:SubjectCode', term === 'BG-1' ? 'BT-21' : undefined),
    },
    term ? { term } : {},
  );

const accountingAccount = (term?: string) =>
  group(
    'ram:ReceivableSpecifiedTradeAccountingAccount',
    { id: token('ram:ID', term), typeCode: token('ram:TypeCode') },
    {},
  );

const deliveryEvent = (term?: string) =>
  flat('ram:ActualDeliverySupplyChainEvent', {
    deliveryDate: dateTime('ram:OccurrenceDateTime', term),
  });

const SELLER = party('ram:SellerTradeParty', {
  group: 'BG-4',
  id: 'BT-29',
  name: 'BT-27',
  tradingName: 'BT-28',
  legalId: 'BT-30',
  description: 'BT-33',
  electronicAddress: 'BT-34',
  vat: 'BT-31',
  taxRegistration: 'BT-32',
  address: {
    group: 'BG-5',
    line1: 'BT-35',
    line2: 'BT-36',
    line3: 'BT-162',
    city: 'BT-37',
    postcode: 'BT-38',
    subdivision: 'BT-39',
    country: 'BT-40',
  },
  contact: { group: 'BG-6', name: 'BT-41', phone: 'BT-42', email: 'BT-43' },
});

const BUYER = party('ram:BuyerTradeParty', {
  group: 'BG-7',
  id: 'BT-46',
  name: 'BT-44',
  tradingName: 'BT-45',
  legalId: 'BT-47',
  electronicAddress: 'BT-49',
  vat: 'BT-48',
  address: {
    group: 'BG-8',
    line1: 'BT-50',
    line2: 'BT-51',
    line3: 'BT-163',
    city: 'BT-52',
    postcode: 'BT-53',
    subdivision: 'BT-54',
    country: 'BT-55',
  },
  contact: { group: 'BG-9', name: 'BT-56', phone: 'BT-57', email: 'BT-58' },
});

const SELLER_TAX_REPRESENTATIVE = party('ram:SellerTaxRepresentativeTradeParty', {
  group: 'BG-11',
  name: 'BT-62',
  vat: 'BT-63',
  address: {
    group: 'BG-12',
    line1: 'BT-64',
    line2: 'BT-65',
    line3: 'BT-164',
    city: 'BT-66',
    postcode: 'BT-67',
    subdivision: 'BT-68',
    country: 'BT-69',
  },
});

const SHIP_TO = party('ram:ShipToTradeParty', {
  group: 'BG-13',
  id: 'BT-71',
  name: 'BT-70',
  address: {
    group: 'BG-15',
    line1: 'BT-75',
    line2: 'BT-76',
    line3: 'BT-165',
    city: 'BT-77',
    postcode: 'BT-78',
    subdivision: 'BT-79',
    country: 'BT-80',
  },
});

const PAYEE = party('ram:PayeeTradeParty', { group: 'BG-10', id: 'BT-60', name: 'BT-59', legalId: 'BT-61' });

/** BG-25 Invoice line (ram:IncludedSupplyChainTradeLineItem). */
export const LINE = group(
  'ram:IncludedSupplyChainTradeLineItem',
  {
    _document: flat('ram:AssociatedDocumentLineDocument', {
      lineId: token('ram:LineID', 'BT-126'),
      /** EXTENDED: the line this sub-line belongs to (line grouping). */
      parentLineId: token('ram:ParentLineID'),
      /** EXTENDED: `DETAIL`, `GROUP`, `INFORMATION`. */
      lineStatusCode: token('ram:LineStatusCode'),
      lineStatusReasonCode: token('ram:LineStatusReasonCode'),
      notes: many(note('BT-127')),
    }),
    product: group(
      'ram:SpecifiedTradeProduct',
      {
        id: token('ram:ID'),
        globalId: schemeId('ram:GlobalID', 'BT-157'),
        sellerId: token('ram:SellerAssignedID', 'BT-155'),
        buyerId: token('ram:BuyerAssignedID', 'BT-156'),
        industryId: token('ram:IndustryAssignedID'),
        modelId: token('ram:ModelID'),
        name: text('ram:Name', 'BT-153'),
        description: text('ram:Description', 'BT-154'),
        batchIds: many(token('ram:BatchID')),
        brandName: text('ram:BrandName'),
        modelName: text('ram:ModelName'),
        characteristics: many(
          group(
            'ram:ApplicableProductCharacteristic',
            {
              typeCode: token('ram:TypeCode'),
              name: text('ram:Description', 'BT-160'),
              measure: quantity('ram:ValueMeasure'),
              value: text('ram:Value', 'BT-161'),
            },
            { term: 'BG-32' },
          ),
        ),
        classifications: many(
          group('ram:DesignatedProductClassification', {
            code: leafWith(
              'ram:ClassCode',
              'token',
              { listId: 'listID', listVersionId: 'listVersionID' },
              { term: 'BT-158' },
            ),
            name: text('ram:ClassName'),
          }),
        ),
        instances: many(
          group('ram:IndividualTradeProductInstance', {
            batchId: token('ram:BatchID'),
            serialId: token('ram:SupplierAssignedSerialID'),
          }),
        ),
        _origin: flat('ram:OriginTradeCountry', { originCountry: token('ram:ID', 'BT-159') }),
        manufacturer: party('ram:ManufacturerTradeParty'),
        includedProducts: many(
          group('ram:IncludedReferencedProduct', {
            id: token('ram:ID'),
            globalIds: many(schemeId('ram:GlobalID')),
            sellerId: token('ram:SellerAssignedID'),
            buyerId: token('ram:BuyerAssignedID'),
            industryId: token('ram:IndustryAssignedID'),
            name: text('ram:Name'),
            description: text('ram:Description'),
            unitQuantity: quantity('ram:UnitQuantity'),
          }),
        ),
      },
      { term: 'BG-31' },
    ),
    _agreement: flat('ram:SpecifiedLineTradeAgreement', {
      deliveryTerms: deliveryTerms('ram:ApplicableTradeDeliveryTerms'),
      sellerOrder: referencedDocument('ram:SellerOrderReferencedDocument'),
      buyerOrder: referencedDocument('ram:BuyerOrderReferencedDocument', { lineId: 'BT-132' }),
      quotation: referencedDocument('ram:QuotationReferencedDocument'),
      contract: referencedDocument('ram:ContractReferencedDocument'),
      additionalDocuments: many(referencedDocument('ram:AdditionalReferencedDocument')),
      grossPrice: tradePrice('ram:GrossPriceProductTradePrice', 'BT-148'),
      netPrice: tradePrice('ram:NetPriceProductTradePrice', 'BT-146', 'BT-149', 'BT-150'),
      itemSeller: party('ram:ItemSellerTradeParty'),
      ultimateCustomerOrders: many(referencedDocument('ram:UltimateCustomerOrderReferencedDocument')),
    }),
    _delivery: flat('ram:SpecifiedLineTradeDelivery', {
      billedQuantity: quantity('ram:BilledQuantity', 'BT-129', 'BT-130'),
      chargeFreeQuantity: quantity('ram:ChargeFreeQuantity'),
      packageQuantity: quantity('ram:PackageQuantity'),
      perPackageUnitQuantity: quantity('ram:PerPackageUnitQuantity'),
      shipTo: party('ram:ShipToTradeParty'),
      ultimateShipTo: party('ram:UltimateShipToTradeParty'),
      _event: deliveryEvent(),
      despatchAdvice: referencedDocument('ram:DespatchAdviceReferencedDocument'),
      receivingAdvice: referencedDocument('ram:ReceivingAdviceReferencedDocument'),
      deliveryNote: referencedDocument('ram:DeliveryNoteReferencedDocument'),
    }),
    _settlement: flat('ram:SpecifiedLineTradeSettlement', {
      /** BG-30 Line VAT information: the first entry; EXTENDED allows more. */
      taxes: many(
        tradeTax('ram:ApplicableTradeTax', { group: 'BG-30', categoryCode: 'BT-151', rate: 'BT-152' }),
      ),
      period: period('ram:BillingSpecifiedPeriod', { group: 'BG-26', start: 'BT-134', end: 'BT-135' }),
      allowanceCharges: many(
        allowanceCharge('ram:SpecifiedTradeAllowanceCharge', {
          group: 'BG-27',
          also: ['BG-28'],
          amount: 'BT-136',
          basisAmount: 'BT-137',
          percent: 'BT-138',
          reason: 'BT-139',
          reasonCode: 'BT-140',
        }),
      ),
      summation: group('ram:SpecifiedTradeSettlementLineMonetarySummation', {
        lineTotal: amount('ram:LineTotalAmount', 'BT-131'),
        chargeTotal: amount('ram:ChargeTotalAmount'),
        allowanceTotal: amount('ram:AllowanceTotalAmount'),
        taxTotals: many(amount('ram:TaxTotalAmount')),
        grandTotal: amount('ram:GrandTotalAmount'),
        totalAllowanceCharge: amount('ram:TotalAllowanceChargeAmount'),
      }),
      invoiceReference: referencedDocument('ram:InvoiceReferencedDocument'),
      /** BT-128 Invoice line object identifier (type code 130, scheme in referenceTypeCode). */
      objectReferences: many(
        referencedDocument('ram:AdditionalReferencedDocument', {
          id: 'BT-128',
          referenceTypeCode: 'BT-128-1',
        }),
      ),
      accountingAccounts: many(accountingAccount('BT-133')),
    }),
  },
  { term: 'BG-25' },
);

/** rsm:CrossIndustryInvoice: BG-0, the invoice. */
export const INVOICE = group('rsm:CrossIndustryInvoice', {
  _context: flat('rsm:ExchangedDocumentContext', {
    testIndicator: leaf('ram:TestIndicator', 'indicator'),
    _process: flat('ram:BusinessProcessSpecifiedDocumentContextParameter', {
      businessProcess: token('ram:ID', 'BT-23'),
    }),
    _guideline: flat('ram:GuidelineSpecifiedDocumentContextParameter', {
      specification: token('ram:ID', 'BT-24'),
    }),
  }),
  _document: flat('rsm:ExchangedDocument', {
    number: token('ram:ID', 'BT-1'),
    name: text('ram:Name'),
    typeCode: token('ram:TypeCode', 'BT-3'),
    issueDate: dateTime('ram:IssueDateTime', 'BT-2'),
    copyIndicator: leaf('ram:CopyIndicator', 'indicator'),
    languageId: token('ram:LanguageID'),
    notes: many(note('BG-1')),
    effectivePeriod: period('ram:EffectiveSpecifiedPeriod'),
  }),
  _transaction: flat('rsm:SupplyChainTradeTransaction', {
    lines: many(LINE),
    _agreement: flat('ram:ApplicableHeaderTradeAgreement', {
      buyerReference: text('ram:BuyerReference', 'BT-10'),
      seller: SELLER,
      buyer: BUYER,
      salesAgent: party('ram:SalesAgentTradeParty'),
      buyerTaxRepresentative: party('ram:BuyerTaxRepresentativeTradeParty'),
      sellerTaxRepresentative: SELLER_TAX_REPRESENTATIVE,
      productEndUser: party('ram:ProductEndUserTradeParty'),
      deliveryTerms: deliveryTerms('ram:ApplicableTradeDeliveryTerms'),
      sellerOrder: referencedDocument('ram:SellerOrderReferencedDocument', { id: 'BT-14' }),
      buyerOrder: referencedDocument('ram:BuyerOrderReferencedDocument', { id: 'BT-13' }),
      quotation: referencedDocument('ram:QuotationReferencedDocument'),
      contract: referencedDocument('ram:ContractReferencedDocument', { id: 'BT-12' }),
      /** BG-24 (type code 916), BT-17 tender or lot (50), BT-18 invoiced object (130). */
      additionalDocuments: many(
        referencedDocument('ram:AdditionalReferencedDocument', {
          group: 'BG-24',
          also: ['BT-17', 'BT-18'],
          id: 'BT-122',
          name: 'BT-123',
          uri: 'BT-124',
          attachment: 'BT-125',
          referenceTypeCode: 'BT-18-1',
        }),
      ),
      buyerAgent: party('ram:BuyerAgentTradeParty'),
      project: group('ram:SpecifiedProcuringProject', {
        id: token('ram:ID', 'BT-11'),
        name: text('ram:Name'),
      }),
      ultimateCustomerOrders: many(referencedDocument('ram:UltimateCustomerOrderReferencedDocument')),
    }),
    _delivery: flat('ram:ApplicableHeaderTradeDelivery', {
      consignment: group('ram:RelatedSupplyChainConsignment', {
        transportModes: many(
          group('ram:SpecifiedLogisticsTransportMovement', { modeCode: token('ram:ModeCode') }),
        ),
      }),
      shipTo: SHIP_TO,
      ultimateShipTo: party('ram:UltimateShipToTradeParty'),
      shipFrom: party('ram:ShipFromTradeParty'),
      _event: deliveryEvent('BT-72'),
      despatchAdvice: referencedDocument('ram:DespatchAdviceReferencedDocument', { id: 'BT-16' }),
      receivingAdvice: referencedDocument('ram:ReceivingAdviceReferencedDocument', { id: 'BT-15' }),
      deliveryNote: referencedDocument('ram:DeliveryNoteReferencedDocument'),
    }),
    _settlement: flat('ram:ApplicableHeaderTradeSettlement', {
      creditorReference: token('ram:CreditorReferenceID', 'BT-90'),
      paymentReference: text('ram:PaymentReference', 'BT-83'),
      taxCurrency: token('ram:TaxCurrencyCode', 'BT-6'),
      currency: token('ram:InvoiceCurrencyCode', 'BT-5'),
      invoiceIssuerReference: text('ram:InvoiceIssuerReference'),
      invoicer: party('ram:InvoicerTradeParty'),
      invoicee: party('ram:InvoiceeTradeParty'),
      payee: PAYEE,
      payer: party('ram:PayerTradeParty'),
      currencyExchange: group('ram:TaxApplicableTradeCurrencyExchange', {
        sourceCurrency: token('ram:SourceCurrencyCode'),
        targetCurrency: token('ram:TargetCurrencyCode'),
        rate: decimal('ram:ConversionRate'),
        rateDate: dateTime('ram:ConversionRateDateTime'),
      }),
      paymentMeans: many(
        group(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          {
            typeCode: token('ram:TypeCode', 'BT-81'),
            information: text('ram:Information', 'BT-82'),
            card: group(
              'ram:ApplicableTradeSettlementFinancialCard',
              { id: token('ram:ID', 'BT-87'), holderName: text('ram:CardholderName', 'BT-88') },
              { term: 'BG-18' },
            ),
            debtorAccount: group(
              'ram:PayerPartyDebtorFinancialAccount',
              { iban: token('ram:IBANID', 'BT-91'), name: text('ram:AccountName') },
              { term: 'BG-19' },
            ),
            creditorAccount: group(
              'ram:PayeePartyCreditorFinancialAccount',
              {
                iban: token('ram:IBANID', 'BT-84'),
                name: text('ram:AccountName', 'BT-85'),
                proprietaryId: token('ram:ProprietaryID', 'BT-84'),
              },
              { term: 'BG-17' },
            ),
            _debtorInstitution: flat('ram:PayerSpecifiedDebtorFinancialInstitution', {
              debtorBic: token('ram:BICID'),
            }),
            _creditorInstitution: flat('ram:PayeeSpecifiedCreditorFinancialInstitution', {
              creditorBic: token('ram:BICID', 'BT-86'),
              /**
               * ZUGFeRD 2.0's German bank code, in no Factur-X 1.09 schema: read so that it is not
               * silently lost, and reported in the writer's `dropped` since no profile may carry it.
               */
              creditorGermanBankCode: token('ram:GermanBankleitzahlID'),
            }),
          },
          { term: 'BG-16' },
        ),
      ),
      vatBreakdown: many(
        tradeTax('ram:ApplicableTradeTax', {
          group: 'BG-23',
          taxAmount: 'BT-117',
          exemptionReason: 'BT-120',
          basisAmount: 'BT-116',
          categoryCode: 'BT-118',
          exemptionReasonCode: 'BT-121',
          taxPointDate: 'BT-7',
          dueDateTypeCode: 'BT-8',
          rate: 'BT-119',
        }),
      ),
      invoicingPeriod: period('ram:BillingSpecifiedPeriod', { group: 'BG-14', start: 'BT-73', end: 'BT-74' }),
      allowanceCharges: many(
        allowanceCharge('ram:SpecifiedTradeAllowanceCharge', {
          group: 'BG-20',
          also: ['BG-21'],
          amount: 'BT-92',
          basisAmount: 'BT-93',
          percent: 'BT-94',
          reason: 'BT-97',
          reasonCode: 'BT-98',
          tax: { categoryCode: 'BT-95', rate: 'BT-96' },
        }),
      ),
      logisticsCharges: many(
        group('ram:SpecifiedLogisticsServiceCharge', {
          description: text('ram:Description'),
          amount: amount('ram:AppliedAmount'),
          taxes: many(tradeTax('ram:AppliedTradeTax')),
        }),
      ),
      paymentTerms: many(
        group('ram:SpecifiedTradePaymentTerms', {
          description: text('ram:Description', 'BT-20'),
          dueDate: dateTime('ram:DueDateDateTime', 'BT-9'),
          mandateReference: token('ram:DirectDebitMandateID', 'BT-89'),
          partialAmount: amount('ram:PartialPaymentAmount'),
          penalty: paymentAdjustment('ram:ApplicableTradePaymentPenaltyTerms', 'ram:ActualPenaltyAmount'),
          discount: paymentAdjustment('ram:ApplicableTradePaymentDiscountTerms', 'ram:ActualDiscountAmount'),
          payee: party('ram:PayeeTradeParty'),
        }),
      ),
      totals: group(
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
        {
          lineTotal: amount('ram:LineTotalAmount', 'BT-106'),
          chargeTotal: amount('ram:ChargeTotalAmount', 'BT-108'),
          allowanceTotal: amount('ram:AllowanceTotalAmount', 'BT-107'),
          taxBasisTotal: amount('ram:TaxBasisTotalAmount', 'BT-109'),
          taxTotals: many(
            leafWith(
              'ram:TaxTotalAmount',
              'decimal',
              { currency: 'currencyID' },
              { term: 'BT-110', alsoTerms: ['BT-111'] },
            ),
          ),
          roundingAmount: amount('ram:RoundingAmount', 'BT-114'),
          grandTotal: amount('ram:GrandTotalAmount', 'BT-112'),
          prepaidAmount: amount('ram:TotalPrepaidAmount', 'BT-113'),
          duePayable: amount('ram:DuePayableAmount', 'BT-115'),
        },
        { term: 'BG-22' },
      ),
      financialAdjustments: many(
        group('ram:SpecifiedFinancialAdjustment', {
          reason: text('ram:Reason'),
          amount: amount('ram:ActualAmount'),
        }),
      ),
      precedingInvoices: many(
        referencedDocument('ram:InvoiceReferencedDocument', {
          group: 'BG-3',
          id: 'BT-25',
          issueDate: 'BT-26',
        }),
      ),
      accountingAccounts: many(accountingAccount('BT-19')),
      advancePayments: many(
        group('ram:SpecifiedAdvancePayment', {
          paidAmount: amount('ram:PaidAmount'),
          receivedDate: leaf('ram:FormattedReceivedDateTime', 'formattedDateTime'),
          taxes: many(tradeTax('ram:IncludedTradeTax')),
          invoiceReference: referencedDocument('ram:InvoiceSpecifiedReferencedDocument'),
        }),
      ),
    }),
  }),
});

function paymentAdjustment(el: string, actualEl: string) {
  return group(el, {
    basisDate: dateTime('ram:BasisDateTime'),
    basisPeriod: quantity('ram:BasisPeriodMeasure'),
    basisAmount: amount('ram:BasisAmount'),
    percent: decimal('ram:CalculationPercent'),
    actualAmount: amount(actualEl),
  });
}

/** The invoice (BG-0): every field optional in the type; profiles and rules say what is required. */
export type Invoice = ModelOf<(typeof INVOICE)['fields']>;
export type InvoiceLine = NonNullable<Invoice['lines']>[number];
export type Party = NonNullable<Invoice['seller']>;
export type Address = NonNullable<Party['address']>;
export type AllowanceCharge = NonNullable<Invoice['allowanceCharges']>[number];
export type VatBreakdown = NonNullable<Invoice['vatBreakdown']>[number];
export type Totals = NonNullable<Invoice['totals']>;
export type ReferencedDocument = NonNullable<Invoice['contract']>;
/** An amount (udt:AmountType): exact decimal text and, when the file states it, its `currencyID`. */
export type Amount = NonNullable<Totals['grandTotal']>;
