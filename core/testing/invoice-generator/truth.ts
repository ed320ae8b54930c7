/**
 * A generated invoice's truth in the corpus truth format (core/testing/reading-score.ts), as the
 * invoice's own EN 16931 XML would carry it: what is printed, with the due date a "within N days"
 * term implies, an item's name and its second row as the XML's name may hold them, and a French
 * party's legal identifier as printed (its SIREN, or its SIRET when only that is).
 */
import type { ReadingTruth } from '../reading-score';
import type { InvoiceContent, Party, Seller } from './content';

function partyTruth(party: Party, siren: string | null, siret: string | null): ReadingTruth['seller'] {
  return {
    name: party.name,
    legalId: siren ? { id: siren, scheme: '0002' } : siret ? { id: siret, scheme: '0009' } : null,
    vatId: party.vatId,
    country: party.country,
  };
}

/**
 * The seller as its XML carries it: a German seller's trade register number (the footer prints it,
 * "Amtsgericht Köln HRB 1234") is its legal registration with no scheme, and its tax number
 * ("Steuer-Nr. 198/949/22082") its tax registration (BT-32, scheme FC). A French seller's "Code APE"
 * is an activity code, no registration.
 */
function sellerTruth(seller: Seller): ReadingTruth['seller'] {
  const truth = partyTruth(seller, seller.printsSiren ? seller.siren : null, seller.siret);
  if (seller.country !== 'DE') return { ...truth, taxId: null };
  return { ...truth, legalId: { id: seller.register, scheme: null }, taxId: seller.taxNumber };
}

const text = (d: { toString(): string } | null): string | null => (d === null ? null : d.toString());

/**
 * The French billing framework the seller's XML gives (BT-23): the category of operation (B goods, S
 * services, M both) and the framework, 4 for a final invoice after a deposit, else 1 (an invoice
 * submitted for payment).
 */
const billingFramework = (content: InvoiceContent): string =>
  `${{ goods: 'B', services: 'S', mixed: 'M' }[content.operation!.category]}${content.totals.prepaid ? '4' : '1'}`;

export function truthOf(content: InvoiceContent): ReadingTruth {
  const { seller, buyer, totals } = content;
  return {
    profile: 'EN16931',
    invoiceNumber: content.number,
    issueDate: content.issueDate,
    typeCode: content.typeCode,
    currency: content.currency,
    dueDate: content.due.kind === 'date' || content.due.kind === 'days' ? content.due.date : null,
    purchaseOrderReference: content.orderReference,
    precedingInvoiceReference: content.referenced?.number ?? null,
    businessProcess: content.operation ? billingFramework(content) : null,
    seller: sellerTruth(seller),
    buyer: partyTruth(buyer, buyer.siren, null),
    iban: content.printsIban ? [seller.iban] : [],
    totals: {
      lineNet: totals.lineNet.toString(),
      allowances: text(totals.allowances),
      charges: text(totals.charges),
      taxExclusive: totals.taxExclusive.toString(),
      vat: totals.vat.toString(),
      taxInclusive: totals.grand.toString(),
      prepaid: text(totals.prepaid),
      due: totals.due.toString(),
    },
    vatBreakdown: content.groups.map((g) => ({
      category: g.category,
      rate: g.rate.toString(),
      base: g.base.toString(),
      amount: g.tax.toString(),
    })),
    lines: content.items.map((item) => ({
      name: item.detail ? `${item.name}\n${item.detail}` : item.name,
      quantity: item.quantity.toString(),
      unitCode: item.unit,
      netPrice: item.netPrice.toString(),
      lineTotal: item.lineTotal.toString(),
      vatCategory: item.category,
      vatRate: item.rate.toString(),
    })),
  };
}
