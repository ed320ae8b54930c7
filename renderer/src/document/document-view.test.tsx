// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOLDEN_EXAMPLES } from '../../../core/invoice-data/examples';
import type { Answer, InvoiceFile } from '../backend/backend';
import { I18nProvider } from '../i18n/i18n';
import { DocumentView } from './document-view';
import type { OpenedPdf, PageBox } from './pdf-renderer';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// pdfjs draws into a canvas jsdom does not have: the pages are drawn by a stand-in of the same interface,
// one point to one pixel at zoom 1, the page 600 points high.
const drawn: { page: number; zoom: number }[] = [];
vi.mock('./pdf-renderer', () => ({
  openPdf: async (): Promise<OpenedPdf> => ({
    pageCount: 2,
    firstPageWidth: 400,
    draw: async (page: number, zoom: number) => {
      drawn.push({ page, zoom });
      return {
        width: 400 * zoom,
        height: 600 * zoom,
        toScreen: (box: PageBox) => ({
          left: box.x * zoom,
          top: box.y * zoom,
          width: box.width * zoom,
          height: box.height * zoom,
        }),
      };
    },
    close: () => undefined,
  }),
}));

const example = (name: string) => {
  const found = GOLDEN_EXAMPLES.find((golden) => golden.name === name);
  if (!found) throw new Error(name);
  return found.invoice_data;
};

const pdfFile: InvoiceFile = {
  filename: 'facture.pdf',
  bytes: new Uint8Array([37, 80, 68, 70]),
  mediaType: 'application/pdf',
};

/** A dry run answer as the contract shapes it: the candidate, its provenance, the candidate XML. */
const readingOf = (candidate: unknown, fieldProvenance: unknown = {}): Answer => ({
  ok: true,
  status: 200,
  body: {
    success: false,
    target: {
      requested: 'en16931',
      executed: 'en16931',
      status: 'verified',
      missing_inputs: [],
      not_run_reason: null,
    },
    result: { xml: btoa('<rsm:CrossIndustryInvoice/>'), xmlSize: 27 },
    validationReadiness: { frCtc: { status: 'not_evaluated' } },
    fieldProvenance,
    candidateInvoiceData: candidate,
  },
});

const show = (reading: Answer | 'pending', file = pdfFile, embeddedXml?: string) =>
  act(async () => {
    render(
      <I18nProvider>
        <DocumentView file={file} reading={reading} {...(embeddedXml ? { embeddedXml } : {})} />
      </I18nProvider>,
    );
  });

beforeEach(() => {
  localStorage.clear();
  drawn.length = 0;
});
afterEach(cleanup);

describe('DocumentView', () => {
  it('draws the PDF pages beside the readable invoice: parties, lines, VAT, totals, payment, notes', async () => {
    await show(readingOf(example('domestic_b2b_fr')));
    expect(screen.getAllByTestId('pdf-page')).toHaveLength(2);
    expect(drawn).toEqual([
      { page: 1, zoom: 1 },
      { page: 2, zoom: 1 },
    ]);
    const invoice = within(screen.getByTestId('invoice-view'));
    expect(invoice.getByRole('heading', { level: 3 }).textContent).toBe('Invoice F-2026-0001');
    const seller = within(invoice.getByTestId('party-BG-4'));
    expect(seller.getByText('Atelier Exemple SAS')).toBeTruthy();
    expect(invoice.getByTestId('party-BG-4').textContent).toContain('France');
    expect(invoice.getByTestId('party-BG-7').textContent).toContain('Client Démonstration SARL');
    const lines = invoice.getAllByTestId('invoice-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toContain('Conseil en organisation');
    expect(lines[0]?.textContent).toContain('hour');
    expect(lines[0]?.textContent).toContain('Standard rate');
    expect(invoice.getByTestId('invoice-payment').textContent).toContain('SEPA credit transfer (58)');
    expect(invoice.getByTestId('invoice-notes').textContent).toContain('Payment information (PMT)');
    expect(invoice.getByText('Euro (EUR)')).toBeTruthy();
  });

  it('resolves codes to words for allowances, charges, several VAT rates and exemptions, in French', async () => {
    localStorage.setItem('facturx.lang', 'fr');
    await show(readingOf(example('multi_rate_allowances_charges')));
    const invoice = within(screen.getByTestId('invoice-view'));
    expect(invoice.getByRole('heading', { level: 3 }).textContent).toBe('Facture F-2026-0042');
    const allowances = invoice.getByTestId('invoice-allowances').textContent;
    expect(allowances).toContain('Remise fidélité · Remise (95)');
    expect(allowances).toContain('Livraison (DL)');
    expect(invoice.getAllByTestId('vat-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('20 %'),
      expect.stringContaining('5,5 %'),
    ]);
    const totals = invoice.getByTestId('invoice-totals').textContent;
    expect(totals).toContain('Total TTC688,23 EUR');
    cleanup();
    await show(readingOf(example('intra_community_reverse_charge')));
    const vat = screen.getByTestId('invoice-vat').textContent;
    expect(vat).toContain('Livraison intracommunautaire exonérée (K)');
    expect(vat).toContain('Livraison intracommunautaire (VATEX-EU-IC)');
    expect(screen.getByTestId('party-BG-7').textContent).toContain('Allemagne');
  });

  it('reads a document-level invoice without lines (BASIC WL) and says so', async () => {
    const { lines: _lines, ...withoutLines } = example('multi_rate_allowances_charges');
    await show(readingOf(withoutLines));
    expect(screen.getByText(/No invoice lines/)).toBeTruthy();
    expect(screen.getByTestId('invoice-totals').textContent).toContain('688.23 EUR');
  });

  it('outlines on the page where a value was read when it is pointed at', async () => {
    await show(
      readingOf(example('domestic_b2b_fr'), {
        'BT-1': {
          source: 'document',
          value: 'F-2026-0001',
          page: 2,
          box: { x: 100, y: 50, width: 80, height: 12 },
        },
      }),
    );
    expect(screen.queryByTestId('pdf-highlight')).toBeNull();
    const number = screen
      .getAllByText('F-2026-0001')
      .find((node) => node.dataset.bt === 'BT-1') as HTMLElement;
    fireEvent.mouseEnter(number);
    const highlight = within(screen.getAllByTestId('pdf-page')[1] as HTMLElement).getByTestId(
      'pdf-highlight',
    );
    expect(highlight.style.left).toBe('97px');
    expect(highlight.style.top).toBe('47px');
    expect(highlight.style.width).toBe('86px');
    fireEvent.mouseLeave(number);
    expect(screen.queryByTestId('pdf-highlight')).toBeNull();
  });

  it('zooms the pages with the keyboard-reachable buttons', async () => {
    await show(readingOf(example('domestic_b2b_fr')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zoom in' })));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('125 %');
    expect(drawn.slice(-2)).toEqual([
      { page: 1, zoom: 1.25 },
      { page: 2, zoom: 1.25 },
    ]);
    expect((screen.getAllByTestId('pdf-page')[0] as HTMLElement).style.width).toBe('500px');
  });

  it('shows the XML in its own tab, reached with the arrow keys, and prints the invoice alone', async () => {
    await show(
      readingOf(example('domestic_b2b_fr')),
      pdfFile,
      btoa('<rsm:CrossIndustryInvoice>embedded</rsm:CrossIndustryInvoice>'),
    );
    const invoiceTab = screen.getByRole('tab', { name: 'Invoice' });
    expect(invoiceTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(invoiceTab, { key: 'ArrowRight' });
    const xmlTab = screen.getByRole('tab', { name: 'XML' });
    expect(xmlTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(xmlTab);
    expect(screen.getByTestId('xml-text').textContent).toContain('embedded');
    expect(screen.getByText('The XML embedded in the PDF')).toBeTruthy();

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print the invoice' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body.classList.contains('printing-invoice')).toBe(true);
    fireEvent(window, new Event('afterprint'));
    expect(document.body.classList.contains('printing-invoice')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('shows an XML file without pages, and its own text in the XML tab', async () => {
    const xml: InvoiceFile = {
      filename: 'facture.xml',
      bytes: new TextEncoder().encode('<x>own</x>'),
      mediaType: 'text/xml',
    };
    await show(readingOf(example('credit_note_fr')), xml);
    expect(screen.queryByTestId('pdf-view')).toBeNull();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('Credit note');
    expect(screen.getByTestId('xml-text').textContent).toBe('<x>own</x>');
  });

  it('says the invoice is being read, or could not be read', async () => {
    await show('pending');
    expect(screen.getAllByText('Reading the invoice…').length).toBeGreaterThan(0);
    cleanup();
    await show({ ok: false, status: 422, error: { error: 'unextractable_pdf', message: 'no' } });
    expect(screen.getByTestId('document-unread')).toBeTruthy();
  });
});
