/**
 * The parties whose identifiers and electronic addresses the BR-FR rules check, with the business term
 * the artefact names each rule after (BT-29 for the seller's identifier, EXT-FR-FE-06 for the buyer's
 * agent…) and the words our messages use for them.
 */
export interface Party {
  /** Match pattern of the party element, from `rsm:CrossIndustryInvoice`. */
  readonly context: string;
  /** Business term of the party's identifier (BT-29, BT-46, …), which suffixes BR-FR-09/24/26 and BR-FR-CO-10 ids. */
  readonly idTerm: string;
  /** Business term of its electronic address (BT-34, BT-49, …), which suffixes BR-FR-23/25 ids; none for ship-to. */
  readonly addressTerm?: string;
  /** "the seller" / "du vendeur". */
  readonly name: { readonly en: string; readonly fr: string };
}

const TX = 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
const SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;

export const SELLER: Party = {
  context: `${AGREEMENT}/ram:SellerTradeParty`,
  idTerm: 'BT-29',
  addressTerm: 'BT-34',
  name: { en: 'the seller (BG-4)', fr: 'du vendeur (BG-4)' },
};
export const BUYER: Party = {
  context: `${AGREEMENT}/ram:BuyerTradeParty`,
  idTerm: 'BT-46',
  addressTerm: 'BT-49',
  name: { en: 'the buyer (BG-7)', fr: "de l'acheteur (BG-7)" },
};
const PAYEE: Party = {
  context: `${SETTLEMENT}/ram:PayeeTradeParty`,
  idTerm: 'BT-60',
  addressTerm: 'EXT-FR-FE-29',
  name: { en: 'the payee (BG-10)', fr: 'du bénéficiaire du paiement (BG-10)' },
};
const BUYER_AGENT: Party = {
  context: `${AGREEMENT}/ram:BuyerAgentTradeParty`,
  idTerm: 'EXT-FR-FE-06',
  addressTerm: 'EXT-FR-FE-12',
  name: { en: "the buyer's agent (EXT-FR-FE-BG-01)", fr: "du mandataire de l'acheteur (EXT-FR-FE-BG-01)" },
};
const PAYER: Party = {
  context: `${SETTLEMENT}/ram:PayerTradeParty`,
  idTerm: 'EXT-FR-FE-46',
  addressTerm: 'EXT-FR-FE-52',
  name: { en: 'the payer (EXT-FR-FE-BG-02)', fr: 'du payeur (EXT-FR-FE-BG-02)' },
};
const SALES_AGENT: Party = {
  context: `${AGREEMENT}/ram:SalesAgentTradeParty`,
  idTerm: 'EXT-FR-FE-69',
  addressTerm: 'EXT-FR-FE-75',
  name: { en: "the seller's agent (EXT-FR-FE-BG-03)", fr: 'du mandataire du vendeur (EXT-FR-FE-BG-03)' },
};
const INVOICEE: Party = {
  context: `${SETTLEMENT}/ram:InvoiceeTradeParty`,
  idTerm: 'EXT-FR-FE-92',
  addressTerm: 'EXT-FR-FE-98',
  name: { en: 'the invoicee (EXT-FR-FE-BG-04)', fr: 'du destinataire de la facture (EXT-FR-FE-BG-04)' },
};
const INVOICER: Party = {
  context: `${SETTLEMENT}/ram:InvoicerTradeParty`,
  idTerm: 'EXT-FR-FE-115',
  addressTerm: 'EXT-FR-FE-121',
  name: { en: 'the invoicer (EXT-FR-FE-BG-05)', fr: 'du facturant (EXT-FR-FE-BG-05)' },
};
const SHIP_TO: Party = {
  context: `${TX}/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty`,
  idTerm: 'BT-71',
  name: { en: 'the deliver-to party (BG-13)', fr: 'du destinataire de la livraison (BG-13)' },
};
const LINE_SHIP_TO: Party = {
  context: `${TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:ShipToTradeParty`,
  idTerm: 'EXT-FR-FE-146',
  name: { en: "a line's deliver-to party", fr: "du destinataire de la livraison d'une ligne" },
};

/** In the artefact's order for BR-FR-09 and BR-FR-CO-10. */
export const IDENTIFIED_PARTIES: readonly Party[] = [
  SELLER,
  BUYER,
  PAYEE,
  BUYER_AGENT,
  PAYER,
  SALES_AGENT,
  INVOICEE,
  INVOICER,
  SHIP_TO,
  LINE_SHIP_TO,
];

/** In the artefact's order for BR-FR-23 and BR-FR-25. */
export const ADDRESSED_PARTIES: readonly Party[] = [
  SELLER,
  BUYER,
  BUYER_AGENT,
  PAYEE,
  PAYER,
  SALES_AGENT,
  INVOICEE,
  INVOICER,
];
