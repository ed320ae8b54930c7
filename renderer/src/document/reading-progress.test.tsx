// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelledAnswer, toAnswer, type Backend } from '../backend/backend';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// pdfjs draws into a canvas jsdom does not have: the pages are not what this test is about.
vi.mock('./pdf-renderer', () => ({
  openPdf: async () => ({
    pageCount: 1,
    firstPageWidth: 400,
    draw: async () => null,
    close: () => undefined,
  }),
}));

afterEach(() => {
  cleanup();
  // The language chosen is kept by the page.
  localStorage.clear();
});

/**
 * A backend whose reading of a scan goes page by page (as the desktop's OCR reports it) and stops only
 * when it is cancelled; the n-th reading asked answers at once when `answersFrom` says so.
 */
function scanBackend(answersFrom = Infinity, pages = true) {
  let readings = 0;
  const noXml = { error: 'unextractable_pdf', message: 'No XML.', reason: 'no_embedded_xml' };
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async (operation, _file, { lang }, fields = {}, control = {}) => {
      if (operation !== 'convert' || fields.dry_run !== 'true') return toAnswer(false, 422, noXml);
      readings += 1;
      if (readings >= answersFrom) return toAnswer(false, 422, { ...noXml, reason: 'encrypted' });
      if (pages) control.onProgress?.({ stage: 'ocr', page: 2, pages: 3, step: 'recognising' });
      return new Promise((resolve) =>
        control.signal?.addEventListener('abort', () => resolve(cancelledAnswer(lang)), { once: true }),
      );
    },
    profiles: profileStore().profiles,
  };
  return { backend, readings: () => readings };
}

async function dropScan() {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: [new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' })] },
    });
  });
}

const queueStatus = () => within(screen.getByTestId('queue-row')).getByTestId('queue-status');
const counter = () => screen.getByTestId('queue-counter').textContent;

describe('the reading of a PDF without invoice data', () => {
  it('is under way on the queue line too: counted in progress, not ready to convert, and stopped from there', async () => {
    const scan = scanBackend(Infinity);
    renderApp(scan.backend);
    await dropScan();
    await waitFor(() => expect(queueStatus().textContent).toContain('Recognising text: page 2 of 3'));
    expect(screen.getByTestId('queue-row').dataset.status).toBe('reading_pdf');
    expect(counter()).toContain('0 to convert');
    expect(counter()).toContain('1 in progress');

    fireEvent.click(within(screen.getByTestId('queue-row')).getByRole('button', { name: 'Cancel scan.pdf' }));
    expect((await screen.findByTestId('document-unread')).textContent).toContain('cancelled');
    await waitFor(() => expect(screen.getByTestId('queue-row').dataset.status).toBe('to_convert'));
    expect(queueStatus().textContent).toBe('To convert');
    expect(counter()).toContain('0 in progress');
  });

  it('says the PDF is being read where the backend gives no page, and leaves the line when the card closes', async () => {
    renderApp(scanBackend(Infinity, false).backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await dropScan();
    await waitFor(() => expect(queueStatus().textContent).toContain('Lecture du PDF'));
    expect(counter()).toContain('1 en cours');
    // Closed, the card stops reading: the line no longer waits for it.
    fireEvent.click(within(screen.getByTestId('queue-row')).getByRole('button', { name: 'scan.pdf' }));
    await waitFor(() => expect(screen.getByTestId('queue-row').dataset.status).toBe('to_convert'));
    expect(counter()).toContain('0 en cours');
  });

  it('says which page the text recognition is on, and stops when asked; it can then be read again', async () => {
    const scan = scanBackend(2);
    renderApp(scan.backend);
    await dropScan();
    const reading = await screen.findByTestId('document-reading');
    await waitFor(() => expect(reading.textContent).toContain('Recognising text: page 2 of 3'));
    expect(within(reading).getByRole('progressbar', { name: 'Recognising text: page 2 of 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
    const unread = await screen.findByTestId('document-unread');
    expect(unread.textContent).toContain('The conversion was cancelled before it finished');
    expect(screen.queryByTestId('document-reading')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Read it again' }));
    await waitFor(() => expect(scan.readings()).toBe(2));
    await waitFor(() =>
      expect(screen.getByTestId('document-unread').textContent).toContain('cannot be read'),
    );
  });

  it('speaks French', async () => {
    renderApp(scanBackend().backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await dropScan();
    await waitFor(() =>
      expect(screen.getByTestId('document-reading').textContent).toContain(
        'Reconnaissance du texte : page 2 sur 3',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Arrêter la lecture' }));
    expect((await screen.findByTestId('document-unread')).textContent).toContain('annulée');
    expect(screen.getByRole('button', { name: 'La relire' })).toBeTruthy();
  });
});
