// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../../core/bridge/work-queue';
import type { Backend } from '../backend/backend';
import { batchBackend } from '../testing/batch-backend';
import { memoryWorkQueue } from '../testing/memory-work-queue';
import { renderApp } from '../testing/render-app';
import { saveTarget } from '../settings/target-choice';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterEach(cleanup);

const file = (name: string, text = `<${name}/>`) => new File([text], name, { type: '' });

async function drop(files: readonly File[]) {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });
}

const rows = () => screen.queryAllByTestId('queue-row');
const row = (name: string) => rows().find((r) => r.textContent?.includes(name))!;
const statuses = () =>
  rows().map((r) => [within(r).getAllByRole('button')[0]?.textContent, r.dataset.status]);
const counter = () => screen.getByTestId('queue-counter').textContent;

/** The batch backend with the desktop's kept queue; files named `slow-*` are answered only when released. */
function desktopBackend(queue: ReturnType<typeof memoryWorkQueue>['queue']) {
  const batch = batchBackend();
  const held: (() => void)[] = [];
  const backend: Backend = {
    ...batch.backend,
    queue,
    run: async (...args) => {
      if (args[1]?.filename.startsWith('slow')) await new Promise<void>((resolve) => held.push(resolve));
      return batch.backend.run(...args);
    },
  };
  return { backend, calls: batch.calls, release: () => held.splice(0).forEach((go) => go()) };
}

/** What the store keeps of each entry, as the tests look at it. */
const keptOf = (entries: readonly QueueEntry[]) =>
  entries.map((entry) => ({
    name: entry.file.filename,
    text: new TextDecoder().decode(entry.file.bytes),
    kind: entry.kind,
    target: entry.target,
    status: entry.status,
  }));

describe('the queue kept by the desktop app', () => {
  it('keeps each dropped document with its bytes and verdicts, and shows them again at the next start without checking again', async () => {
    const store = memoryWorkQueue();
    const first = desktopBackend(store.queue);
    renderApp(first.backend);
    expect(screen.getByTestId('results-kept').textContent).toContain('kept on this computer');
    await drop([file('valid-1.xml'), file('fx-1.pdf'), file('scan-1.pdf'), file('invalid-1.xml')]);
    await waitFor(() => expect(counter()).toContain('0 in progress'));
    await waitFor(() => expect(store.entries.every((entry) => entry.status === 'finished')).toBe(true));
    expect(keptOf(store.entries)).toEqual([
      { name: 'valid-1.xml', text: '<valid-1.xml/>', kind: 'xml', target: 'en16931', status: 'finished' },
      { name: 'fx-1.pdf', text: '<fx-1.pdf/>', kind: 'pdf', target: 'en16931', status: 'finished' },
      { name: 'scan-1.pdf', text: '<scan-1.pdf/>', kind: 'pdf', target: 'en16931', status: 'finished' },
      { name: 'invalid-1.xml', text: '<invalid-1.xml/>', kind: 'xml', target: 'en16931', status: 'finished' },
    ]);
    const shown = statuses();
    const counted = counter();
    const lines = rows().map((r) => r.textContent);
    cleanup();

    store.restart();
    const next = desktopBackend(store.queue);
    renderApp(next.backend);
    await waitFor(() => expect(statuses()).toEqual(shown));
    expect(counter()).toBe(counted);
    // File, kind, profile, both verdicts and status, as they were.
    expect(rows().map((r) => r.textContent)).toEqual(lines);
    expect(next.calls).toEqual([]);

    // A document dropped now goes after those kept, here and in the store.
    await drop([file('valid-2.xml')]);
    await waitFor(() => expect(store.entries).toHaveLength(5));
    expect(statuses().at(-1)?.[0]).toBe('valid-2.xml');
    expect(store.entries.at(-1)?.file.filename).toBe('valid-2.xml');
  });

  it('brings back what was under way when the app closed as not finished, until it is checked again', async () => {
    const store = memoryWorkQueue();
    const first = desktopBackend(store.queue);
    renderApp(first.backend);
    await drop([file('valid-1.xml'), file('slow-1.xml')]);
    await waitFor(() =>
      expect(store.entries.map((entry) => entry.status)).toEqual(['finished', 'under_way']),
    );
    cleanup();

    store.restart();
    const next = desktopBackend(store.queue);
    renderApp(next.backend);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(statuses()).toEqual([
      ['valid-1.xml', 'valid'],
      ['slow-1.xml', 'interrupted'],
    ]);
    expect(row('slow-1.xml').textContent).toContain('Not finished when the app closed: check it again');
    // Nothing runs for it by itself, and it stays not finished across another start.
    expect(next.calls).toEqual([]);
    await waitFor(() => expect(store.entries[1]?.status).toBe('interrupted'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select slow-1.xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(store.entries[1]?.status).toBe('under_way'));
    next.release();
    await waitFor(() => expect(statuses()[1]).toEqual(['slow-1.xml', 'not_valid']));
    await waitFor(() => expect(store.entries[1]?.status).toBe('finished'));
  });

  it('forgets the documents removed, and all of them on Clear', async () => {
    const store = memoryWorkQueue();
    renderApp(desktopBackend(store.queue).backend);
    await drop([file('valid-1.xml'), file('valid-2.xml'), file('valid-3.xml'), file('valid-4.xml')]);
    await waitFor(() => expect(store.entries).toHaveLength(4));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select valid-2.xml' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select valid-4.xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the list' }));
    expect(statuses().map(([name]) => name)).toEqual(['valid-1.xml', 'valid-3.xml']);
    expect(screen.getByTestId('queue-selected').textContent).toBe('0 selected');
    await waitFor(() =>
      expect(store.entries.map((entry) => entry.file.filename)).toEqual(['valid-1.xml', 'valid-3.xml']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    // Asked first: nothing leaves the kept list before the answer.
    expect(store.entries).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, clear the list' }));
    await waitFor(() => expect(store.entries).toEqual([]));
  });

  it('checks again at start what was checked against another target than the one chosen now', async () => {
    const store = memoryWorkQueue();
    renderApp(desktopBackend(store.queue).backend);
    await drop([file('valid-1.xml'), file('fx-1.pdf')]);
    await waitFor(() => expect(store.entries.map((entry) => entry.status)).toEqual(['finished', 'finished']));
    cleanup();

    // France 2026 chosen since (in another window of the app, say): the next start checks the queue again.
    saveTarget(localStorage, 'france_2026');
    store.restart();
    const next = desktopBackend(store.queue);
    renderApp(next.backend);
    await waitFor(() => expect(next.calls).toHaveLength(3));
    expect(new Set(next.calls.map((call) => call.target))).toEqual(new Set(['france_2026']));
    await waitFor(() =>
      expect(store.entries.map((entry) => [entry.target, entry.status])).toEqual([
        ['france_2026', 'finished'],
        ['france_2026', 'finished'],
      ]),
    );
    saveTarget(localStorage, 'en16931');
  });

  it('says when the list could not be kept', async () => {
    const store = memoryWorkQueue();
    const failing = {
      ...store.queue,
      add: () => Promise.reject(new Error('SqliteError: disk I/O error')),
    };
    renderApp(desktopBackend(failing).backend);
    await drop([file('valid-1.xml')]);
    expect((await screen.findByTestId('results-not-kept')).textContent).toBe(
      'This list could not be kept on this computer: it will not come back when the app starts again.',
    );
    expect(screen.getByTestId('results-not-kept').textContent).not.toContain('Sqlite');
    // The store's own reason stays within reach, in the technical details, for whoever helps the user.
    expect(screen.getByTestId('results-not-kept-reason').textContent).toBe('SqliteError: disk I/O error');
  });

  it('in the browser says the list lives in the page only, and keeps nothing', async () => {
    renderApp(batchBackend().backend);
    expect(screen.getByTestId('results-kept').textContent).toBe(
      'This list lives in this page only: it is gone once the page is closed or reloaded (the desktop app keeps it).',
    );
  });
});
