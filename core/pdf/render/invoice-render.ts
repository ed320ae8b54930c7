/**
 * The visual carrier of an invoice: the invoice model (core/model) drawn as a readable A4 PDF with the
 * mentions a French or European invoice must show: parties with SIREN/SIRET and VAT identifiers,
 * addresses, number and dates, lines, VAT breakdown, totals, payment terms and account, notes. Long line
 * lists continue on further pages. Fonts are embedded subsets of DejaVu Sans (assets/fonts).
 */
import type { Address, Amount, Invoice, InvoiceLine, Party } from '../../model/invoice';
import type { Lang } from '../../service/types';
import { type PdfError, pdfError } from '../errors';
import { packagingText } from '../packaging-messages';
import { formatAmount, formatDate, formatDecimal } from './format';
import { type Labels, documentTitle, labelsFor } from './labels';
import { Layout } from './layout';

export type RenderResult =
  { readonly ok: true; readonly pdf: Uint8Array } | { readonly ok: false; readonly error: PdfError };

/** UN/ECE Rec 20 units people read without a code list. */
const UNITS: Readonly<Record<string, [fr: string, en: string]>> = {
  C62: ['unité', 'unit'],
  H87: ['pièce', 'piece'],
  HUR: ['h', 'h'],
  DAY: ['jour', 'day'],
  MON: ['mois', 'month'],
  KGM: ['kg', 'kg'],
  MTR: ['m', 'm'],
  MTK: ['m²', 'm²'],
  LTR: ['l', 'l'],
  KMT: ['km', 'km'],
  SET: ['lot', 'set'],
  LS: ['forfait', 'lump sum'],
};

export async function renderInvoice(invoice: Invoice, lang: Lang): Promise<RenderResult> {
  const layout = await Layout.create();
  if (!layout)
    return {
      ok: false,
      error: pdfError('requested_output_unavailable', packagingText('missing_fonts')),
    };
  const l = labelsFor(lang);
  const title = `${documentTitle(invoice.typeCode, l)} ${invoice.number ?? ''}`.trim();
  layout.doc.setTitle(title);
  if (invoice.seller?.name) layout.doc.setAuthor(invoice.seller.name);
  layout.doc.setCreator('Factur-X Desk');
  layout.doc.setProducer('Factur-X Desk');
  layout.doc.setLanguage(lang === 'fr' ? 'fr-FR' : 'en');

  header(layout, invoice, l, lang, title);
  parties(layout, invoice, l);
  references(layout, invoice, l, lang);
  lines(layout, invoice.lines ?? [], l, lang);
  documentAllowances(layout, invoice, l, lang);
  vatBreakdown(layout, invoice, l, lang);
  totals(layout, invoice, l, lang);
  payment(layout, invoice, l, lang);
  notes(layout, invoice, l);
  return { ok: true, pdf: await layout.finish((n, of) => `${title} · ${l.page(n, of)}`) };
}

function header(layout: Layout, inv: Invoice, l: Labels, lang: Lang, title: string): void {
  layout.draw(title, layout.left, layout.y - 18, { size: 18, bold: true });
  const facts: [string, string][] = [
    [l.issueDate, formatDate(inv.issueDate, lang)],
    [l.dueDate, formatDate(inv.paymentTerms?.find((t) => t.dueDate)?.dueDate, lang)],
    [l.deliveryDate, formatDate(inv.deliveryDate, lang)],
    [
      l.period,
      inv.invoicingPeriod?.start || inv.invoicingPeriod?.end
        ? `${formatDate(inv.invoicingPeriod.start, lang)} – ${formatDate(inv.invoicingPeriod.end, lang)}`
        : '',
    ],
    [l.currency, inv.currency ?? ''],
  ];
  let y = layout.y - 4;
  for (const [label, value] of facts.filter(([, v]) => v)) {
    y -= 12;
    layout.draw(
      `${label} :`.replace(' :', lang === 'fr' ? ' :' : ':'),
      layout.right - 120,
      y,
      { grey: true },
      'right',
    );
    layout.draw(value, layout.right, y, { bold: true }, 'right');
  }
  layout.y = Math.min(layout.y - 30, y - 10);
}

function partyLines(p: Party | undefined, l: Labels): string[] {
  if (!p) return [];
  const out: string[] = [];
  if (p.legalOrganization?.tradingName) out.push(p.legalOrganization.tradingName);
  /** BT-33: legal form, share capital, registry (mandatory mentions in France). */
  if (p.description) out.push(p.description);
  out.push(...addressLines(p.address));
  const idLabel = (scheme: string | undefined, fallback: string): string =>
    scheme === '0002' ? l.siren : scheme === '0009' ? l.siret : fallback;
  const legal = p.legalOrganization?.id;
  if (legal?.value) out.push(`${idLabel(legal.scheme, l.legalId)}${l.colon}${legal.value}`);
  /** BT-29 / BT-46: seller and buyer identifiers, a SIRET among them in France. */
  for (const id of [...(p.ids ?? []), ...(p.globalIds ?? [])]) {
    if (id.value && id.value !== legal?.value)
      out.push(`${idLabel(id.scheme, l.identifier)}${l.colon}${id.value}`);
  }
  for (const reg of p.taxRegistrations ?? []) {
    if (!reg.id?.value) continue;
    out.push(`${reg.id.scheme === 'FC' ? l.taxId : l.vatId}${l.colon}${reg.id.value}`);
  }
  if (p.electronicAddress?.value) out.push(`${l.electronicAddress}${l.colon}${p.electronicAddress.value}`);
  for (const c of p.contacts ?? []) {
    const bits = [c.personName, c.phone, c.email].filter(Boolean);
    if (bits.length) out.push(bits.join(' · '));
  }
  return out;
}

function addressLines(a: Address | undefined): string[] {
  if (!a) return [];
  const city = [a.postcode, a.city].filter(Boolean).join(' ');
  return [a.line1, a.line2, a.line3, city, a.subdivision, a.country].filter((x): x is string => !!x);
}

function parties(layout: Layout, inv: Invoice, l: Labels): void {
  const colWidth = layout.width / 2 - 12;
  const columns: [string, Party | undefined, number][] = [
    [l.seller, inv.seller, layout.left],
    [l.buyer, inv.buyer, layout.left + layout.width / 2 + 12],
  ];
  const top = layout.y;
  let lowest = top;
  for (const [label, party, x] of columns) {
    let y = top;
    layout.draw(label.toUpperCase(), x, y - 9, { size: 7.5, bold: true, grey: true });
    y -= 13;
    y -= layout.block(layout.wrap(party?.name ?? '', colWidth, { size: 10.5, bold: true }), x, y, {
      size: 10.5,
      bold: true,
    });
    const body = partyLines(party, l).flatMap((s) => layout.wrap(s, colWidth, {}));
    y -= layout.block(body, x, y);
    lowest = Math.min(lowest, y);
  }
  layout.y = lowest - 12;
  layout.rule();
  layout.gap(8);
}

function references(layout: Layout, inv: Invoice, l: Labels, lang: Lang): void {
  const refs: string[] = [];
  if (inv.buyerReference) refs.push(`${l.buyerReference}${l.colon}${inv.buyerReference}`);
  if (inv.buyerOrder?.id) refs.push(`${l.orderReference}${l.colon}${inv.buyerOrder.id}`);
  if (inv.contract?.id) refs.push(`${l.contract}${l.colon}${inv.contract.id}`);
  for (const p of inv.precedingInvoices ?? []) {
    if (p.id)
      refs.push(
        `${l.precedingInvoice}${l.colon}${p.id}${p.issueDate ? ` (${formatDate(p.issueDate, lang)})` : ''}`,
      );
  }
  if (!refs.length) return;
  layout.paragraph(refs.join('   ·   '));
  layout.gap(6);
}

function unitOf(code: string | undefined, lang: Lang): string {
  if (!code) return '';
  const u = UNITS[code];
  return u ? u[lang === 'fr' ? 0 : 1] : code;
}

function lines(layout: Layout, items: readonly InvoiceLine[], l: Labels, lang: Lang): void {
  if (!items.length) return;
  const rows = items.map((line) => {
    const text = [line.product?.name, line.product?.description, ...(line.notes ?? []).map((n) => n.content)]
      .filter(Boolean)
      .join('\n');
    return [
      line.lineId ?? '',
      text,
      formatDecimal(line.billedQuantity?.value, lang),
      unitOf(line.billedQuantity?.unit, lang),
      formatAmount(line.netPrice?.amount, lang),
      formatDecimal(line.taxes?.[0]?.rate, lang),
      formatAmount(line.summation?.lineTotal, lang),
    ];
  });
  layout.table(
    [
      { header: l.lineId, width: 6 },
      { header: l.description, width: 38 },
      { header: l.quantity, width: 9, align: 'right' },
      { header: l.unit, width: 8 },
      { header: l.unitPrice, width: 13, align: 'right' },
      { header: l.vatRate, width: 8, align: 'right' },
      { header: l.lineTotal, width: 14, align: 'right' },
    ],
    rows,
  );
  layout.gap(10);
}

function documentAllowances(layout: Layout, inv: Invoice, l: Labels, lang: Lang): void {
  const list = inv.allowanceCharges ?? [];
  if (!list.length) return;
  layout.ensure(40);
  layout.paragraph(l.allowanceCharge, { bold: true, size: 9.5 });
  layout.table(
    [
      { header: '', width: 14 },
      { header: l.description, width: 46 },
      { header: l.vatRate, width: 12, align: 'right' },
      { header: l.lineTotal, width: 16, align: 'right' },
    ],
    list.map((ac) => [
      ac.isCharge ? l.charge : l.allowance,
      ac.reason ?? ac.reasonCode ?? '',
      formatDecimal(ac.tax?.rate, lang),
      formatAmount(ac.amount, lang),
    ]),
  );
  layout.gap(10);
}

function vatBreakdown(layout: Layout, inv: Invoice, l: Labels, lang: Lang): void {
  const list = inv.vatBreakdown ?? [];
  if (!list.length) return;
  layout.ensure(50);
  layout.paragraph(l.vatBreakdown, { bold: true, size: 9.5 });
  layout.table(
    [
      { header: l.category, width: 10 },
      { header: l.rate, width: 10, align: 'right' },
      { header: l.base, width: 16, align: 'right' },
      { header: l.vatAmount, width: 16, align: 'right' },
      { header: l.exemption, width: 36 },
    ],
    list.map((v) => [
      v.categoryCode ?? '',
      v.rate === undefined ? '' : `${formatDecimal(v.rate, lang)} %`,
      formatAmount(v.basisAmount, lang),
      formatAmount(v.taxAmount, lang),
      [v.exemptionReasonCode, v.exemptionReason].filter(Boolean).join(' – '),
    ]),
  );
  layout.gap(10);
}

function totals(layout: Layout, inv: Invoice, l: Labels, lang: Lang): void {
  const t = inv.totals;
  if (!t) return;
  const cur = inv.currency ? ` ${inv.currency}` : '';
  const vat = t.taxTotals?.find((x) => !x.currency || x.currency === inv.currency);
  const rows: [string, Amount | undefined, boolean][] = [
    [l.lineTotalSum, t.lineTotal, false],
    [l.allowances, t.allowanceTotal, false],
    [l.charges, t.chargeTotal, false],
    [l.taxBasis, t.taxBasisTotal, false],
    [l.vatTotal, vat, false],
    [l.grandTotal, t.grandTotal, true],
    [l.prepaid, t.prepaidAmount, false],
    [l.rounding, t.roundingAmount, false],
    [l.duePayable, t.duePayable, true],
  ];
  const shown = rows.filter(([, v]) => v !== undefined);
  layout.ensure(shown.length * 13 + 10);
  for (const [label, value, strong] of shown) {
    layout.y -= 13;
    layout.draw(label, layout.right - 110, layout.y, { bold: strong, size: strong ? 10 : 9 }, 'right');
    layout.draw(
      `${formatAmount(value, lang)}${cur}`,
      layout.right,
      layout.y,
      { bold: strong, size: strong ? 10 : 9 },
      'right',
    );
  }
  layout.gap(14);
}

function payment(layout: Layout, inv: Invoice, l: Labels, lang: Lang): void {
  const parts: string[] = [];
  for (const t of inv.paymentTerms ?? []) {
    const bits = [
      t.description,
      t.dueDate ? `${l.dueDate}${l.colon}${formatDate(t.dueDate, lang)}` : undefined,
    ];
    if (t.mandateReference) bits.push(`${l.mandate}${l.colon}${t.mandateReference}`);
    const s = bits.filter(Boolean).join(' · ');
    if (s) parts.push(`${l.paymentTerms}${l.colon}${s}`);
  }
  for (const m of inv.paymentMeans ?? []) {
    const acc = m.creditorAccount;
    const bits = [
      m.information,
      acc?.iban ? `${l.iban}${l.colon}${acc.iban}` : acc?.proprietaryId,
      m.creditorBic ? `${l.bic}${l.colon}${m.creditorBic}` : undefined,
      acc?.name ? `${l.accountName}${l.colon}${acc.name}` : undefined,
    ].filter(Boolean);
    if (bits.length) parts.push(bits.join(' · '));
  }
  if (inv.paymentReference) parts.push(`${l.paymentReference}${l.colon}${inv.paymentReference}`);
  if (!parts.length) return;
  layout.ensure(30);
  layout.paragraph(l.payment, { bold: true, size: 9.5 });
  for (const p of parts) layout.paragraph(p);
  layout.gap(8);
}

function notes(layout: Layout, inv: Invoice, l: Labels): void {
  const list = (inv.notes ?? []).map((n) => n.content).filter((c): c is string => !!c);
  if (!list.length) return;
  layout.ensure(30);
  layout.paragraph(l.notes, { bold: true, size: 9.5 });
  for (const n of list) layout.paragraph(n, { size: 8 });
}
