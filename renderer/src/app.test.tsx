// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toAnswer, type Answer, type Backend } from './backend/backend';
import { fakeBackend } from './testing/fake-backend';
import { profileStore } from './testing/profile-store';
import { renderApp } from './testing/render-app';
import { dryRunBody, quotaExceededBody } from './testing/sample-bodies';
import invoiceXml from '../../e2e/fixtures/invoice-en16931.xml?raw';

// Tells React that this environment wraps updates in act(), as Testing Library does.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const utf8Base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

// The drop reads the file and asks the backend asynchronously; an async act waits for both to settle.
const drop = (files: File[]) =>
  act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('App', () => {
  it('switches every label between English and French and remembers the choice', () => {
    renderApp(fakeBackend(() => ({ ok: true, status: 200, body: {} })).backend);
    expect(screen.getByText('Drop an invoice here')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));

    expect(screen.getByText('Déposez une facture ici')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeTruthy();
    expect(screen.queryByText('Drop an invoice here')).toBeNull();
    expect(localStorage.getItem('facturx.lang')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByText('Drop an invoice here')).toBeTruthy();
  });

  it('sends a dropped PDF to validate and extract, reads it for display, and shows each answer', async () => {
    const { backend, calls, readings } = fakeBackend((operation) =>
      operation === 'validate'
        ? {
            ok: false,
            status: 503,
            error: { error: 'validation_service_unavailable', message: 'Validation is down.' },
          }
        : {
            ok: true,
            status: 200,
            body: { profile: 'EN16931', xmlSize: invoiceXml.length, xml: utf8Base64(invoiceXml) },
          },
    );
    renderApp(backend);

    await drop([new File(['%PDF-1.7 test'], 'invoice.pdf', { type: 'application/pdf' })]);

    const validation = await screen.findByTestId('answer-validate');
    await waitFor(() => expect(validation.dataset.state).toBe('failure'));
    expect(within(validation).getByTestId('error-code').textContent).toBe('validation_service_unavailable');
    expect(within(validation).getByTestId('error-message').textContent).toBe('Validation is down.');
    expect(within(validation).getByTestId('answer-status').textContent).toBe('HTTP 503');

    const extraction = screen.getByTestId('answer-extract');
    await waitFor(() => expect(extraction.dataset.state).toBe('success'));
    expect(within(extraction).getByTestId('extract-profile').textContent).toBe('EN16931');

    expect(calls.map((call) => call.operation).sort()).toEqual(['extract', 'validate']);
    expect(calls[0]).toMatchObject({ filename: 'invoice.pdf', text: '%PDF-1.7 test', lang: 'en' });
    // The readable invoice is the XML extract handed back, read in the page: no dry run is waited for.
    await waitFor(() => expect(screen.getByTestId('invoice-view').textContent).toContain('F-2026-0001'));
    expect(screen.getAllByTestId('invoice-line').length).toBeGreaterThan(0);
    expect(readings).toEqual([]);
  });

  it('converts a dropped invoice_data JSON on request, without a file, and shows the quota it reports', async () => {
    const sent: { operation: string; file: unknown; fields: unknown; target: string }[] = [];
    const body = (remainingInvoices: number) => ({
      success: true,
      target: { requested: 'en16931', executed: 'en16931', status: 'verified', missing_inputs: [] },
      result: { remainingInvoices, legalDisclaimer: 'Technical evidence only.', pdf: btoa('%PDF-1.7') },
      validationReadiness: { frCtc: { status: 'not_evaluated', advisories: [] } },
    });
    const backend: Backend = {
      kind: { type: 'server', origin: 'http://127.0.0.1:4000' },
      run: async (operation, file, { validationTarget }, fields) => {
        sent.push({ operation, file, fields, target: validationTarget });
        return { ok: true, status: 200, body: body(fields?.dry_run ? -1 : 41), quota: { remaining: 41 } };
      },
      profiles: profileStore().profiles,
    };
    renderApp(backend);

    await drop([new File(['{"number":"F-9"}'], 'facture.json', { type: 'application/json' })]);
    const convert = await screen.findByTestId('convert');
    expect(sent).toEqual([]);
    await act(async () => fireEvent.click(within(convert).getByRole('button', { name: 'Convert' })));
    await waitFor(() => expect(screen.getByTestId('dry-run')).toBeTruthy());
    await act(async () => fireEvent.click(within(convert).getByRole('button', { name: 'Convert' })));
    await waitFor(() => expect(screen.getByTestId('convert-result')).toBeTruthy());

    expect(sent).toEqual([
      {
        operation: 'convert',
        file: null,
        fields: { invoice_data: '{"number":"F-9"}', dry_run: 'true' },
        target: 'en16931',
      },
      {
        operation: 'convert',
        file: null,
        fields: { invoice_data: '{"number":"F-9"}', output: 'facturx_pdfa3' },
        target: 'en16931',
      },
    ]);
    expect(screen.getByTestId('backend-indicator').textContent).toContain('41 invoices left this month');
  });

  it('sends an XML to validate only, in the chosen language and target, and refuses other files', async () => {
    const { backend, calls } = fakeBackend(() => ({ ok: true, status: 200, body: { valid: true } }));
    renderApp(backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    fireEvent.click(screen.getByRole('button', { name: 'France 2026' }));

    await drop([
      new File(['<Invoice/>'], 'facture.xml', { type: 'text/xml' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);

    await waitFor(() => expect(screen.getByTestId('answer-validate').dataset.state).toBe('success'));
    expect(screen.queryByTestId('answer-extract')).toBeNull();
    expect(calls).toEqual([
      {
        operation: 'validate',
        filename: 'facture.xml',
        text: '<Invoice/>',
        lang: 'fr',
        validationTarget: 'france_2026',
        fields: {},
      },
    ]);
    expect(screen.getByRole('alert').textContent).toBe(
      'notes.txt : seuls les fichiers PDF, XML et JSON sont acceptés.',
    );
  });

  it('checks the files already there again when the target or the language changes, showing the newest answer', async () => {
    const pending: ((answer: Answer) => void)[] = [];
    const { backend, calls, readings } = fakeBackend(() => new Promise((resolve) => pending.push(resolve)));
    renderApp(backend);
    await drop([new File(['<Invoice/>'], 'facture.xml', { type: 'text/xml' })]);
    await waitFor(() => expect(calls).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'France 2026' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ operation: 'validate', lang: 'en', validationTarget: 'france_2026' });
    // An XML is read in the page, from its own bytes: never by a dry run, whatever the target.
    expect(readings).toEqual([]);
    // The answer for France 2026 arrives first; the late one for EN 16931 must not replace it.
    await act(async () => pending[1]?.({ ok: true, status: 200, body: { target: 'france_2026' } }));
    await act(async () => pending[0]?.({ ok: true, status: 200, body: { target: 'en16931' } }));
    expect(screen.getByTestId('answer-body').textContent).toContain('france_2026');

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ operation: 'validate', lang: 'fr', validationTarget: 'france_2026' });
  });

  it('says a PDF without Factur-X data has none yet and offers its review form, instead of two errors', async () => {
    const { backend } = fakeBackend(
      () => ({
        ok: false,
        status: 422,
        error: {
          error: 'unextractable_pdf',
          message: 'The PDF has no embedded Factur-X XML.',
          reason: 'no_embedded_xml',
        },
      }),
      () => ({ ok: true, status: 200, body: dryRunBody({ candidateInvoiceData: { number: 'F-7' } }) }),
    );
    renderApp(backend);
    await drop([new File(['%PDF-1.7 plain'], 'plain.pdf', { type: 'application/pdf' })]);

    const card = screen.getByTestId('check');
    await waitFor(() =>
      expect(within(card).getByTestId('no-facturx').textContent).toBe(
        'No Factur-X data in this PDF yet: review what was read, then convert it.',
      ),
    );
    expect(within(card).queryByTestId('answer-validate')).toBeNull();
    expect(within(card).queryByTestId('answer-extract')).toBeNull();
    expect(card.textContent).not.toContain('unextractable_pdf');
    await waitFor(() => expect(within(card).getByTestId('review-form')).toBeTruthy());
    expect((within(card).getByLabelText(/Invoice number/) as HTMLInputElement).value).toBe('F-7');
    expect(within(card).queryByTestId('convert')).toBeNull();
  });

  it('offers the conversion flow for a PDF whose reading hands back no candidate (an older backend)', async () => {
    const { backend } = fakeBackend(
      () => ({
        ok: false,
        status: 422,
        error: { error: 'unextractable_pdf', message: 'No XML.', reason: 'no_embedded_xml' },
      }),
      () => ({ ok: true, status: 200, body: dryRunBody({}) }),
    );
    renderApp(backend);
    await drop([new File(['%PDF-1.7 plain'], 'plain.pdf', { type: 'application/pdf' })]);
    const card = screen.getByTestId('check');
    await waitFor(() => expect(within(card).getByTestId('convert')).toBeTruthy());
    expect(within(card).queryByTestId('review-form')).toBeNull();
  });

  it('takes files from the picker too', async () => {
    const { backend, calls } = fakeBackend(() => ({ ok: true, status: 200, body: {} }));
    renderApp(backend);

    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), {
        target: { files: [new File(['<a/>'], 'a.xml', { type: '' })] },
      });
    });

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(within(screen.getByTestId('queue-row')).getByText('a.xml')).toBeTruthy();
  });

  it('saves the settings and builds a new backend with them', () => {
    const { createBackend, saveSettings } = renderApp(
      fakeBackend(() => ({ ok: true, status: 200, body: {} })).backend,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.change(screen.getByLabelText(/API key/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const saved = { baseUrl: '', apiKey: 'secret' };
    expect(saveSettings).toHaveBeenCalledWith(saved);
    expect(createBackend).toHaveBeenLastCalledWith(saved);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows which backend answers and the quota it reported', async () => {
    renderApp(fakeBackend(() => ({ ok: true, status: 200, body: {}, quota: { remaining: 9 } })).backend);
    const indicator = screen.getByTestId('backend-indicator');
    expect(indicator.textContent).toContain('Server API');
    expect(indicator.textContent).toContain('127.0.0.1:4000');

    await drop([new File(['<a/>'], 'a.xml')]);

    await waitFor(() =>
      expect(screen.getByTestId('backend-quota').textContent).toBe('9 invoices left this month'),
    );
  });

  it('follows the quota answer after answer, and on a 402 shows the plan, quota, period and next steps', async () => {
    const answers: Answer[] = [
      { ok: true, status: 200, body: {}, quota: { remaining: 1 } },
      toAnswer(false, 402, quotaExceededBody),
      { ok: true, status: 200, body: {}, quota: { remaining: 9 } },
    ];
    renderApp(fakeBackend(() => answers.shift() ?? { ok: true, status: 200, body: {} }).backend);

    await drop([new File(['<a/>'], 'a.xml')]);
    expect(screen.getByTestId('backend-quota').textContent).toBe('1 invoices left this month');
    expect(screen.queryByTestId('quota-exceeded')).toBeNull();

    await drop([new File(['<b/>'], 'b.xml')]);
    expect(screen.getByTestId('backend-quota').textContent).toBe(
      '0 of 10 invoices left this month · sandbox plan',
    );
    const notice = screen.getByTestId('quota-exceeded');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(within(notice).getByTestId('quota-plan').textContent).toBe('sandbox plan');
    expect(within(notice).getByTestId('quota-limit').textContent).toContain('10 invoices per period');
    expect(within(notice).getByTestId('quota-period').textContent).toContain('November 1, 2026');
    const links = within(notice).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Upgrade to Launch', 'http://127.0.0.1:4000/pricing?plan=launch'],
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(notice.textContent).toContain('100 invoices per month.');

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(within(screen.getByTestId('quota-exceeded')).getByRole('heading').textContent).toBe(
      'Quota mensuel atteint',
    );
    expect(screen.getByTestId('quota-period').textContent).toContain('1 novembre 2026');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));

    await drop([new File(['<c/>'], 'c.xml')]);
    expect(screen.getByTestId('backend-quota').textContent).toBe(
      '9 of 10 invoices left this month · sandbox plan',
    );
    expect(screen.queryByTestId('quota-exceeded')).toBeNull();
  });

  it('shows no quota for the offline core, which is unlimited', async () => {
    const { backend } = fakeBackend(() => ({ ok: true, status: 200, body: {}, quota: { remaining: 5 } }));
    renderApp({ ...backend, kind: { type: 'offline' } });

    await drop([new File(['<a/>'], 'a.xml')]);

    expect(screen.getByTestId('backend-indicator').textContent).toContain('Offline core');
    expect(screen.queryByTestId('backend-quota')).toBeNull();
  });
});
