import { createContext, useContext, type ReactNode } from 'react';
import { TERM_NAMES } from '../../../core/model/terms';
import { formatDate, formatDecimal } from '../../../core/pdf/render/format';
import { documentTitle, labelsFor, type Labels } from '../../../core/pdf/render/labels';
import { useI18n } from '../i18n/i18n';
import type { Lang } from '../i18n/messages';
import { codeName, codeText, type CodeList } from '../shared/code-names';
import type { AddressDraft, InvoiceDraft, LineDraft, PartyDraft } from './invoice-draft';
import './document.css';

/** Which term the reader points at (hover or focus), for the page beside to outline where it was read. */
export const TermPointer = createContext<((term: string | undefined) => void) | undefined>(undefined);

type Value = string | number | undefined;

const text = (value: Value): string | undefined =>
  value === undefined || String(value).trim() === '' ? undefined : String(value);

const amount = (value: Value, lang: Lang) =>
  text(value) ? formatDecimal(String(value), lang, 2) : undefined;
const quantity = (value: Value, lang: Lang) => (text(value) ? formatDecimal(String(value), lang) : undefined);
const rate = (value: Value, lang: Lang) =>
  text(value) ? `${formatDecimal(String(value), lang)} %` : undefined;

const termName = (term: string, lang: Lang) => TERM_NAMES[term]?.[lang] ?? term;

/** A value the document gives for a business term; pointing at it outlines where it was read. */
function Term({ term, children }: { readonly term: string; readonly children: ReactNode }) {
  const point = useContext(TermPointer);
  return (
    <span
      className="term-value"
      data-bt={term}
      {...(point ? { onMouseEnter: () => point(term), onMouseLeave: () => point(undefined) } : {})}
    >
      {children}
    </span>
  );
}

/** One labelled fact, left out when the document does not give it. */
function Fact({
  term,
  label,
  value,
}: {
  readonly term: string;
  readonly label?: string;
  readonly value?: string;
}) {
  const { lang } = useI18n();
  if (value === undefined) return null;
  return (
    <div className="fact">
      <dt>{label ?? termName(term, lang)}</dt>
      <dd>
        <Term term={term}>{value}</Term>
      </dd>
    </div>
  );
}

const coded = (list: CodeList, code: Value, lang: Lang) =>
  text(code) ? codeText(list, String(code), lang) : undefined;

function AddressLines({
  address,
  terms,
}: {
  readonly address?: AddressDraft;
  readonly terms: readonly string[];
}) {
  const { lang } = useI18n();
  if (!address) return null;
  const [line1, line2, line3, city, postcode, subdivision, country] = terms as readonly string[];
  const place = [
    text(address.postal_code) && { term: postcode as string, value: address.postal_code as string },
    text(address.city) && { term: city as string, value: address.city as string },
  ].filter((part): part is { term: string; value: string } => Boolean(part));
  return (
    <address>
      {[
        [line1, address.line1],
        [line2, address.line2],
        [line3, address.line3],
      ].map(([term, value]) =>
        text(value) ? (
          <span key={term} className="address-line">
            <Term term={term as string}>{value}</Term>
          </span>
        ) : null,
      )}
      {place.length > 0 && (
        <span className="address-line">
          {place.map((part, index) => (
            <Term key={part.term} term={part.term}>
              {index > 0 ? ' ' : ''}
              {part.value}
            </Term>
          ))}
        </span>
      )}
      {text(address.country_subdivision) && (
        <span className="address-line">
          <Term term={subdivision as string}>{address.country_subdivision}</Term>
        </span>
      )}
      {text(address.country_code) && (
        <span className="address-line">
          <Term term={country as string}>
            {codeName('country', address.country_code, lang) ?? address.country_code}
          </Term>
        </span>
      )}
    </address>
  );
}

interface PartyTerms {
  readonly group: string;
  readonly name: string;
  readonly tradingName: string;
  readonly identifier: string;
  readonly legal: string;
  readonly vat: string;
  readonly electronicAddress: string;
  readonly address: readonly string[];
  readonly contact: readonly [string, string, string];
}

const sellerTerms: PartyTerms = {
  group: 'BG-4',
  name: 'BT-27',
  tradingName: 'BT-28',
  identifier: 'BT-29',
  legal: 'BT-30',
  vat: 'BT-31',
  electronicAddress: 'BT-34',
  address: ['BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40'],
  contact: ['BT-41', 'BT-42', 'BT-43'],
};

const buyerTerms: PartyTerms = {
  group: 'BG-7',
  name: 'BT-44',
  tradingName: 'BT-45',
  identifier: 'BT-46',
  legal: 'BT-47',
  vat: 'BT-48',
  electronicAddress: 'BT-49',
  address: ['BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55'],
  contact: ['BT-56', 'BT-57', 'BT-58'],
};

/** SIREN and SIRET are named as French readers know them; other schemes by their list name. */
function identifierLabel(scheme: Value, fallback: string, l: Labels, lang: Lang): string {
  if (scheme === '0002') return l.siren;
  if (scheme === '0009') return l.siret;
  const name = codeName('identifierScheme', text(scheme), lang);
  return name ? `${fallback} (${name})` : fallback;
}

function PartyBlock({
  title,
  party,
  terms,
}: {
  readonly title: string;
  readonly party?: PartyDraft;
  readonly terms: PartyTerms;
}) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  if (!party) return null;
  const contact = party.contact;
  return (
    <section className="party" data-testid={`party-${terms.group}`} aria-label={title}>
      <h4>{title}</h4>
      {text(party.name) && (
        <p className="party-name">
          <Term term={terms.name}>{party.name}</Term>
        </p>
      )}
      {text(party.trading_name) && (
        <p>
          <Term term={terms.tradingName}>{party.trading_name}</Term>
        </p>
      )}
      {text(party.additional_legal_info) && (
        <p className="party-legal">
          <Term term="BT-33">{party.additional_legal_info}</Term>
        </p>
      )}
      <AddressLines address={party.address} terms={terms.address} />
      <dl className="facts compact">
        <Fact
          term={terms.legal}
          label={identifierLabel(party.legal_registration?.scheme, l.legalId, l, lang)}
          value={text(party.legal_registration?.value)}
        />
        {(party.identifiers ?? []).map((id, index) => (
          <Fact
            key={`${id.value}-${index}`}
            term={terms.identifier}
            label={identifierLabel(id.scheme, l.identifier, l, lang)}
            value={text(id.value)}
          />
        ))}
        <Fact term={terms.vat} label={l.vatId} value={text(party.vat_id)} />
        <Fact term="BT-32" label={l.taxId} value={text(party.tax_registration_id)} />
        <Fact
          term={terms.electronicAddress}
          label={l.electronicAddress}
          value={
            text(party.electronic_address?.value) &&
            `${party.electronic_address?.value}${
              party.electronic_address?.scheme
                ? ` (${codeName('addressScheme', party.electronic_address.scheme, lang) ?? party.electronic_address.scheme})`
                : ''
            }`
          }
        />
        <Fact term={terms.contact[0]} value={text(contact?.name)} />
        <Fact term={terms.contact[1]} value={text(contact?.phone)} />
        <Fact term={terms.contact[2]} value={text(contact?.email)} />
      </dl>
    </section>
  );
}

function Lines({ lines, currency }: { readonly lines: readonly LineDraft[]; readonly currency?: string }) {
  const { lang, t } = useI18n();
  const l = labelsFor(lang);
  if (lines.length === 0) return <p className="empty-note">{t('document.noLines')}</p>;
  return (
    <div className="table-scroll">
      <table className="lines" data-testid="invoice-lines">
        <caption className="visually-hidden">{t('document.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{l.lineId}</th>
            <th scope="col">{l.description}</th>
            <th scope="col" className="num">
              {l.quantity}
            </th>
            <th scope="col">{l.unit}</th>
            <th scope="col" className="num">
              {l.unitPrice}
            </th>
            <th scope="col">{t('document.vat')}</th>
            <th scope="col" className="num">
              {l.lineTotal}
              {currency ? ` (${currency})` : ''}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const at = (term: string) => `BG-25[${index + 1}]/${term}`;
            const extras = [
              ...(line.allowances ?? []).map((a) => ({ kind: l.allowance, ...a })),
              ...(line.charges ?? []).map((c) => ({ kind: l.charge, ...c })),
            ];
            return (
              <tr key={`${line.id}-${index}`} data-testid="invoice-line">
                <td>
                  <Term term={at('BT-126')}>{line.id}</Term>
                </td>
                <td>
                  <Term term={at('BT-153')}>{line.item?.name}</Term>
                  {text(line.item?.description) && (
                    <span className="line-detail">
                      <Term term={at('BT-154')}>{line.item?.description}</Term>
                    </span>
                  )}
                  {text(line.item?.seller_id) && (
                    <span className="line-detail">
                      {termName('BT-155', lang)}: <Term term={at('BT-155')}>{line.item?.seller_id}</Term>
                    </span>
                  )}
                  {(line.period?.start_date || line.period?.end_date) && (
                    <span className="line-detail">
                      {formatDate(line.period?.start_date, lang)} – {formatDate(line.period?.end_date, lang)}
                    </span>
                  )}
                  {text(line.note) && (
                    <span className="line-detail">
                      <Term term={at('BT-127')}>{line.note}</Term>
                    </span>
                  )}
                  {extras.map((extra, n) => (
                    <span key={n} className="line-detail">
                      {extra.kind}
                      {text(extra.reason) ? ` – ${extra.reason}` : ''}: {amount(extra.amount, lang)}
                    </span>
                  ))}
                </td>
                <td className="num">
                  <Term term={at('BT-129')}>{quantity(line.quantity, lang)}</Term>
                </td>
                <td>
                  <Term term={at('BT-130')}>{codeName('unit', line.unit_code, lang) ?? line.unit_code}</Term>
                </td>
                <td className="num">
                  <Term term={at('BT-146')}>{amount(line.net_price, lang)}</Term>
                  {text(line.price_base_quantity) && line.price_base_quantity !== '1' && (
                    <span className="line-detail">/ {quantity(line.price_base_quantity, lang)}</span>
                  )}
                </td>
                <td>
                  <Term term={at('BT-151')}>
                    {codeName('vatCategory', line.vat_category_code, lang) ?? line.vat_category_code}
                  </Term>
                  {text(line.vat_rate) && <span className="line-detail">{rate(line.vat_rate, lang)}</span>}
                </td>
                <td className="num">
                  <Term term={at('BT-131')}>{amount(line.net_amount, lang)}</Term>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DocumentAllowances({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  const rows = [
    ...(invoice.allowances ?? []).map((a) => ({ kind: l.allowance, list: 'allowanceReason' as const, ...a })),
    ...(invoice.charges ?? []).map((c) => ({ kind: l.charge, list: 'chargeReason' as const, ...c })),
  ];
  if (rows.length === 0) return null;
  return (
    <section className="invoice-section" data-testid="invoice-allowances">
      <h4>{l.allowanceCharge}</h4>
      <div className="table-scroll">
        <table className="lines">
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.kind}</th>
                <td>
                  {[text(row.reason), coded(row.list, row.reason_code, lang)].filter(Boolean).join(' · ')}
                </td>
                <td className="num">{row.percentage !== undefined ? rate(row.percentage, lang) : ''}</td>
                <td>
                  {codeName('vatCategory', row.vat_category_code, lang) ?? row.vat_category_code}
                  {text(row.vat_rate) ? ` ${rate(row.vat_rate, lang)}` : ''}
                </td>
                <td className="num">{amount(row.amount, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function VatBreakdown({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  const rows = invoice.vat_breakdown ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="invoice-section" data-testid="invoice-vat">
      <h4>{l.vatBreakdown}</h4>
      <div className="table-scroll">
        <table className="lines">
          <thead>
            <tr>
              <th scope="col">{l.category}</th>
              <th scope="col" className="num">
                {l.rate}
              </th>
              <th scope="col" className="num">
                {l.base}
              </th>
              <th scope="col" className="num">
                {l.vatAmount}
              </th>
              <th scope="col">{l.exemption}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const at = (term: string) => `BG-23[${index + 1}]/${term}`;
              return (
                <tr key={index} data-testid="vat-row">
                  <td>
                    <Term term={at('BT-118')}>{coded('vatCategory', row.category_code, lang)}</Term>
                  </td>
                  <td className="num">
                    <Term term={at('BT-119')}>{rate(row.rate, lang)}</Term>
                  </td>
                  <td className="num">
                    <Term term={at('BT-116')}>{amount(row.taxable_amount, lang)}</Term>
                  </td>
                  <td className="num">
                    <Term term={at('BT-117')}>{amount(row.tax_amount, lang)}</Term>
                  </td>
                  <td>
                    {[text(row.exemption_reason), coded('vatex', row.exemption_reason_code, lang)]
                      .filter(Boolean)
                      .join(' · ')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Totals({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  const totals = invoice.totals;
  if (!totals) return null;
  const money = (value: Value) => {
    const shown = amount(value, lang);
    return shown && invoice.currency_code ? `${shown} ${invoice.currency_code}` : shown;
  };
  return (
    <section className="invoice-section totals" data-testid="invoice-totals">
      <h4>{l.totals}</h4>
      <dl className="facts totals-list">
        <Fact term="BT-106" label={l.lineTotalSum} value={money(totals.line_total)} />
        <Fact term="BT-107" label={l.allowances} value={money(totals.allowance_total)} />
        <Fact term="BT-108" label={l.charges} value={money(totals.charge_total)} />
        <Fact term="BT-109" label={l.taxBasis} value={money(totals.tax_exclusive)} />
        <Fact term="BT-110" label={l.vatTotal} value={money(totals.tax_total)} />
        <Fact term="BT-112" label={l.grandTotal} value={money(totals.tax_inclusive)} />
        <Fact term="BT-113" label={l.prepaid} value={money(totals.prepaid)} />
        <Fact term="BT-114" label={l.rounding} value={money(totals.rounding)} />
        <Fact term="BT-115" label={l.duePayable} value={money(totals.amount_due)} />
      </dl>
    </section>
  );
}

function Payment({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  const payment = invoice.payment;
  if (!payment && !text(invoice.payment_terms) && !text(invoice.due_date)) return null;
  return (
    <section className="invoice-section" data-testid="invoice-payment">
      <h4>{l.payment}</h4>
      <dl className="facts">
        <Fact
          term="BT-9"
          label={l.dueDate}
          value={text(invoice.due_date) && formatDate(invoice.due_date, lang)}
        />
        <Fact term="BT-20" label={l.paymentTerms} value={text(invoice.payment_terms)} />
        <Fact term="BT-81" value={coded('paymentMeans', payment?.means_code, lang)} />
        <Fact term="BT-82" value={text(payment?.means_text)} />
        <Fact term="BT-83" label={l.paymentReference} value={text(payment?.remittance_information)} />
        {(payment?.credit_transfers ?? []).map((transfer, index) => (
          <div key={index} className="fact-group">
            <Fact term="BT-84" label={l.iban} value={text(transfer.account_id)} />
            <Fact term="BT-85" label={l.accountName} value={text(transfer.account_name)} />
            <Fact term="BT-86" label={l.bic} value={text(transfer.service_provider_id)} />
          </div>
        ))}
        <Fact term="BT-87" value={text(payment?.card?.account_number)} />
        <Fact term="BT-88" value={text(payment?.card?.holder_name)} />
        <Fact term="BT-89" label={l.mandate} value={text(payment?.direct_debit?.mandate_reference)} />
        <Fact term="BT-90" value={text(payment?.direct_debit?.creditor_id)} />
        <Fact term="BT-91" value={text(payment?.direct_debit?.debited_account)} />
      </dl>
    </section>
  );
}

function References({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang, t } = useI18n();
  const l = labelsFor(lang);
  const refs: [string, string | undefined][] = [
    ['BT-11', text(invoice.project_reference)],
    ['BT-12', text(invoice.contract_reference)],
    ['BT-13', text(invoice.purchase_order_reference)],
    ['BT-14', text(invoice.sales_order_reference)],
    ['BT-15', text(invoice.receiving_advice_reference)],
    ['BT-16', text(invoice.despatch_advice_reference)],
    ['BT-17', text(invoice.tender_reference)],
    ['BT-18', text(invoice.invoiced_object_identifier?.value)],
    ['BT-19', text(invoice.buyer_accounting_reference)],
  ];
  const preceding = invoice.preceding_invoices ?? [];
  if (refs.every(([, value]) => value === undefined) && preceding.length === 0) return null;
  return (
    <section className="invoice-section" data-testid="invoice-references">
      <h4>{t('document.references')}</h4>
      <dl className="facts">
        {refs.map(([term, value]) => (
          <Fact key={term} term={term} value={value} />
        ))}
        {preceding.map((entry, index) => (
          <Fact
            key={`${entry.reference}-${index}`}
            term="BT-25"
            label={l.precedingInvoice}
            value={
              text(entry.reference) &&
              `${entry.reference}${entry.issue_date ? ` (${formatDate(entry.issue_date, lang)})` : ''}`
            }
          />
        ))}
      </dl>
    </section>
  );
}

function Notes({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang } = useI18n();
  const l = labelsFor(lang);
  const notes = (invoice.notes ?? []).filter((note) => text(note.content));
  if (notes.length === 0) return null;
  return (
    <section className="invoice-section" data-testid="invoice-notes">
      <h4>{l.notes}</h4>
      <ul className="notes">
        {notes.map((note, index) => (
          <li key={index}>
            {note.subject_code && (
              <span className="note-subject">{codeText('noteSubject', note.subject_code, lang)}</span>
            )}
            <Term term="BT-22">{note.content}</Term>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Attachments({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { t } = useI18n();
  const attachments = invoice.attachments ?? [];
  if (attachments.length === 0) return null;
  return (
    <section className="invoice-section" data-testid="invoice-attachments">
      <h4>{t('document.attachments')}</h4>
      <ul className="notes">
        {attachments.map((attachment, index) => (
          <li key={index}>
            <Term term="BT-122">{attachment.id}</Term>
            {[attachment.description, attachment.content?.filename, attachment.url]
              .filter((part) => text(part))
              .map((part) => ` · ${part}`)
              .join('')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * An invoice as an accountant reads it, for any invoice the backend hands over as `invoice_data` (read
 * from a Factur-X PDF, an XML of any profile, or a PDF's text): parties with their identifiers and
 * addresses, references, lines, allowances and charges, VAT breakdown, totals, payment and notes, every
 * code in words. Each value carries its business term, so that pointing at it can show where it was read.
 */
export function InvoiceView({ invoice }: { readonly invoice: InvoiceDraft }) {
  const { lang, t } = useI18n();
  const l = labelsFor(lang);
  const typeName = codeName('invoiceType', invoice.type_code ?? '380', lang);
  const period = invoice.invoicing_period;
  return (
    <article className="invoice" data-testid="invoice-view" lang={lang}>
      <header className="invoice-head">
        <h3>
          <span className="invoice-title">{documentTitle(invoice.type_code, l)}</span>{' '}
          <Term term="BT-1">{invoice.number}</Term>
        </h3>
        {invoice.type_code && invoice.type_code !== '380' && typeName && (
          <p className="invoice-type">{typeName}</p>
        )}
        <dl className="facts">
          <Fact
            term="BT-2"
            label={l.issueDate}
            value={text(invoice.issue_date) && formatDate(invoice.issue_date, lang)}
          />
          <Fact
            term="BT-9"
            label={l.dueDate}
            value={text(invoice.due_date) && formatDate(invoice.due_date, lang)}
          />
          <Fact
            term="BT-7"
            value={text(invoice.tax_point_date) && formatDate(invoice.tax_point_date, lang)}
          />
          <Fact
            term="BT-72"
            label={l.deliveryDate}
            value={text(invoice.delivery?.date) && formatDate(invoice.delivery?.date, lang)}
          />
          <Fact
            term="BG-14"
            label={l.period}
            value={
              period?.start_date || period?.end_date
                ? `${formatDate(period.start_date, lang)} – ${formatDate(period.end_date, lang)}`
                : undefined
            }
          />
          <Fact term="BT-5" label={l.currency} value={coded('currency', invoice.currency_code, lang)} />
          <Fact term="BT-10" label={l.buyerReference} value={text(invoice.buyer_reference)} />
          <Fact term="BT-23" value={text(invoice.business_process)} />
        </dl>
      </header>
      <div className="parties">
        <PartyBlock title={l.seller} party={invoice.seller} terms={sellerTerms} />
        <PartyBlock title={l.buyer} party={invoice.buyer} terms={buyerTerms} />
      </div>
      {(invoice.payee ||
        invoice.tax_representative ||
        invoice.delivery?.party_name ||
        invoice.delivery?.address) && (
        <div className="parties">
          {invoice.payee && (
            <section className="party" data-testid="party-BG-10">
              <h4>{termName('BG-10', lang)}</h4>
              <p className="party-name">
                <Term term="BT-59">{invoice.payee.name}</Term>
              </p>
              <dl className="facts compact">
                <Fact term="BT-60" value={text(invoice.payee.identifier?.value)} />
                <Fact term="BT-61" value={text(invoice.payee.legal_registration?.value)} />
              </dl>
            </section>
          )}
          {invoice.tax_representative && (
            <section className="party" data-testid="party-BG-11">
              <h4>{termName('BG-11', lang)}</h4>
              <p className="party-name">
                <Term term="BT-62">{invoice.tax_representative.name}</Term>
              </p>
              <AddressLines
                address={invoice.tax_representative.address}
                terms={['BT-64', 'BT-65', 'BT-164', 'BT-66', 'BT-67', 'BT-68', 'BT-69']}
              />
              <dl className="facts compact">
                <Fact term="BT-63" label={l.vatId} value={text(invoice.tax_representative.vat_id)} />
              </dl>
            </section>
          )}
          {(invoice.delivery?.party_name || invoice.delivery?.address) && (
            <section className="party" data-testid="party-BG-13">
              <h4>{termName('BG-13', lang)}</h4>
              {text(invoice.delivery.party_name) && (
                <p className="party-name">
                  <Term term="BT-70">{invoice.delivery.party_name}</Term>
                </p>
              )}
              <AddressLines
                address={invoice.delivery.address}
                terms={['BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']}
              />
            </section>
          )}
        </div>
      )}
      <References invoice={invoice} />
      <section className="invoice-section">
        <h4>{t('document.lines')}</h4>
        <Lines
          lines={invoice.lines ?? []}
          {...(invoice.currency_code ? { currency: invoice.currency_code } : {})}
        />
      </section>
      <DocumentAllowances invoice={invoice} />
      <VatBreakdown invoice={invoice} />
      <Totals invoice={invoice} />
      <Payment invoice={invoice} />
      <Notes invoice={invoice} />
      <Attachments invoice={invoice} />
    </article>
  );
}
