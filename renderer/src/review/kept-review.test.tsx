// @vitest-environment jsdom
/**
 * A review belongs to its document, not to its card: the reading (an OCR pass takes seconds a page) and
 * the accountant's corrections outlive closing the card, the desktop app's restart, and are what "convert
 * all that are ready" converts; the Factur-X PDF the form makes is the document's conversion, as the
 * batch's are.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toAnswer, type Backend, type FormFields } from '../backend/backend';
import { memoryWorkQueue } from '../testing/memory-work-queue';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';
import { dryRunBody } from '../testing/sample-bodies';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// pdfjs draws into a canvas jsdom does not have: the pages are not what this test is about.
vi.mock('../document/pdf-renderer', () => ({
  openPdf: async () => ({
    pageCount: 1,
    firstPageWidth: 400,
    draw: async () => null,
    close: () => undefined,
  }),
}));

afterEach(cleanup);

const candidate = { number: 'F-READ-1', seller: { name: 'Acme' } };
const converted = {
  ...dryRunBody({}),
  success: true,
  result: { ...dryRunBody({}).result, conversionSuccessful: true, pdf: btoa('%PDF-1.7 converted') },
};

/** A PDF without invoice data whose reading finds `candidate`; each dry run ready to convert. */
function readingBackend(queue?: ReturnType<typeof memoryWorkQueue>['queue']) {
  const calls: { readonly operation: string; readonly fields: FormFields }[] = [];
  const noXml = { error: 'unextractable_pdf', message: 'No embedded XML.', reason: 'no_embedded_xml' };
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async (operation, _file, _options, fields = {}) => {
      calls.push({ operation, fields });
      if (operation !== 'convert') return toAnswer(false, 422, noXml);
      if (fields.dry_run !== 'true') return toAnswer(true, 200, converted);
      const sent = fields.invoice_data ? (JSON.parse(fields.invoice_data) as unknown) : candidate;
      return toAnswer(true, 200, dryRunBody({ candidateInvoiceData: sent }));
    },
    profiles: profileStore().profiles,
    ...(queue ? { queue } : {}),
  };
  const readings = () =>
    calls.filter((c) => c.operation === 'convert' && c.fields.invoice_data === undefined);
  return { backend, calls, readings };
}

async function drop() {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: [new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' })] },
    });
  });
}

const numberInput = () =>
  screen
    .getAllByTestId('review-field')
    .find((f) => f.dataset.path === 'number')!
    .querySelector('input')!;
const toggle = () =>
  act(async () => {
    fireEvent.click(within(screen.getByTestId('queue-row')).getByRole('button', { name: 'scan.pdf' }));
  });

async function correctNumber() {
  await waitFor(() => expect(numberInput().value).toBe('F-READ-1'));
  await act(async () => fireEvent.change(numberInput(), { target: { value: 'F-2026-0042' } }));
}

describe('a review kept with its document', () => {
  it('keeps the reading and the corrections when the card is closed and opened again', async () => {
    const { backend, readings } = readingBackend();
    renderApp(backend);
    await drop();
    await correctNumber();
    await toggle();
    expect(screen.queryByTestId('review-field')).toBeNull();
    await toggle();
    expect(numberInput().value).toBe('F-2026-0042');
    // Not read again: the reading made before stands.
    expect(readings()).toHaveLength(1);
  });

  it('converts the corrected invoice when asked to convert all that are ready', async () => {
    const { backend, calls } = readingBackend();
    renderApp(backend);
    await drop();
    await correctNumber();
    await toggle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown documents' }));
    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Convert all that are ready' }));
    await waitFor(() => expect(calls.some((c) => c.fields.output === 'facturx_pdfa3')).toBe(true));
    const sent = calls.map((c) => JSON.parse(c.fields.invoice_data ?? '{}') as { number?: string });
    expect(sent.map((invoice) => invoice.number)).toEqual(['F-2026-0042', 'F-2026-0042']);
  });

  it('comes back with its corrections when the desktop app starts again, without reading the PDF again', async () => {
    const store = memoryWorkQueue();
    renderApp(readingBackend(store.queue).backend);
    await drop();
    await correctNumber();
    await toggle();
    await waitFor(() => expect(store.entries[0]?.state).toContain('F-2026-0042'));
    cleanup();

    store.restart();
    const next = readingBackend(store.queue);
    renderApp(next.backend);
    // Opened as it comes back (a list this short opens its documents), with the corrected invoice.
    await waitFor(() => expect(numberInput().value).toBe('F-2026-0042'));
    expect(next.readings()).toHaveLength(0);
  });

  it('counts the Factur-X PDF its form made as the document’s conversion, on its line and in the store', async () => {
    const store = memoryWorkQueue();
    renderApp(readingBackend(store.queue).backend);
    await drop();
    // Converted as read: the reading's dry run says it can pass, with no pause for a check.
    await waitFor(() => expect(numberInput().value).toBe('F-READ-1'));
    const convert = screen.getByRole('button', { name: 'Convert' }) as HTMLButtonElement;
    expect(convert.disabled).toBe(false);
    await act(async () => fireEvent.click(convert));
    const status = () => within(screen.getByTestId('queue-row')).getByTestId('queue-status').textContent;
    await waitFor(() => expect(status()).toBe('Converted to Factur-X'));
    await waitFor(() => expect(store.entries[0]?.state).toContain(btoa('%PDF-1.7 converted')));
    expect(screen.getByTestId('convert-result')).toBeTruthy();
  });

  it('shows the Factur-X PDF made before as the form’s result when the card is opened again', async () => {
    renderApp(readingBackend().backend);
    await drop();
    await waitFor(() => expect(numberInput().value).toBe('F-READ-1'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Convert' })));
    await waitFor(() => expect(screen.getByTestId('convert-result')).toBeTruthy());
    await toggle();
    expect(screen.queryByTestId('convert-result')).toBeNull();
    await toggle();
    expect(screen.getByTestId('convert-result').dataset.outcome).toBe('success');
    // A correction makes it a different invoice: the result made before no longer stands for it.
    await correctNumber();
    expect(screen.queryByTestId('convert-result')).toBeNull();
  });
});
