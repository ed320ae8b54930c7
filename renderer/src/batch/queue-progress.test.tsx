// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelledAnswer, toAnswer, type Backend } from '../backend/backend';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';
import { validReport } from '../testing/sample-bodies';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/**
 * slow-* files are read page by page (OCR, as the desktop reports it) and never finish until cancelled,
 * as a cancelled transport answers; others pass at once.
 */
function slowBackend() {
  const signals: AbortSignal[] = [];
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async (_operation, file, options, _fields, control) => {
      if (!file?.filename.startsWith('slow')) return toAnswer(true, 200, validReport);
      const signal = control?.signal;
      if (!signal) throw new Error('the queue sends every call with a cancel signal');
      signals.push(signal);
      control.onProgress?.({ stage: 'ocr', page: 2, pages: 5, step: 'recognising' });
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve(cancelledAnswer(options.lang))),
      );
    },
    profiles: profileStore().profiles,
  };
  return { backend, signals };
}

const file = (name: string) => new File(['x'], name, { type: '' });
const FOUR = ['slow-1.pdf', 'slow-2.pdf', 'slow-3.xml', 'valid-1.xml'].map(file);

async function drop(files: readonly File[]) {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });
}

const row = (name: string) => screen.getAllByTestId('queue-row').find((r) => r.textContent?.includes(name))!;
const status = (name: string) => within(row(name)).getByTestId('queue-status');
const counter = () => screen.getByTestId('queue-counter').textContent;

afterEach(cleanup);

describe('progress and cancel in the queue', () => {
  it('shows each document’s stage, cancels one row, then the selection, and checks a cancelled one again', async () => {
    const { backend, signals } = slowBackend();
    renderApp(backend);
    await drop(FOUR);
    await waitFor(() => expect(counter()).toContain('3 in progress'));
    expect(status('slow-1.pdf').textContent).toContain('Recognising text: page 2 of 5');
    expect(within(status('slow-1.pdf')).getByRole('progressbar').getAttribute('max')).toBe('5');
    expect(status('valid-1.xml').textContent).toBe('Valid');
    expect(within(row('valid-1.xml')).queryByRole('button', { name: /Cancel/ })).toBeNull();
    const cancelSelected = screen.getByRole('button', { name: 'Cancel the selected' });
    expect(cancelSelected.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel slow-1.pdf' }));
    await waitFor(() => expect(status('slow-1.pdf').textContent).toBe('Cancelled'));
    expect(row('slow-1.pdf').dataset.status).toBe('cancelled');
    expect(signals.filter((signal) => signal.aborted)).toHaveLength(2); // its validate and its extract
    expect(counter()).toContain('2 in progress');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select slow-2.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select slow-3.xml' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select valid-1.xml' }));
    fireEvent.click(cancelSelected);
    await waitFor(() => expect(counter()).toContain('0 in progress'));
    expect(status('slow-3.xml').textContent).toBe('Cancelled');
    expect(status('valid-1.xml').textContent).toBe('Valid');
    expect(signals.every((signal) => signal.aborted)).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select slow-2.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select valid-1.xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(counter()).toContain('1 in progress'));
    expect(signals.slice(-1)[0]?.aborted).toBe(false);
    expect(status('slow-3.xml').textContent).toContain('Recognising text');
  });

  it('speaks French', async () => {
    renderApp(slowBackend().backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await drop(FOUR);
    await waitFor(() =>
      expect(status('slow-1.pdf').textContent).toContain('Reconnaissance du texte : page 2 sur 5'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annuler slow-1.pdf' }));
    await waitFor(() => expect(status('slow-1.pdf').textContent).toBe('Annulé'));
    expect(screen.getByRole('button', { name: 'Annuler la sélection' })).toBeTruthy();
  });
});
