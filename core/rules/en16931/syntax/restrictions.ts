/**
 * The syntax restrictions of the EN16931 CII binding 1.3.16 that only say "this CII element is not
 * used" or "at most / exactly once": data, one row per assertion, grouped by rule context in the
 * artefact's order (ids, flags and paths as the artefact writes them; the messages are ours).
 */
import type { XmlElement } from '../../../xml/tree';
import type { Message, Severity } from '../../rule';
import type { Step } from '../../xpath/paths';
import { ATTRIBUTE_WORDS } from '../../../model/place-vocabulary';
import { attributeWords, placeWords, spelledName } from '../../../model/place-words';
import { C } from './contexts';
import {
  countPath,
  step,
  type PatternAssertion,
  type PatternBatch,
  type PatternContext,
} from '../../schematron-pattern';

type Kind = 'absent' | 'at-most-one' | 'exactly-one';
type Row = readonly [id: string, severity: Severity, kind: Kind, path: string];

const W = 'warning';
const F = 'fatal';

/** Business terms of the restrictions that concern one. */
const BT: Readonly<Record<string, readonly string[]>> = {
  'CII-SR-009': ['BT-24'],
  'CII-SR-010': ['BT-24'],
  'CII-SR-014': ['BT-3'],
  'CII-SR-030': ['BT-22'],
  'CII-SR-039': ['BT-127'],
  'CII-SR-040': ['BT-127'],
  'CII-SR-069': ['BT-160'],
  'CII-SR-072': ['BT-161'],
  'CII-SR-439': ['BT-146'],
  'CII-SR-441': ['BT-146'],
  'CII-SR-440': ['BT-147'],
  'CII-SR-454': ['BG-30'],
  'CII-SR-455': ['BG-6'],
  'CII-SR-456': ['BG-9'],
  'CII-SR-459': ['BT-34'],
  'CII-SR-460': ['BT-49'],
  'CII-SR-461': ['BT-7'],
  'CII-SR-471': ['BT-96', 'BT-103'],
  'CII-SR-472': ['BT-95', 'BT-102'],
  'CII-SR-473': ['BT-92', 'BT-99'],
  'CII-SR-477': ['BT-106'],
  'CII-SR-478': ['BT-108'],
  'CII-SR-479': ['BT-107'],
  'CII-SR-480': ['BT-109'],
  'CII-SR-481': ['BT-114'],
  'CII-SR-482': ['BT-112'],
  'CII-SR-484': ['BT-113'],
  'CII-SR-487': ['BT-115'],
};

const ROWS: readonly (readonly [PatternContext, readonly Row[]])[] = [
  [C.paymentMeans, [['CII-SR-464', W, 'absent', 'ram:PayerSpecifiedDebtorFinancialInstitution']]],
  [
    C.documentContext,
    [
      ['CII-SR-001', W, 'absent', 'ram:SpecifiedTransactionID'],
      ['CII-SR-002', W, 'absent', 'ram:TestIndicator'],
      ['CII-SR-003', W, 'at-most-one', 'ram:BusinessProcessSpecifiedDocumentContextParameter'],
      ['CII-SR-006', W, 'absent', 'ram:BIMSpecifiedDocumentContextParameter'],
      ['CII-SR-007', W, 'absent', 'ram:ScenarioSpecifiedDocumentContextParameter'],
      ['CII-SR-008', W, 'absent', 'ram:ApplicationSpecifiedDocumentContextParameter'],
      ['CII-SR-009', F, 'exactly-one', 'ram:GuidelineSpecifiedDocumentContextParameter'],
      ['CII-SR-010', F, 'exactly-one', 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'],
      ['CII-SR-011', W, 'absent', 'ram:SubsetSpecifiedDocumentContextParameter'],
      ['CII-SR-012', W, 'absent', 'ram:MessageStandardSpecifiedDocumentContextParameter'],
    ],
  ],
  [
    C.document,
    [
      ['CII-SR-013', W, 'absent', 'ram:Name'],
      ['CII-SR-014', F, 'exactly-one', 'ram:TypeCode'],
      ['CII-SR-015', W, 'absent', 'ram:IssueDateTime/udt:DateTime'],
      ['CII-SR-016', W, 'absent', 'ram:CopyIndicator'],
      ['CII-SR-017', W, 'absent', 'ram:Purpose'],
      ['CII-SR-018', W, 'absent', 'ram:ControlRequirementIndicator'],
      ['CII-SR-019', W, 'absent', 'ram:LanguageID'],
      ['CII-SR-020', W, 'absent', 'ram:PurposeCode'],
      ['CII-SR-021', W, 'absent', 'ram:RevisionDateTime'],
      ['CII-SR-022', W, 'absent', 'ram:VersionID'],
      ['CII-SR-023', W, 'absent', 'ram:GlobalID'],
      ['CII-SR-024', W, 'absent', 'ram:RevisionID'],
      ['CII-SR-025', W, 'absent', 'ram:PreviousRevisionID'],
      ['CII-SR-026', W, 'absent', 'ram:CategoryCode'],
      ['CII-SR-027', W, 'absent', 'ram:IncludedNote/ram:Subject'],
      ['CII-SR-028', W, 'absent', 'ram:IncludedNote/ram:ContentCode'],
      ['CII-SR-032', W, 'absent', 'ram:IncludedNote/ram:ID'],
      ['CII-SR-033', W, 'absent', 'ram:EffectiveSpecifiedPeriod'],
      ['CII-SR-034', W, 'absent', 'ram:IssuerTradeParty'],
    ],
  ],
  [C.documentNote, [['CII-SR-030', W, 'at-most-one', 'ram:Content']]],
  [
    C.line,
    [
      ['CII-SR-035', W, 'absent', 'ram:DescriptionCode'],
      ['CII-SR-036', W, 'absent', 'ram:ParentLineID'],
      ['CII-SR-037', W, 'absent', 'ram:LineStatusCode'],
      ['CII-SR-038', W, 'absent', 'ram:LineStatusReasonCode'],
      ['CII-SR-221', W, 'absent', 'ram:IncludedSubordinateTradeLineItem'],
    ],
  ],
  [
    C.lineDocument,
    [
      ['CII-SR-039', W, 'at-most-one', 'ram:IncludedNote'],
      ['CII-SR-040', W, 'at-most-one', 'ram:IncludedNote/ram:Content'],
      ['CII-SR-041', W, 'absent', 'ram:IncludedNote/ram:SubjectCode'],
      ['CII-SR-042', W, 'absent', 'ram:IncludedNote/ram:ID'],
      ['CII-SR-043', W, 'absent', 'ram:IncludedNote/ram:Subject'],
      ['CII-SR-044', W, 'absent', 'ram:IncludedNote/ram:ContentCode'],
    ],
  ],
  [
    C.product,
    [
      ['CII-SR-045', W, 'absent', 'ram:ID'],
      ['CII-SR-048', W, 'absent', 'ram:ManufacturerAssignedID'],
      ['CII-SR-049', W, 'absent', 'ram:TradeName'],
      ['CII-SR-050', W, 'absent', 'ram:TypeCode'],
      ['CII-SR-051', W, 'absent', 'ram:NetWeightMeasure'],
      ['CII-SR-052', W, 'absent', 'ram:GrossWeightMeasure'],
      ['CII-SR-053', W, 'absent', 'ram:ProductGroupID'],
      ['CII-SR-054', W, 'absent', 'ram:EndItemTypeCode'],
      ['CII-SR-055', W, 'absent', 'ram:EndItemName'],
      ['CII-SR-056', W, 'absent', 'ram:AreaDensityMeasure'],
      ['CII-SR-057', W, 'absent', 'ram:UseDescription'],
      ['CII-SR-058', W, 'absent', 'ram:BrandName'],
      ['CII-SR-059', W, 'absent', 'ram:SubBrandName'],
      ['CII-SR-060', W, 'absent', 'ram:DrainedNetWeightMeasure'],
      ['CII-SR-061', W, 'absent', 'ram:VariableMeasureIndicator'],
      ['CII-SR-062', W, 'absent', 'ram:ColourCode'],
      ['CII-SR-063', W, 'absent', 'ram:ColourDescription'],
      ['CII-SR-064', W, 'absent', 'ram:Designation'],
      ['CII-SR-065', W, 'absent', 'ram:FormattedCancellationAnnouncedLaunchDateTime'],
      ['CII-SR-066', W, 'absent', 'ram:FormattedLatestProductDataChangeDateTime'],
      ['CII-SR-067', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ID'],
      ['CII-SR-068', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:TypeCode'],
      ['CII-SR-070', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ValueMeasure'],
      ['CII-SR-071', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:MeasurementMethodCode'],
      ['CII-SR-073', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ValueCode'],
      ['CII-SR-074', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ValueDateTime'],
      ['CII-SR-075', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ValueIndicator'],
      ['CII-SR-076', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ContentTypeCode'],
      ['CII-SR-077', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ValueSpecifiedBinaryFile'],
      [
        'CII-SR-078',
        W,
        'absent',
        'ram:ApplicableProductCharacteristic/ram:ApplicableProductCharacteristicCondition',
      ],
      ['CII-SR-079', W, 'absent', 'ram:ApplicableProductCharacteristic/ram:ApplicableReferencedStandard'],
      ['CII-SR-080', W, 'absent', 'ram:ApplicableMaterialGoodsCharacteristic'],
      ['CII-SR-081', W, 'absent', 'ram:DesignatedProductClassification/ram:SystemID'],
      ['CII-SR-082', W, 'absent', 'ram:DesignatedProductClassification/ram:SystemName'],
      ['CII-SR-083', W, 'absent', 'ram:DesignatedProductClassification/ram:ClassName'],
      ['CII-SR-084', W, 'absent', 'ram:DesignatedProductClassification/ram:SubClassCode'],
      ['CII-SR-085', W, 'absent', 'ram:DesignatedProductClassification/ram:ClassProductCharacteristic'],
      ['CII-SR-086', W, 'absent', 'ram:DesignatedProductClassification/ram:ApplicableReferencedStandard'],
      ['CII-SR-087', W, 'absent', 'ram:IndividualTradeProductInstance'],
      ['CII-SR-088', W, 'absent', 'ram:CertificationEvidenceReferenceReferencedDocument'],
      ['CII-SR-089', W, 'absent', 'ram:InspectionReferenceReferencedDocument'],
      ['CII-SR-091', W, 'absent', 'ram:OriginTradeCountry/ram:Name'],
      ['CII-SR-092', W, 'absent', 'ram:OriginTradeCountry/ram:SubordinateTradeCountrySubDivision'],
      ['CII-SR-093', W, 'absent', 'ram:LinearSpatialDimension'],
      ['CII-SR-094', W, 'absent', 'ram:MinimumLinearSpatialDimension'],
      ['CII-SR-095', W, 'absent', 'ram:MaximumLinearSpatialDimension'],
      ['CII-SR-096', W, 'absent', 'ram:ManufacturerTradeParty'],
      ['CII-SR-097', W, 'absent', 'ram:PresentationSpecifiedBinaryFile'],
      ['CII-SR-098', W, 'absent', 'ram:MSDSReferenceReferencedDocument'],
      ['CII-SR-099', W, 'absent', 'ram:AdditionalReferenceReferencedDocument'],
      ['CII-SR-100', W, 'absent', 'ram:LegalRightsOwnerTradeParty'],
      ['CII-SR-101', W, 'absent', 'ram:BrandOwnerTradeParty'],
      ['CII-SR-102', W, 'absent', 'ram:IncludedReferencedProduct'],
      ['CII-SR-103', W, 'absent', 'ram:InformationNote'],
    ],
  ],
  [
    C.productCharacteristic,
    [
      ['CII-SR-069', F, 'exactly-one', 'ram:Description'],
      ['CII-SR-072', F, 'exactly-one', 'ram:Value'],
    ],
  ],
  [
    C.lineAgreement,
    [
      ['CII-SR-104', W, 'absent', 'ram:BuyerReference'],
      ['CII-SR-105', W, 'absent', 'ram:BuyerRequisitionerTradeParty'],
      ['CII-SR-106', W, 'absent', 'ram:ApplicableTradeDeliveryTerms'],
      ['CII-SR-107', W, 'absent', 'ram:SellerOrderReferencedDocument'],
      ['CII-SR-108', W, 'absent', 'ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID'],
      ['CII-SR-109', W, 'absent', 'ram:QuotationReferencedDocument'],
      ['CII-SR-110', W, 'absent', 'ram:ContractReferencedDocument'],
      ['CII-SR-111', W, 'absent', 'ram:DemandForecastReferencedDocument'],
      ['CII-SR-112', W, 'absent', 'ram:PromotionalDealReferencedDocument'],
      ['CII-SR-113', W, 'absent', 'ram:AdditionalReferencedDocument'],
      ['CII-SR-114', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:TypeCode'],
      ['CII-SR-115', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:MinimumQuantity'],
      ['CII-SR-116', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:MaximumQuantity'],
      ['CII-SR-117', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:ChangeReason'],
      ['CII-SR-118', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:OrderUnitConversionFactorNumeric'],
      ['CII-SR-439', F, 'exactly-one', 'ram:NetPriceProductTradePrice/ram:ChargeAmount'],
      ['CII-SR-120', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ID'],
      [
        'CII-SR-121',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:SequenceNumeric',
      ],
      [
        'CII-SR-122',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:CalculationPercent',
      ],
      [
        'CII-SR-123',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:BasisAmount',
      ],
      [
        'CII-SR-124',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:BasisQuantity',
      ],
      [
        'CII-SR-125',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:PrepaidIndicator',
      ],
      [
        'CII-SR-126',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:UnitBasisAmount',
      ],
      [
        'CII-SR-127',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ReasonCode',
      ],
      [
        'CII-SR-128',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:Reason',
      ],
      [
        'CII-SR-129',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:TypeCode',
      ],
      [
        'CII-SR-130',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:CategoryTradeTax',
      ],
      [
        'CII-SR-131',
        W,
        'absent',
        'ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualTradeCurrencyExchange',
      ],
      ['CII-SR-445', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:IncludedTradeTax'],
      ['CII-SR-132', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:ValiditySpecifiedPeriod'],
      ['CII-SR-133', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:DeliveryTradeLocation'],
      ['CII-SR-134', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:TradeComparisonReferencePrice'],
      ['CII-SR-135', W, 'absent', 'ram:GrossPriceProductTradePrice/ram:AssociatedReferencedDocument'],
      ['CII-SR-136', W, 'absent', 'ram:NetPriceProductTradePrice/ram:TypeCode'],
      ['CII-SR-138', W, 'absent', 'ram:NetPriceProductTradePrice/ram:MinimumQuantity'],
      ['CII-SR-139', W, 'absent', 'ram:NetPriceProductTradePrice/ram:MaximumQuantity'],
      ['CII-SR-140', W, 'absent', 'ram:NetPriceProductTradePrice/ram:ChangeReason'],
      ['CII-SR-141', W, 'absent', 'ram:NetPriceProductTradePrice/ram:OrderUnitConversionFactorNumeric'],
      ['CII-SR-142', W, 'absent', 'ram:NetPriceProductTradePrice/ram:AppliedTradeAllowanceCharge'],
      ['CII-SR-446', W, 'absent', 'ram:NetPriceProductTradePrice/ram:IncludedTradeTax'],
      ['CII-SR-143', W, 'absent', 'ram:NetPriceProductTradePrice/ram:ValiditySpecifiedPeriod'],
      ['CII-SR-144', W, 'absent', 'ram:NetPriceProductTradePrice/ram:DeliveryTradeLocation'],
      ['CII-SR-145', W, 'absent', 'ram:NetPriceProductTradePrice/ram:TradeComparisonReferencePrice'],
      ['CII-SR-146', W, 'absent', 'ram:NetPriceProductTradePrice/ram:AssociatedReferencedDocument'],
      ['CII-SR-441', F, 'at-most-one', 'ram:NetPriceProductTradePrice/ram:ChargeAmount'],
      ['CII-SR-147', W, 'absent', 'ram:RequisitionerReferencedDocument'],
      ['CII-SR-148', W, 'absent', 'ram:ItemSellerTradeParty'],
      ['CII-SR-149', W, 'absent', 'ram:ItemBuyerTradeParty'],
      ['CII-SR-150', W, 'absent', 'ram:IncludedSpecifiedMarketplace'],
      ['CII-SR-447', W, 'absent', 'ram:UltimateCustomerOrderReferencedDocument'],
    ],
  ],
  [
    C.allowanceCharge,
    [
      ['CII-SR-471', F, 'at-most-one', 'ram:RateApplicablePercent'],
      ['CII-SR-472', F, 'at-most-one', 'ram:CategoryTradeTax'],
      ['CII-SR-473', F, 'at-most-one', 'ram:ActualAmount'],
    ],
  ],
  [C.priceAllowanceCharge, [['CII-SR-440', F, 'at-most-one', 'ram:ActualAmount']]],
  [
    C.lineDelivery,
    [
      ['CII-SR-151', W, 'absent', 'ram:RequestedQuantity'],
      ['CII-SR-152', W, 'absent', 'ram:ReceivedQuantity'],
      ['CII-SR-153', W, 'absent', 'ram:ChargeFreeQuantity'],
      ['CII-SR-154', W, 'absent', 'ram:PackageQuantity'],
      ['CII-SR-155', W, 'absent', 'ram:ProductUnitQuantity'],
      ['CII-SR-156', W, 'absent', 'ram:PerPackageUnitQuantity'],
      ['CII-SR-157', W, 'absent', 'ram:NetWeightMeasure'],
      ['CII-SR-158', W, 'absent', 'ram:GrossWeightMeasure'],
      ['CII-SR-159', W, 'absent', 'ram:TheoreticalWeightMeasure'],
      ['CII-SR-160', W, 'absent', 'ram:DespatchedQuantity'],
      ['CII-SR-161', W, 'absent', 'ram:SpecifiedDeliveryAdjustment'],
      ['CII-SR-162', W, 'absent', 'ram:IncludedSupplyChainPackaging'],
      ['CII-SR-163', W, 'absent', 'ram:RelatedSupplyChainConsignment'],
      ['CII-SR-164', W, 'absent', 'ram:ShipToTradeParty'],
      ['CII-SR-165', W, 'absent', 'ram:UltimateShipToTradeParty'],
      ['CII-SR-166', W, 'absent', 'ram:ShipFromTradeParty'],
      ['CII-SR-167', W, 'absent', 'ram:ActualDespatchSupplyChainEvent'],
      ['CII-SR-168', W, 'absent', 'ram:ActualPickUpSupplyChainEvent'],
      ['CII-SR-169', W, 'absent', 'ram:RequestedDeliverySupplyChainEvent'],
      ['CII-SR-170', W, 'absent', 'ram:ActualDeliverySupplyChainEvent'],
      ['CII-SR-171', W, 'absent', 'ram:ActualReceiptSupplyChainEvent'],
      ['CII-SR-172', W, 'absent', 'ram:AdditionalReferencedDocument'],
      ['CII-SR-173', W, 'absent', 'ram:DespatchAdviceReferencedDocument'],
      ['CII-SR-174', W, 'absent', 'ram:ReceivingAdviceReferencedDocument'],
      ['CII-SR-175', W, 'absent', 'ram:DeliveryNoteReferencedDocument'],
      ['CII-SR-176', W, 'absent', 'ram:ConsumptionReportReferencedDocument'],
      ['CII-SR-177', W, 'absent', 'ram:PackingListReferencedDocument'],
    ],
  ],
  [
    C.lineSettlement,
    [
      ['CII-SR-178', W, 'absent', 'ram:PaymentReference'],
      ['CII-SR-179', W, 'absent', 'ram:InvoiceIssuerReference'],
      ['CII-SR-180', W, 'absent', 'ram:TotalAdjustmentAmount'],
      ['CII-SR-181', W, 'absent', 'ram:DiscountIndicator'],
      ['CII-SR-182', W, 'absent', 'ram:ApplicableTradeTax/ram:CalculatedAmount'],
      [
        'CII-SR-183',
        W,
        'absent',
        'ram:SpecifiedTradeAllowanceCharge/ram:ChargeIndicator/udt:IndicatorString',
      ],
      ['CII-SR-184', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:ID'],
      ['CII-SR-185', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:SequenceNumeric'],
      ['CII-SR-186', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:CalculationPercent/@format'],
      ['CII-SR-187', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:BasisQuantity'],
      ['CII-SR-188', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:PrepaidIndicator'],
      ['CII-SR-189', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:UnitBasisAmount'],
      ['CII-SR-190', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:TypeCode'],
      ['CII-SR-191', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax'],
      ['CII-SR-192', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:ActualTradeCurrencyExchange'],
      ['CII-SR-193', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:ID'],
      ['CII-SR-194', W, 'absent', 'ram:SubtotalCalculatedTradeTax'],
      ['CII-SR-195', W, 'absent', 'ram:SpecifiedLogisticsServiceCharge'],
      ['CII-SR-196', W, 'absent', 'ram:SpecifiedTradePaymentTerms'],
      ['CII-SR-197', W, 'absent', 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:ChargeTotalAmount'],
      [
        'CII-SR-198',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:AllowanceTotalAmount',
      ],
      [
        'CII-SR-199',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxBasisTotalAmount',
      ],
      ['CII-SR-200', W, 'absent', 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount'],
      ['CII-SR-201', W, 'absent', 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:GrandTotalAmount'],
      ['CII-SR-202', W, 'absent', 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:InformationAmount'],
      [
        'CII-SR-203',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TotalAllowanceChargeAmount',
      ],
      [
        'CII-SR-204',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TotalRetailValueInformationAmount',
      ],
      [
        'CII-SR-205',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:GrossLineTotalAmount',
      ],
      ['CII-SR-206', W, 'absent', 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:NetLineTotalAmount'],
      [
        'CII-SR-207',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:NetIncludingTaxesLineTotalAmount',
      ],
      [
        'CII-SR-208',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:ProductWeightLossInformationAmount',
      ],
      ['CII-SR-209', W, 'absent', 'ram:SpecifiedFinancialAdjustment'],
      ['CII-SR-210', W, 'absent', 'ram:InvoiceReferencedDocument'],
      ['CII-SR-212', W, 'absent', 'ram:PayableSpecifiedTradeAccountingAccount'],
      ['CII-SR-213', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:SetTriggerCode'],
      ['CII-SR-214', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:TypeCode'],
      ['CII-SR-215', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:AmountTypeCode'],
      ['CII-SR-216', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:Name'],
      [
        'CII-SR-217',
        W,
        'absent',
        'ram:ReceivableSpecifiedTradeAccountingAccount/ram:CostReferenceDimensionPattern',
      ],
      ['CII-SR-218', W, 'absent', 'ram:PurchaseSpecifiedTradeAccountingAccount'],
      ['CII-SR-219', W, 'absent', 'ram:SalesSpecifiedTradeAccountingAccount'],
      ['CII-SR-220', W, 'absent', 'ram:SpecifiedTradeSettlementFinancialCard'],
      ['CII-SR-454', W, 'exactly-one', 'ram:ApplicableTradeTax'],
    ],
  ],
  [
    C.headerAgreement,
    [
      ['CII-SR-442', W, 'absent', 'ram:Reference'],
      ['CII-SR-222', W, 'absent', 'ram:SellerTradeParty/ram:RoleCode'],
      [
        'CII-SR-223',
        W,
        'absent',
        'ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:LegalClassificationCode',
      ],
      ['CII-SR-224', W, 'absent', 'ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:Name'],
      [
        'CII-SR-225',
        W,
        'absent',
        'ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:PostalTradeAddress',
      ],
      [
        'CII-SR-226',
        W,
        'absent',
        'ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:AuthorizedLegalRegistration',
      ],
      ['CII-SR-227', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:ID'],
      ['CII-SR-228', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:TypeCode'],
      ['CII-SR-229', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:JobTitle'],
      ['CII-SR-230', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:Responsibility'],
      ['CII-SR-231', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:PersonID'],
      [
        'CII-SR-232',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:URIID',
      ],
      [
        'CII-SR-233',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:ChannelCode',
      ],
      [
        'CII-SR-234',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:DirectTelephoneUniversalCommunication',
      ],
      [
        'CII-SR-235',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:MobileTelephoneUniversalCommunication',
      ],
      [
        'CII-SR-236',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:FaxUniversalCommunication',
      ],
      [
        'CII-SR-237',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:ChannelCode',
      ],
      [
        'CII-SR-238',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:CompleteNumber',
      ],
      [
        'CII-SR-239',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:TelexUniversalCommunication',
      ],
      [
        'CII-SR-240',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:VOIPUniversalCommunication',
      ],
      [
        'CII-SR-241',
        W,
        'absent',
        'ram:SellerTradeParty/ram:DefinedTradeContact/ram:InstantMessagingUniversalCommunication',
      ],
      ['CII-SR-242', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:SpecifiedNote'],
      ['CII-SR-243', W, 'absent', 'ram:SellerTradeParty/ram:DefinedTradeContact/ram:SpecifiedContactPerson'],
      ['CII-SR-244', W, 'absent', 'ram:SellerTradeParty/ram:URIUniversalCommunication/ram:ChannelCode'],
      ['CII-SR-245', W, 'absent', 'ram:SellerTradeParty/ram:URIUniversalCommunication/ram:CompleteNumber'],
      [
        'CII-SR-246',
        W,
        'absent',
        'ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:AssociatedRegisteredTax',
      ],
      ['CII-SR-247', W, 'absent', 'ram:SellerTradeParty/ram:EndPointURIUniversalCommunication'],
      ['CII-SR-248', W, 'absent', 'ram:SellerTradeParty/ram:LogoAssociatedSpecifiedBinaryFile'],
      ['CII-SR-249', W, 'absent', 'ram:BuyerTradeParty/ram:RoleCode'],
      ['CII-SR-250', W, 'absent', 'ram:BuyerTradeParty/ram:Description'],
      [
        'CII-SR-251',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:LegalClassificationCode',
      ],
      ['CII-SR-252', W, 'absent', 'ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:Name'],
      [
        'CII-SR-254',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:PostalTradeAddress',
      ],
      [
        'CII-SR-255',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:AuthorizedLegalRegistration',
      ],
      ['CII-SR-256', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:ID'],
      ['CII-SR-257', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:TypeCode'],
      ['CII-SR-258', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:JobTitle'],
      ['CII-SR-259', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:Responsibility'],
      ['CII-SR-260', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:PersonID'],
      [
        'CII-SR-261',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:URIID',
      ],
      [
        'CII-SR-262',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:ChannelCode',
      ],
      [
        'CII-SR-263',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:DirectTelephoneUniversalCommunication',
      ],
      [
        'CII-SR-264',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:MobileTelephoneUniversalCommunication',
      ],
      [
        'CII-SR-265',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:FaxUniversalCommunication',
      ],
      [
        'CII-SR-266',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:ChannelCode',
      ],
      [
        'CII-SR-267',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:CompleteNumber',
      ],
      [
        'CII-SR-268',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:TelexUniversalCommunication',
      ],
      [
        'CII-SR-269',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:VOIPUniversalCommunication',
      ],
      [
        'CII-SR-270',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:InstantMessagingUniversalCommunication',
      ],
      ['CII-SR-271', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:SpecifiedNote'],
      ['CII-SR-272', W, 'absent', 'ram:BuyerTradeParty/ram:DefinedTradeContact/ram:SpecifiedContactPerson'],
      ['CII-SR-273', W, 'absent', 'ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:ChannelCode'],
      ['CII-SR-274', W, 'absent', 'ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:CompleteNumber'],
      [
        'CII-SR-275',
        W,
        'absent',
        'ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:AssociatedRegisteredTax',
      ],
      ['CII-SR-276', W, 'absent', 'ram:BuyerTradeParty/ram:EndPointURIUniversalCommunication'],
      ['CII-SR-277', W, 'absent', 'ram:BuyerTradeParty/ram:LogoAssociatedSpecifiedBinaryFile'],
      ['CII-SR-278', W, 'absent', 'ram:SalesAgentTradeParty'],
      ['CII-SR-279', W, 'absent', 'ram:BuyerRequisitionerTradeParty'],
      ['CII-SR-280', W, 'absent', 'ram:BuyerAssignedAccountantTradeParty'],
      ['CII-SR-281', W, 'absent', 'ram:SellerAssignedAccountantTradeParty'],
      ['CII-SR-282', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:ID'],
      ['CII-SR-283', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:GlobalID'],
      ['CII-SR-284', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:RoleCode'],
      ['CII-SR-285', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:Description'],
      ['CII-SR-286', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedLegalOrganization'],
      ['CII-SR-287', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:DefinedTradeContact'],
      ['CII-SR-288', W, 'absent', 'ram:SellerTaxRepresentativeTradeParty/ram:URIUniversalCommunication'],
      [
        'CII-SR-289',
        W,
        'absent',
        'ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration/ram:AssociatedRegisteredTax',
      ],
      [
        'CII-SR-290',
        W,
        'absent',
        'ram:SellerTaxRepresentativeTradeParty/ram:EndPointURIUniversalCommunication',
      ],
      [
        'CII-SR-291',
        W,
        'absent',
        'ram:SellerTaxRepresentativeTradeParty/ram:LogoAssociatedSpecifiedBinaryFile',
      ],
      ['CII-SR-292', W, 'absent', 'ram:ProductEndUserTradeParty'],
      ['CII-SR-293', W, 'absent', 'ram:ApplicableTradeDeliveryTerms'],
      ['CII-SR-294', W, 'absent', 'ram:SellerOrderReferencedDocument/ram:LineID'],
      ['CII-SR-295', W, 'absent', 'ram:BuyerOrderReferencedDocument/ram:LineID'],
      ['CII-SR-296', W, 'absent', 'ram:QuotationReferencedDocument'],
      ['CII-SR-297', W, 'absent', 'ram:OrderResponseReferencedDocument'],
      ['CII-SR-298', W, 'absent', 'ram:ContractReferencedDocument/ram:LineID'],
      ['CII-SR-299', W, 'absent', 'ram:DemandForecastReferencedDocument'],
      ['CII-SR-300', W, 'absent', 'ram:SupplyInstructionReferencedDocument'],
      ['CII-SR-301', W, 'absent', 'ram:PromotionalDealReferencedDocument'],
      ['CII-SR-302', W, 'absent', 'ram:PriceListReferencedDocument'],
      ['CII-SR-303', W, 'absent', 'ram:AdditionalReferencedDocument/ram:LineID'],
      ['CII-SR-304', W, 'absent', 'ram:RequisitionerReferencedDocument'],
      ['CII-SR-305', W, 'absent', 'ram:BuyerAgentTradeParty'],
      ['CII-SR-306', W, 'absent', 'ram:PurchaseConditionsReferencedDocument'],
      ['CII-SR-307', W, 'absent', 'ram:SpecifiedProcuringProject/ram:Description'],
      ['CII-SR-448', W, 'absent', 'ram:UltimateCustomerOrderReferencedDocument'],
      ['CII-SR-455', F, 'at-most-one', 'ram:SellerTradeParty/ram:DefinedTradeContact'],
      ['CII-SR-456', F, 'at-most-one', 'ram:BuyerTradeParty/ram:DefinedTradeContact'],
      ['CII-SR-459', F, 'at-most-one', 'ram:SellerTradeParty/ram:URIUniversalCommunication'],
      ['CII-SR-460', F, 'at-most-one', 'ram:BuyerTradeParty/ram:URIUniversalCommunication'],
    ],
  ],
  [
    C.headerDelivery,
    [
      ['CII-SR-308', W, 'absent', 'ram:RelatedSupplyChainConsignment'],
      ['CII-SR-309', W, 'absent', 'ram:ShipToTradeParty/ram:RoleCode'],
      ['CII-SR-310', W, 'absent', 'ram:ShipToTradeParty/ram:Description'],
      ['CII-SR-311', W, 'absent', 'ram:ShipToTradeParty/ram:SpecifiedLegalOrganization'],
      ['CII-SR-312', W, 'absent', 'ram:ShipToTradeParty/ram:DefinedTradeContact'],
      ['CII-SR-313', W, 'absent', 'ram:ShipToTradeParty/ram:URIUniversalCommunication'],
      ['CII-SR-314', W, 'absent', 'ram:ShipToTradeParty/ram:SpecifiedTaxRegistration'],
      ['CII-SR-315', W, 'absent', 'ram:ShipToTradeParty/ram:EndPointURIUniversalCommunication'],
      ['CII-SR-316', W, 'absent', 'ram:ShipToTradeParty/ram:LogoAssociatedSpecifiedBinaryFile'],
      ['CII-SR-317', W, 'absent', 'ram:UltimateShipToTradeParty'],
      ['CII-SR-318', W, 'absent', 'ram:ShipFromTradeParty'],
      ['CII-SR-319', W, 'absent', 'ram:ActualDespatchSupplyChainEvent'],
      ['CII-SR-320', W, 'absent', 'ram:ActualPickUpSupplyChainEvent'],
      ['CII-SR-321', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:ID'],
      ['CII-SR-322', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTime'],
      ['CII-SR-323', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:TypeCode'],
      ['CII-SR-324', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:Description'],
      ['CII-SR-325', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:DescriptionBinaryObject'],
      ['CII-SR-326', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:UnitQuantity'],
      ['CII-SR-327', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:LatestOccurrenceDateTime'],
      ['CII-SR-328', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:EarliestOccurrenceDateTime'],
      ['CII-SR-329', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceSpecifiedPeriod'],
      ['CII-SR-330', W, 'absent', 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceLogisticsLocation'],
      ['CII-SR-331', W, 'absent', 'ram:ActualReceiptSupplyChainEvent'],
      ['CII-SR-332', W, 'absent', 'ram:AdditionalReferencedDocument'],
      ['CII-SR-333', W, 'absent', 'ram:DespatchAdviceReferencedDocument/ram:LineID'],
      ['CII-SR-334', W, 'absent', 'ram:DespatchAdviceReferencedDocument/ram:LineID'],
      ['CII-SR-335', W, 'absent', 'ram:DeliveryNoteReferencedDocument'],
      ['CII-SR-336', W, 'absent', 'ram:ConsumptionReportReferencedDocument'],
      ['CII-SR-337', W, 'absent', 'ram:PreviousDeliverySupplyChainEvent'],
      ['CII-SR-338', W, 'absent', 'ram:PackingListReferencedDocument'],
    ],
  ],
  [
    C.headerSettlement,
    [
      ['CII-SR-339', W, 'absent', 'ram:DuePayableAmount'],
      ['CII-SR-340', W, 'absent', 'ram:CreditorReferenceTypeCode'],
      ['CII-SR-341', W, 'absent', 'ram:CreditorReferenceType'],
      ['CII-SR-342', W, 'absent', 'ram:CreditorReferenceIssuerID'],
      ['CII-SR-344', W, 'absent', 'ram:PaymentCurrencyCode'],
      ['CII-SR-345', W, 'absent', 'ram:InvoiceIssuerReference'],
      ['CII-SR-346', W, 'absent', 'ram:InvoiceDateTime'],
      ['CII-SR-347', W, 'absent', 'ram:NextInvoiceDateTime'],
      ['CII-SR-348', W, 'absent', 'ram:CreditReasonCode'],
      ['CII-SR-349', W, 'absent', 'ram:CreditReason'],
      ['CII-SR-350', W, 'absent', 'ram:InvoicerTradeParty'],
      ['CII-SR-351', W, 'absent', 'ram:InvoiceeTradeParty'],
      ['CII-SR-352', W, 'absent', 'ram:PayeeTradeParty/ram:RoleCode'],
      ['CII-SR-353', W, 'absent', 'ram:PayeeTradeParty/ram:Description'],
      [
        'CII-SR-354',
        W,
        'absent',
        'ram:PayeeTradeParty/ram:SpecifiedLegalOrganization/ram:LegalClassificationCode',
      ],
      ['CII-SR-355', W, 'absent', 'ram:PayeeTradeParty/ram:SpecifiedLegalOrganization/ram:Name'],
      [
        'CII-SR-356',
        W,
        'absent',
        'ram:PayeeTradeParty/ram:SpecifiedLegalOrganization/ram:TradingBusinessName',
      ],
      [
        'CII-SR-357',
        W,
        'absent',
        'ram:PayeeTradeParty/ram:SpecifiedLegalOrganization/ram:PostalTradeAddress',
      ],
      [
        'CII-SR-358',
        W,
        'absent',
        'ram:PayeeTradeParty/ram:SpecifiedLegalOrganization/ram:AuthorizedLegalRegistration',
      ],
      ['CII-SR-359', W, 'absent', 'ram:PayeeTradeParty/ram:DefinedTradeContact'],
      ['CII-SR-360', W, 'absent', 'ram:PayeeTradeParty/ram:PostalTradeAddress'],
      ['CII-SR-361', W, 'absent', 'ram:PayeeTradeParty/ram:URIUniversalCommunication'],
      ['CII-SR-362', W, 'absent', 'ram:PayeeTradeParty/ram:SpecifiedTaxRegistration'],
      ['CII-SR-363', W, 'absent', 'ram:PayeeTradeParty/ram:EndPointURIUniversalCommunication'],
      ['CII-SR-364', W, 'absent', 'ram:PayeeTradeParty/ram:LogoAssociatedSpecifiedBinaryFile'],
      ['CII-SR-365', W, 'absent', 'ram:PayerTradeParty'],
      ['CII-SR-366', W, 'absent', 'ram:TaxApplicableTradeCurrencyExchange'],
      ['CII-SR-367', W, 'absent', 'ram:InvoiceApplicableTradeCurrencyExchange'],
      ['CII-SR-368', W, 'absent', 'ram:PaymentApplicableTradeCurrencyExchange'],
      ['CII-SR-369', W, 'absent', 'ram:SpecifiedTradeSettlementPaymentMeans/ram:PaymentChannelCode'],
      ['CII-SR-370', W, 'absent', 'ram:SpecifiedTradeSettlementPaymentMeans/ram:GuaranteeMethodCode'],
      ['CII-SR-371', W, 'absent', 'ram:SpecifiedTradeSettlementPaymentMeans/ram:PaymentMethodCode'],
      ['CII-SR-443', W, 'absent', 'ram:SpecifiedTradeSettlementPaymentMeans/ram:ID'],
      [
        'CII-SR-372',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:MicrochipIndicator',
      ],
      [
        'CII-SR-373',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:TypeCode',
      ],
      [
        'CII-SR-375',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:ExpiryDate',
      ],
      [
        'CII-SR-376',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:VerificationNumeric',
      ],
      [
        'CII-SR-377',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:ValidFromDateTime',
      ],
      [
        'CII-SR-378',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:CreditLimitAmount',
      ],
      [
        'CII-SR-379',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:CreditAvailableAmount',
      ],
      [
        'CII-SR-380',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:InterestRatePercent',
      ],
      [
        'CII-SR-381',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:Description',
      ],
      [
        'CII-SR-382',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:AccountName',
      ],
      [
        'CII-SR-444',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:ProprietaryID',
      ],
      [
        'CII-SR-384',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerSpecifiedDebtorFinancialInstitution/ram:ClearingSystemName',
      ],
      [
        'CII-SR-385',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerSpecifiedDebtorFinancialInstitution/ram:Name',
      ],
      [
        'CII-SR-386',
        W,
        'absent',
        'ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerSpecifiedDebtorFinancialInstitution/ram:LocationFinancialInstitutionAddress',
      ],
      ['CII-SR-388', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:ID'],
      ['CII-SR-389', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:SequenceNumeric'],
      ['CII-SR-390', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:BasisQuantity'],
      ['CII-SR-391', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:PrepaidIndicator'],
      ['CII-SR-392', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:UnitBasisAmount'],
      ['CII-SR-393', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:TypeCode'],
      ['CII-SR-394', W, 'absent', 'ram:SpecifiedTradeAllowanceCharge/ram:ActualTradeCurrencyExchange'],
      ['CII-SR-395', W, 'absent', 'ram:SubtotalCalculatedTradeTax'],
      ['CII-SR-396', W, 'absent', 'ram:SpecifiedLogisticsServiceCharge'],
      ['CII-SR-397', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:ID'],
      ['CII-SR-398', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:FromEventCode'],
      ['CII-SR-399', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:SettlementPeriodMeasure'],
      ['CII-SR-400', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTime'],
      ['CII-SR-401', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:TypeCode'],
      ['CII-SR-402', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:InstructionTypeCode'],
      ['CII-SR-404', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:PartialPaymentPercent'],
      ['CII-SR-405', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:PaymentMeansID'],
      ['CII-SR-406', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:PartialPaymentAmount'],
      ['CII-SR-407', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:ApplicableTradePaymentPenaltyTerms'],
      ['CII-SR-408', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:ApplicableTradePaymentDiscountTerms'],
      ['CII-SR-409', W, 'absent', 'ram:SpecifiedTradePaymentTerms/ram:PayeeTradeParty'],
      ['CII-SR-421', W, 'absent', 'ram:SpecifiedFinancialAdjustment'],
      ['CII-SR-422', W, 'absent', 'ram:InvoiceReferencedDocument/ram:LineID'],
      ['CII-SR-423', W, 'absent', 'ram:ProFormaInvoiceReferencedDocument'],
      ['CII-SR-424', W, 'absent', 'ram:LetterOfCreditReferencedDocument'],
      ['CII-SR-425', W, 'absent', 'ram:FactoringAgreementReferencedDocument'],
      ['CII-SR-426', W, 'absent', 'ram:FactoringListReferencedDocument'],
      ['CII-SR-427', W, 'absent', 'ram:PayableSpecifiedTradeAccountingAccount'],
      ['CII-SR-428', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:SetTriggerCode'],
      ['CII-SR-429', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:TypeCode'],
      ['CII-SR-430', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:AmountTypeCode'],
      ['CII-SR-431', W, 'absent', 'ram:ReceivableSpecifiedTradeAccountingAccount/ram:Name'],
      [
        'CII-SR-432',
        W,
        'absent',
        'ram:ReceivableSpecifiedTradeAccountingAccount/ram:CostReferenceDimensionPattern',
      ],
      ['CII-SR-433', W, 'absent', 'ram:PurchaseSpecifiedTradeAccountingAccount'],
      ['CII-SR-434', W, 'absent', 'ram:SalesSpecifiedTradeAccountingAccount'],
      ['CII-SR-435', W, 'absent', 'ram:SpecifiedTradeSettlementFinancialCard'],
      ['CII-SR-436', W, 'absent', 'ram:SpecifiedAdvancePayment'],
      ['CII-SR-437', W, 'absent', 'ram:UltimatePayeeTradeParty'],
      ['CII-SR-452', W, 'at-most-one', 'ram:SpecifiedTradePaymentTerms'],
      ['CII-SR-453', W, 'at-most-one', 'ram:SpecifiedTradePaymentTerms/ram:Description'],
      ['CII-SR-461', F, 'at-most-one', 'ram:ApplicableTradeTax/ram:TaxPointDate'],
    ],
  ],
  [
    C.monetarySummation,
    [
      ['CII-SR-411', W, 'absent', 'ram:InformationAmount'],
      ['CII-SR-412', W, 'absent', 'ram:TotalDiscountAmount'],
      ['CII-SR-413', W, 'absent', 'ram:TotalAllowanceChargeAmount'],
      ['CII-SR-414', W, 'absent', 'ram:RetailValueExcludingTaxInformationAmount'],
      ['CII-SR-415', W, 'absent', 'ram:TotalDepositFeeInformationAmount'],
      ['CII-SR-416', W, 'absent', 'ram:ProductValueExcludingTobaccoTaxInformationAmount'],
      ['CII-SR-417', W, 'absent', 'ram:TotalRetailValueInformationAmount'],
      ['CII-SR-418', W, 'absent', 'ram:GrossLineTotalAmount'],
      ['CII-SR-419', W, 'absent', 'ram:NetLineTotalAmount'],
      ['CII-SR-420', W, 'absent', 'ram:NetIncludingTaxesLineTotalAmount'],
      ['CII-SR-477', F, 'at-most-one', 'ram:LineTotalAmount'],
      ['CII-SR-478', F, 'at-most-one', 'ram:ChargeTotalAmount'],
      ['CII-SR-479', F, 'at-most-one', 'ram:AllowanceTotalAmount'],
      ['CII-SR-480', F, 'at-most-one', 'ram:TaxBasisTotalAmount'],
      ['CII-SR-481', F, 'at-most-one', 'ram:RoundingAmount'],
      ['CII-SR-482', F, 'at-most-one', 'ram:GrandTotalAmount'],
      ['CII-SR-483', F, 'at-most-one', 'ram:InformationAmount'],
      ['CII-SR-484', F, 'at-most-one', 'ram:TotalPrepaidAmount'],
      ['CII-SR-485', F, 'at-most-one', 'ram:TotalDiscountAmount'],
      ['CII-SR-486', F, 'at-most-one', 'ram:TotalAllowanceChargeAmount'],
      ['CII-SR-487', F, 'at-most-one', 'ram:DuePayableAmount'],
      ['CII-SR-488', F, 'at-most-one', 'ram:RetailValueExcludingTaxInformationAmount'],
      ['CII-SR-489', F, 'at-most-one', 'ram:TotalDepositFeeInformationAmount'],
      ['CII-SR-490', F, 'at-most-one', 'ram:ProductValueExcludingTobaccoTaxInformationAmount'],
      ['CII-SR-491', F, 'at-most-one', 'ram:TotalRetailValueInformationAmount'],
      ['CII-SR-492', F, 'at-most-one', 'ram:GrossLineTotalAmount'],
      ['CII-SR-493', F, 'at-most-one', 'ram:NetLineTotalAmount'],
      ['CII-SR-494', F, 'at-most-one', 'ram:NetIncludingTaxesLineTotalAmount'],
    ],
  ],
  [
    C.invoice,
    [
      ['CII-DT-013', F, 'absent', '@languageID'],
      ['CII-DT-014', F, 'absent', '@languageLocaleID'],
      ['CII-SR-438', W, 'absent', 'ram:ValuationBreakdownStatement'],
    ],
  ],
  [
    C.contextParameter,
    [
      ['CII-SR-04', W, 'absent', 'ram:Value'],
      ['CII-SR-05', W, 'absent', 'ram:SpecifiedDocumentVersion'],
    ],
  ],
  [
    C.documentIds,
    [
      ['CII-DT-001', F, 'absent', '@schemeName'],
      ['CII-DT-002', F, 'absent', '@schemeAgencyName'],
      ['CII-DT-003', F, 'absent', '@schemeDataURI'],
      ['CII-DT-004', F, 'absent', '@schemeURI'],
      ['CII-DT-005', F, 'absent', '@schemeID'],
      ['CII-DT-006', F, 'absent', '@schemeAgencyID'],
      ['CII-DT-007', F, 'absent', '@schemeVersionID'],
    ],
  ],
  [
    C.anyId,
    [
      ['CII-DT-101', F, 'absent', '@schemeName'],
      ['CII-DT-102', F, 'absent', '@schemeAgencyName'],
      ['CII-DT-103', F, 'absent', '@schemeDataURI'],
      ['CII-DT-104', F, 'absent', '@schemeURI'],
    ],
  ],
  [
    C.anyTypeCode,
    [
      ['CII-DT-008', F, 'absent', '@name'],
      ['CII-DT-009', F, 'absent', '@listURI'],
    ],
  ],
  [
    C.documentTypeCode,
    [
      ['CII-DT-010', F, 'absent', '@listID'],
      ['CII-DT-011', F, 'absent', '@listAgencyID'],
      ['CII-DT-012', F, 'absent', '@listVersionID'],
    ],
  ],
  [
    C.lineVatCategory,
    [
      ['CII-DT-045', W, 'absent', '@listID'],
      ['CII-DT-046', W, 'absent', '@listAgencyID'],
      ['CII-DT-047', W, 'absent', '@listVersionID'],
      ['CII-DT-048', W, 'absent', '@listURI'],
    ],
  ],
  [
    C.anyReferencedDocument,
    [
      ['CII-DT-016', F, 'absent', 'ram:StatusCode'],
      ['CII-DT-017', F, 'absent', 'ram:CopyIndicator'],
      ['CII-DT-019', F, 'absent', 'ram:GlobalID'],
      ['CII-DT-020', F, 'absent', 'ram:RevisionID'],
      ['CII-DT-023', F, 'absent', 'ram:Information'],
      ['CII-DT-025', F, 'absent', 'ram:SectionName'],
      ['CII-DT-026', F, 'absent', 'ram:PreviousRevisionID'],
      ['CII-DT-028', F, 'absent', 'ram:EffectiveSpecifiedPeriod'],
      ['CII-DT-029', F, 'absent', 'ram:IssuerTradeParty'],
      ['CII-DT-030', F, 'absent', 'ram:AttachedSpecifiedBinaryFile'],
    ],
  ],
  [
    C.anyAmount,
    [
      ['CII-DT-031', F, 'absent', '@currencyID'],
      ['CII-DT-032', F, 'absent', '@currencyCodeListVersionID'],
    ],
  ],
  [
    C.anyQuantity,
    [
      ['CII-DT-034', F, 'absent', '@unitCodeListID'],
      ['CII-DT-035', F, 'absent', '@unitCodeListAgencyID'],
      ['CII-DT-036', F, 'absent', '@unitCodeListAgencyName'],
    ],
  ],
  [
    C.anyTradeTax,
    [
      ['CII-DT-038', W, 'absent', 'ram:CalculatedRate'],
      ['CII-DT-039', W, 'absent', 'ram:CalculationSequenceNumeric'],
      ['CII-DT-040', W, 'absent', 'ram:BasisQuantity'],
      ['CII-DT-042', W, 'absent', 'ram:UnitBasisAmount'],
      ['CII-DT-043', W, 'absent', 'ram:LineTotalBasisAmount'],
      ['CII-DT-044', W, 'absent', 'ram:AllowanceChargeBasisAmount'],
      ['CII-DT-049', W, 'absent', 'ram:CurrencyCode'],
      ['CII-DT-050', W, 'absent', 'ram:Jurisdiction'],
      ['CII-DT-051', W, 'absent', 'ram:CustomsDutyIndicator'],
      ['CII-DT-053', W, 'absent', 'ram:TaxBasisAllowanceRate'],
      ['CII-DT-055', W, 'absent', 'ram:Type'],
      ['CII-DT-056', W, 'absent', 'ram:InformationAmount'],
      ['CII-DT-057', W, 'absent', 'ram:CategoryName'],
      ['CII-DT-059', W, 'absent', 'ram:RateApplicablePercent/@format'],
      ['CII-DT-060', W, 'absent', 'ram:SpecifiedTradeAccountingAccount'],
      ['CII-DT-061', W, 'absent', 'ram:ServiceSupplyTradeCountry'],
      ['CII-DT-062', W, 'absent', 'ram:BuyerRepayableTaxSpecifiedTradeAccountingAccount'],
      ['CII-DT-063', W, 'absent', 'ram:SellerPayableTaxSpecifiedTradeAccountingAccount'],
      ['CII-DT-064', W, 'absent', 'ram:SellerRefundableTaxSpecifiedTradeAccountingAccount'],
      ['CII-DT-065', W, 'absent', 'ram:BuyerDeductibleTaxSpecifiedTradeAccountingAccount'],
      ['CII-DT-066', W, 'absent', 'ram:BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount'],
      ['CII-DT-067', W, 'absent', 'ram:PlaceApplicableTradeLocation'],
    ],
  ],
  [
    C.billingPeriod,
    [
      ['CII-DT-068', F, 'absent', 'ram:StartDateTime/udt:DateTime'],
      ['CII-DT-069', F, 'absent', 'ram:DurationMeasure'],
      ['CII-DT-070', F, 'absent', 'ram:InclusiveIndicator'],
      ['CII-DT-071', F, 'absent', 'ram:Description'],
      ['CII-DT-072', F, 'absent', 'ram:EndDateTime/udt:DateTime'],
      ['CII-DT-073', F, 'absent', 'ram:CompleteDateTime'],
      ['CII-DT-074', F, 'absent', 'ram:OpenIndicator'],
      ['CII-DT-075', F, 'absent', 'ram:SeasonCode'],
      ['CII-DT-076', F, 'absent', 'ram:ID'],
      ['CII-DT-077', F, 'absent', 'ram:Name'],
      ['CII-DT-078', F, 'absent', 'ram:SequenceNumeric'],
      ['CII-DT-079', F, 'absent', 'ram:StartDateFlexibilityCode'],
      ['CII-DT-080', F, 'absent', 'ram:ContinuousIndicator'],
      ['CII-DT-081', F, 'absent', 'ram:PurposeCode'],
    ],
  ],
  [
    C.postalAddress,
    [
      ['CII-DT-082', F, 'absent', 'ram:ID'],
      ['CII-DT-083', F, 'absent', 'ram:PostOfficeBox'],
      ['CII-DT-084', F, 'absent', 'ram:BuildingName'],
      ['CII-DT-086', F, 'absent', 'ram:LineFour'],
      ['CII-DT-087', F, 'absent', 'ram:LineFive'],
      ['CII-DT-088', F, 'absent', 'ram:StreetName'],
      ['CII-DT-089', F, 'absent', 'ram:CitySubDivisionName'],
      ['CII-DT-090', F, 'absent', 'ram:CountryName'],
      ['CII-DT-091', F, 'absent', 'ram:CountrySubDivisionID'],
      ['CII-DT-092', F, 'absent', 'ram:AttentionOf'],
      ['CII-DT-093', F, 'absent', 'ram:CareOf'],
      ['CII-DT-094', F, 'absent', 'ram:BuildingNumber'],
      ['CII-DT-095', F, 'absent', 'ram:DepartmentName'],
      ['CII-DT-096', F, 'absent', 'ram:AdditionalStreetName'],
    ],
  ],
];

/** A relative path `ram:A/udt:B/@c`: element steps, then optionally an attribute. */
interface ParsedPath {
  readonly steps: readonly Step[];
  readonly attribute?: string;
}

function parsePath(path: string): ParsedPath {
  const parts = path.split('/');
  const last = parts[parts.length - 1]!;
  return last.startsWith('@')
    ? { steps: parts.slice(0, -1).map(step), attribute: last.slice(1) }
    : { steps: parts.map(step) };
}

function count(el: XmlElement, { steps, attribute }: ParsedPath): number {
  return countPath(el, steps, attribute);
}

/** The wildcard contexts, which no one place of the model names. */
const WILDCARD_WORDS: ReadonlyMap<PatternContext, Message> = new Map([
  [C.anyTradeTax, { en: 'a tax', fr: 'une taxe' }],
  [C.anyReferencedDocument, { en: 'a referenced document', fr: 'un document référencé' }],
  [C.contextParameter, { en: 'a document context parameter', fr: 'un paramètre du contexte du document' }],
  [
    C.documentIds,
    {
      en: 'the specification identifier (BT-24), invoice number (BT-1), line identifier (BT-126) or item seller’s identifier (BT-155)',
      fr: 'l’identifiant de spécification (BT-24), le numéro de facture (BT-1), l’identifiant de ligne (BT-126) ou l’identifiant vendeur de l’article (BT-155)',
    },
  ],
  [C.anyId, { en: 'an identifier', fr: 'un identifiant' }],
  [C.anyAmount, { en: 'an amount', fr: 'un montant' }],
  [C.anyQuantity, { en: 'a quantity', fr: 'une quantité' }],
  [C.anyTypeCode, { en: 'a type code', fr: 'un code de type' }],
]);

const contextWords = (context: PatternContext): Message =>
  WILDCARD_WORDS.get(context) ?? placeWords(context.label) ?? { en: 'the invoice', fr: 'la facture' };

/**
 * The data a row is about, in words: the term or breadcrumb of the model at that place, or, for CII
 * elements no Factur-X profile carries, their name spelled out in the words of the context.
 */
function rowWords(path: string, context: PatternContext): Message {
  const full = `${context.label}/${path}`;
  const attribute = /\/@(\w+)$/.exec(full);
  const element = attribute ? full.slice(0, attribute.index) : full;
  const words = attribute ? attributeWords(element, attribute[1]!) : placeWords(full);
  if (words) return words;
  const where = contextWords(context);
  const last = path.split('/').pop()!;
  const named = (attribute && ATTRIBUTE_WORDS[attribute[1]!]) || spelledName(last);
  return attribute
    ? { en: `${named.en} of ${where.en}`, fr: `${named.fr} sur ${where.fr}` }
    : { en: `${named.en} in ${where.en}`, fr: `${named.fr} dans ${where.fr}` };
}

function message(kind: Kind, severity: Severity, path: string, context: PatternContext): Message {
  const what = rowWords(path, context);
  const must = severity === 'fatal';
  switch (kind) {
    case 'absent':
      return {
        en: `EN 16931 does not use “${what.en}”: ${must ? 'remove it' : 'it should be removed'}.`,
        fr: `L'EN 16931 n'utilise pas « ${what.fr} » : ${must ? 'retirez cette donnée' : 'cette donnée devrait être retirée'}.`,
      };
    case 'at-most-one':
      return {
        en: `“${what.en}” ${must ? 'must' : 'should'} be given at most once: remove the extra ones.`,
        fr: `« ${what.fr} » ${must ? 'doit' : 'devrait'} figurer au plus une fois : retirez les doublons.`,
      };
    case 'exactly-one':
      return {
        en: `“${what.en}” must be given exactly once: add it where it is missing, remove the extra ones.`,
        fr: `« ${what.fr} » doit figurer exactement une fois : ajoutez la donnée si elle manque, retirez les doublons.`,
      };
  }
}

const LIMITS: Readonly<Record<Kind, (n: number) => boolean>> = {
  absent: (n) => n === 0,
  'at-most-one': (n) => n <= 1,
  'exactly-one': (n) => n === 1,
};

function assertionOf(
  context: PatternContext,
  [id, severity, kind, path]: Row,
  parsed: ParsedPath,
): PatternAssertion {
  const holds = LIMITS[kind];
  let words: Message | undefined;
  return {
    id,
    severity,
    bt: BT[id] ?? [],
    // Said in the model's words, built on first reading: importing the rules does not build the model.
    get message() {
      return (words ??= message(kind, severity, path, context));
    },
    context,
    test: (el) => holds(count(el, parsed)),
    detail: (el) => {
      const n = count(el, parsed);
      return { en: `found ${n}`, fr: `${n} trouvé(s)` };
    },
  };
}

/** The `not(path)` rows of a context as a tree of steps: one walk finds every forbidden path present. */
interface StepNode {
  /** Assertions broken when this node's element exists. */
  readonly present: PatternAssertion[];
  /** Assertions broken when this node's element carries the attribute. */
  readonly attributes: Map<string, PatternAssertion[]>;
  readonly next: Map<string, { readonly ns: string; readonly node: StepNode }[]>;
}

const stepNode = (): StepNode => ({ present: [], attributes: new Map(), next: new Map() });

function insert(root: StepNode, { steps, attribute }: ParsedPath, assertion: PatternAssertion): void {
  let node = root;
  for (const [ns, local] of steps) {
    const list = node.next.get(local) ?? [];
    let entry = list.find((e) => e.ns === ns);
    if (!entry) {
      entry = { ns, node: stepNode() };
      list.push(entry);
      node.next.set(local, list);
    }
    node = entry.node;
  }
  if (attribute === undefined) node.present.push(assertion);
  else node.attributes.set(attribute, [...(node.attributes.get(attribute) ?? []), assertion]);
}

function collectForbidden(el: XmlElement, node: StepNode, out: PatternAssertion[]): void {
  // The element's few attributes looked up, rather than every forbidden one looked for.
  if (node.attributes.size > 0) {
    for (const a of el.attributes) {
      const assertions = a.ns === null ? node.attributes.get(a.local) : undefined;
      if (assertions) out.push(...assertions);
    }
  }
  if (node.next.size === 0) return;
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const entries = node.next.get(c.local);
    if (!entries) continue;
    for (const entry of entries) {
      if (entry.ns !== c.ns) continue;
      out.push(...entry.node.present);
      collectForbidden(c, entry.node, out);
    }
  }
}

/**
 * The restrictions of one context, checked together: the `not(path)` rows (the bulk) by one walk of the
 * element's children, the count rows one by one.
 */
function batch(context: PatternContext, rows: readonly Row[]): PatternBatch {
  const absent = stepNode();
  const counted: PatternAssertion[] = [];
  const assertions = rows.map((row) => {
    const parsed = parsePath(row[3]);
    const assertion = assertionOf(context, row, parsed);
    if (row[2] === 'absent') insert(absent, parsed, assertion);
    else counted.push(assertion);
    return assertion;
  });
  return {
    context,
    assertions,
    failing(el, input) {
      const out: PatternAssertion[] = [];
      collectForbidden(el, absent, out);
      for (const a of counted) if (!a.test(el, input)) out.push(a);
      // A path present twice would name its assertion twice.
      return out.length > 1 ? [...new Set(out)] : out;
    },
  };
}

export const restrictionBatches: readonly PatternBatch[] = ROWS.map(([context, rows]) =>
  batch(context, rows),
);
