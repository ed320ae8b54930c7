// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { batchBackend } from '../testing/batch-backend';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const file = (name: string) => new File(['x'], name, { type: '' });
const TEN = [
  'valid-1.xml',
  'invalid-1.xml',
  'scan-1.pdf',
  'fx-1.pdf',
  'valid-2.xml',
  'data.json',
  'invalid-2.xml',
  'scan-2.pdf',
  'fx-2.pdf',
  'valid-3.xml',
].map(file);

async function drop(files: readonly File[]) {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });
}

const rows = () => screen.queryAllByTestId('queue-row');
const row = (name: string) => rows().find((r) => r.textContent?.includes(name))!;
const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(cleanup);

describe('the batch queue', () => {
  it('lists ten files as ten lines, newest last, with a counter, and opens none of them', async () => {
    renderApp(batchBackend().backend);
    expect(screen.getByTestId('dropzone').classList.contains('compact')).toBe(false);
    await drop(TEN.slice(0, 4));
    await drop(TEN.slice(4));
    await waitFor(() =>
      expect(screen.getByTestId('queue-counter').textContent).toBe(
        '10 documents: 3 valid, 4 not valid or refused, 3 to convert, 0 converted, 0 in progress',
      ),
    );
    expect(rows().map((r) => within(r).getByRole('button').textContent)).toEqual(TEN.map((f) => f.name));
    // The first drop of four files and the second of six open no document: the table is the page, under
    // a drop zone of one line.
    expect(screen.queryAllByTestId('check')).toHaveLength(0);
    expect(screen.getByTestId('dropzone').classList.contains('compact')).toBe(true);
    expect(screen.getByTestId('dropzone').textContent).not.toContain('A PDF is validated');
    expect(cells('fx-1.pdf').slice(1)).toEqual([
      'fx-1.pdf',
      'PDF',
      'EN16931',
      'Passes',
      'Does not pass',
      'Not valid',
    ]);
    expect(cells('invalid-1.xml').slice(3)).toEqual(['EN16931', 'Does not pass', '—', 'Not valid']);
    expect(cells('scan-1.pdf').slice(4)).toEqual(['—', '—', 'To convert']);
    expect(cells('data.json').slice(6)).toEqual(['To convert']);
    expect(cells('valid-3.xml').slice(4)).toEqual(['Passes', '—', 'Valid']);
  });

  it('narrows to a filter, and opens a document in place', async () => {
    renderApp(batchBackend().backend);
    await drop(TEN);
    await waitFor(() => expect(screen.getByTestId('queue-counter').textContent).toContain('0 in progress'));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'to_convert' } });
    expect(rows().map((r) => r.dataset.status)).toEqual(['to_convert', 'to_convert', 'to_convert']);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'valid' } });
    expect(rows()).toHaveLength(3);

    fireEvent.click(within(row('valid-2.xml')).getByRole('button', { name: 'valid-2.xml' }));
    expect(within(row('valid-2.xml')).getByRole('button').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByTestId('check')).toHaveLength(1);
    expect(screen.getByTestId('check').textContent).toContain('valid-2.xml');
  });

  it('opens the files of a drop of one to three', async () => {
    renderApp(batchBackend().backend);
    await drop([file('valid-1.xml')]);
    await waitFor(() => expect(screen.getAllByTestId('check')).toHaveLength(1));
  });

  it('checks the selected documents again, and the whole queue when the target changes', async () => {
    const { backend, calls } = batchBackend();
    renderApp(backend);
    await drop(TEN);
    await waitFor(() => expect(calls).toHaveLength(13));
    const again = screen.getByRole('button', { name: 'Check again' });
    expect(again.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select fx-2.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select invalid-1.xml' }));
    expect(screen.getByTestId('queue-selected').textContent).toBe('2 selected');
    calls.length = 0;
    fireEvent.click(again);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => `${c.operation} ${c.filename}`).sort()).toEqual([
      'extract fx-2.pdf',
      'validate fx-2.pdf',
      'validate invalid-1.xml',
    ]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown documents' }));
    expect(screen.getByTestId('queue-selected').textContent).toBe('10 selected');

    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'France 2026' }));
    await waitFor(() => expect(calls).toHaveLength(13));
    expect(new Set(calls.map((c) => c.target))).toEqual(new Set(['france_2026']));
  });

  it('speaks French', async () => {
    renderApp(batchBackend().backend);
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await drop(TEN.slice(0, 4));
    await waitFor(() =>
      expect(screen.getByTestId('queue-counter').textContent).toBe(
        '4 documents : 1 valides, 2 non valides ou refusés, 1 à convertir, 0 convertis, 0 en cours',
      ),
    );
    expect(cells('scan-1.pdf').slice(6)).toEqual(['À convertir']);
    expect(screen.getByRole('button', { name: 'Vérifier à nouveau' })).toBeTruthy();
  });
});
