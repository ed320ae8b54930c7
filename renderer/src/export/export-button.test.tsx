// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipEntries } from '../../../core/testing/zip-entries';
import { toAnswer, type Backend } from '../backend/backend';
import { captureDownloads } from '../testing/capture-downloads';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';
import { containerOnlyReport, invalidReport, validReport } from '../testing/sample-bodies';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const EMBEDDED = '<rsm:CrossIndustryInvoice/>';

function exportBackend(report: Backend['report']): Backend {
  return {
    kind: { type: 'offline' },
    run: async (operation, file) => {
      const filename = file?.filename ?? '';
      if (filename.startsWith('scan')) {
        return toAnswer(false, 422, { error: 'unextractable_pdf', message: 'x', reason: 'no_embedded_xml' });
      }
      if (filename.startsWith('fx')) {
        return operation === 'extract'
          ? toAnswer(true, 200, { xml: btoa(EMBEDDED), xmlSize: EMBEDDED.length, profile: 'EN16931' })
          : toAnswer(true, 200, { ...containerOnlyReport, filename });
      }
      return toAnswer(true, 200, {
        ...(filename.startsWith('valid') ? validReport : invalidReport),
        filename,
      });
    },
    profiles: profileStore().profiles,
    ...(report ? { report } : {}),
  };
}

const NAMES = [
  'valid-1.xml',
  'invalid-1.xml',
  'scan-1.pdf',
  'fx-1.pdf',
  'valid-2.xml',
  'data.json',
  'invalid-2.xml',
  'scan-2.pdf',
  'fx-2.pdf',
  'valid-1.xml',
];

async function dropTenAndExport(button = 'Export (zip)') {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: NAMES.map((name) => new File([`content of ${name}`], name, { type: '' })) },
    });
  });
  await waitFor(() => expect(screen.getByTestId('queue-counter').textContent).toContain('0 in progress'));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown documents' }));
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const readZip = async (blob: Blob | undefined) => zipEntries(new Uint8Array(await blob!.arrayBuffer()));
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('exporting a selection', () => {
  it('zips each file, the XML of each Factur-X PDF, the report PDF and a CSV line per report', async () => {
    const saved = captureDownloads();
    const report = vi.fn<NonNullable<Backend['report']>>(async () =>
      toAnswer(true, 200, { filename: 'validation-report.pdf', pdf: btoa('%PDF-1.7 report') }),
    );
    renderApp(exportBackend(report));
    await dropTenAndExport();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('facturx-export.zip');

    const entries = await readZip(saved[0]!.blob);
    expect([...entries.keys()]).toEqual([
      'valid-1.xml',
      'invalid-1.xml',
      'scan-1.pdf',
      'fx-1.pdf',
      'fx-1.xml',
      'valid-2.xml',
      'data.json',
      'invalid-2.xml',
      'scan-2.pdf',
      'fx-2.pdf',
      'fx-2.xml',
      'valid-1 (2).xml',
      'validation-report.pdf',
      'validation-summary.csv',
    ]);
    expect(text(entries.get('scan-2.pdf'))).toBe('content of scan-2.pdf');
    expect(text(entries.get('fx-1.xml'))).toBe(EMBEDDED);
    expect(text(entries.get('validation-report.pdf'))).toBe('%PDF-1.7 report');
    // The seven documents that were validated: three valid XML, two invalid, two Factur-X PDFs.
    const [reports, lang] = report.mock.calls[0]!;
    expect(reports).toHaveLength(7);
    expect(lang).toBe('en');
    const csv = text(entries.get('validation-summary.csv')).split('\r\n');
    expect(csv).toHaveLength(9);
    expect(csv[3]).toContain('fx-1.pdf,EN16931,EN 16931,Not valid,Passed,Failed');
  });

  it('still exports the files and the CSV when the report cannot be drawn, and says so', async () => {
    const saved = captureDownloads();
    renderApp(exportBackend(undefined));
    await dropTenAndExport();
    await waitFor(() => expect(saved).toHaveLength(1));
    const entries = await readZip(saved[0]!.blob);
    expect(entries.has('validation-summary.csv')).toBe(true);
    expect(entries.has('validation-report.pdf')).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('could not be drawn as a PDF');
  });

  it('writes the same entries into a folder on the desktop, says where, and downloads no zip', async () => {
    const downloads = captureDownloads();
    const saveToFolder = vi.fn<NonNullable<Backend['saveToFolder']>>(async (files) => ({
      saved: true,
      folder: '/home/me/Factures',
      filenames: files.map((file) => file.name),
    }));
    const report = vi.fn(async () =>
      toAnswer(true, 200, { filename: 'validation-report.pdf', pdf: btoa('%PDF-1.7 report') }),
    );
    renderApp({ ...exportBackend(report), saveToFolder });

    await dropTenAndExport('Export to a folder');

    await waitFor(() =>
      expect(screen.getByTestId('export-saved').textContent).toBe('14 files saved in /home/me/Factures.'),
    );
    const written = saveToFolder.mock.calls[0]![0];
    expect(written.map((file) => file.name)).toContain('fx-1.xml');
    expect(written.map((file) => file.name)).toContain('validation-report.pdf');
    expect(written.map((file) => file.name)).toContain('valid-1 (2).xml');
    expect(text(written.find((file) => file.name === 'scan-2.pdf')?.bytes)).toBe('content of scan-2.pdf');
    expect(downloads).toHaveLength(0);
  });
});
