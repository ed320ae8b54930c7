// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toAnswer, type Backend, type FileOperation, type FormFields } from '../backend/backend';
import { exportEntries } from '../export/export-entries';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';
import { dryRunBody, validReport } from '../testing/sample-bodies';
import type { Check } from './use-checks';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

interface Call {
  readonly operation: FileOperation;
  readonly filename: string | null;
  readonly fields: FormFields;
}

const candidate = { invoice_number: 'F-2026-7', seller: { name: 'Acme' } };
const blocker = {
  ruleId: 'FR-BT-23',
  bt: 'BT-23',
  kind: 'blocking',
  message: 'Business process missing.',
  input: 'business_process',
};
const converted = {
  ...dryRunBody({}),
  success: true,
  result: { ...dryRunBody({}).result, conversionSuccessful: true, pdf: btoa('%PDF-1.7 converted') },
  validationReadiness: {
    ...dryRunBody({}).validationReadiness,
    finalGeneratedValidation: { valid: true, target: 'en16931' },
  },
};

/**
 * scan-* PDFs carry no Factur-X data; their dry run is ready (scan-ready), blocked by a France 2026
 * finding (scan-blocked) or refused (scan-blurred); data.json is ready; the XML is valid.
 */
function convertBackend() {
  const calls: Call[] = [];
  const noXml = { error: 'unextractable_pdf', message: 'No embedded XML.', reason: 'no_embedded_xml' };
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async (operation, file, _options, fields = {}) => {
      const filename = file?.filename ?? null;
      calls.push({ operation, filename, fields });
      if (operation !== 'convert') {
        return filename?.startsWith('scan') ? toAnswer(false, 422, noXml) : toAnswer(true, 200, validReport);
      }
      if (fields.dry_run !== 'true') return toAnswer(true, 200, converted);
      if (filename === 'scan-blocked.pdf') {
        return toAnswer(true, 200, dryRunBody({ status: 'incomplete', requirements: [blocker] }));
      }
      if (filename === 'scan-blurred.pdf') {
        return toAnswer(false, 422, { error: 'ocr_confidence_too_low', message: 'Low OCR confidence.' });
      }
      return toAnswer(true, 200, dryRunBody({ candidateInvoiceData: candidate }));
    },
    profiles: profileStore().profiles,
  };
  return { backend, calls };
}

const invoiceData = JSON.stringify({ invoice_data: { invoice_number: 'J-1' } });
const FIVE = [
  new File(['%PDF'], 'scan-ready.pdf'),
  new File(['%PDF'], 'scan-blocked.pdf'),
  new File(['%PDF'], 'scan-blurred.pdf'),
  new File([invoiceData], 'data.json'),
  new File(['<x/>'], 'valid-1.xml'),
];

async function drop(files: readonly File[]) {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });
}

const row = (name: string) => screen.getAllByTestId('queue-row').find((r) => r.textContent?.includes(name))!;
const status = (name: string) => within(row(name)).getByTestId('queue-status').textContent;
const counter = () => screen.getByTestId('queue-counter').textContent;

afterEach(cleanup);

describe('convert all that are ready', () => {
  it('converts the selected documents whose dry run can pass, says why not for the others, and counts them', async () => {
    const { backend, calls } = convertBackend();
    renderApp(backend);
    await drop(FIVE);
    await waitFor(() => expect(counter()).toContain('4 to convert, 0 converted, 0 in progress'));
    const convertReady = screen.getByRole('button', { name: 'Convert all that are ready' });
    expect(convertReady.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select valid-1.xml' }));
    expect(convertReady.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown documents' }));
    calls.length = 0;
    fireEvent.click(convertReady);

    await waitFor(() =>
      expect(counter()).toBe(
        '5 documents: 1 valid, 0 not valid or refused, 2 to convert, 2 converted, 0 in progress',
      ),
    );
    expect(status('scan-ready.pdf')).toBe('Converted to Factur-X');
    expect(status('data.json')).toBe('Converted to Factur-X');
    expect(status('scan-blocked.pdf')).toBe(
      'Not converted1 blocking finding(s): open the document to correct them.',
    );
    expect(status('scan-blurred.pdf')).toBe(
      'Not convertedThe scan is too hard to read with confidence: try a sharper scan.',
    );
    expect(status('valid-1.xml')).toBe('Valid');
    // A converted line shows the Factur-X made of it: its profile, its invoice data as checked once written.
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('scan-ready.pdf').slice(3, 5)).toEqual(['EN16931', 'Passes']);
    expect(cells('scan-blocked.pdf').slice(3, 5)).toEqual(['—', '—']);
    // The same calls as the review form: a dry run, then for a PDF its read invoice with the PDF as carrier.
    expect(calls).toEqual([
      { operation: 'convert', filename: 'scan-ready.pdf', fields: { dry_run: 'true' } },
      {
        operation: 'convert',
        filename: 'scan-ready.pdf',
        fields: { invoice_data: JSON.stringify(candidate), output: 'facturx_pdfa3' },
      },
      { operation: 'convert', filename: 'scan-blocked.pdf', fields: { dry_run: 'true' } },
      { operation: 'convert', filename: 'scan-blurred.pdf', fields: { dry_run: 'true' } },
      {
        operation: 'convert',
        filename: null,
        fields: { invoice_data: JSON.stringify({ invoice_number: 'J-1' }), dry_run: 'true' },
      },
      {
        operation: 'convert',
        filename: null,
        fields: { invoice_data: JSON.stringify({ invoice_number: 'J-1' }), output: 'facturx_pdfa3' },
      },
    ]);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'converted' } });
    expect(screen.getAllByTestId('queue-row').map((r) => r.dataset.status)).toEqual([
      'converted',
      'converted',
    ]);
  });

  it('speaks French', async () => {
    renderApp(convertBackend().backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await drop(FIVE);
    await waitFor(() => expect(counter()).toContain('0 en cours'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents affichés' }));
    fireEvent.click(screen.getByRole('button', { name: 'Convertir tout ce qui est prêt' }));
    await waitFor(() => expect(counter()).toContain('2 convertis, 0 en cours'));
    expect(status('scan-ready.pdf')).toBe('Converti en Factur-X');
    expect(status('scan-blocked.pdf')).toContain('1 point(s) bloquant(s)');
  });
});

describe('the export of a converted document', () => {
  it('holds the Factur-X PDF the batch made of it beside the file as dropped', () => {
    const pdf = { filename: 'scan.pdf', bytes: new Uint8Array([37, 80]), mediaType: 'application/pdf' };
    const check: Check = {
      id: 1,
      filename: 'scan.pdf',
      kind: 'pdf',
      size: 2,
      invoice: pdf,
      answers: {},
      conversion: { dryRun: toAnswer(true, 200, dryRunBody({})), final: toAnswer(true, 200, converted) },
    };
    const entries = exportEntries([check], 'en', null);
    expect(entries.map((entry) => entry.name)).toEqual(['scan.pdf', 'scan-facturx.pdf']);
    expect(new TextDecoder().decode(entries[1]!.bytes)).toBe('%PDF-1.7 converted');
  });
});
