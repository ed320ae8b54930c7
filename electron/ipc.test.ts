import type { IpcMainInvokeEvent } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import {
  QUEUE_MAX_STATE_CHARS,
  type NewQueueEntry,
  type QueueEntry,
  type WorkQueue,
} from '../core/bridge/work-queue';
import type { IpcDependencies } from './ipc';

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
  parent: { id: 'main-window' },
}));

vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: never) => electron.handlers.set(channel, handler) },
  BrowserWindow: { fromWebContents: () => electron.parent },
}));

const { registerIpcHandlers, trustedSender } = await import('./ipc');

const pageUrl = 'file:///opt/facturx/resources/app.asar/dist/renderer/index.html';
const fromPage = { senderFrame: { url: pageUrl }, sender: {} };
const fromElsewhere = { senderFrame: { url: 'https://example.com/' }, sender: {} };

const notBuilt: BridgeResult = {
  ok: false,
  status: 422,
  body: { error: 'unextractable_pdf', message: 'No embedded invoice XML.' },
};

const deps = {
  runner: { run: vi.fn<IpcDependencies['runner']['run']>(), close: vi.fn(async () => undefined) },
  isTrustedSender: trustedSender(pageUrl),
  openFiles: vi.fn<IpcDependencies['openFiles']>(),
  saveFile: vi.fn<IpcDependencies['saveFile']>(),
  saveToFolder: vi.fn<IpcDependencies['saveToFolder']>(),
  queue: {
    list: vi.fn<WorkQueue['list']>(),
    add: vi.fn<WorkQueue['add']>(),
    update: vi.fn<WorkQueue['update']>(),
    remove: vi.fn<WorkQueue['remove']>(),
  },
} satisfies IpcDependencies;

const call = (channel: string, event: unknown, ...args: unknown[]) => {
  const handler = electron.handlers.get(`facturx:${channel}`);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args);
};

beforeEach(() => {
  electron.handlers.clear();
  vi.clearAllMocks();
  deps.runner.run.mockResolvedValue(notBuilt);
  deps.openFiles.mockResolvedValue([{ filename: 'a.pdf', bytes: new Uint8Array([1]) }]);
  deps.saveFile.mockResolvedValue({ saved: true, path: '/home/me/a.pdf' });
  registerIpcHandlers(deps);
});

describe('IPC handlers', () => {
  it('handles exactly the named bridge channels', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(
      [
        'cancelConvert',
        'contract',
        'convert',
        'limits',
        'extract',
        'openFileDialog',
        'profiles',
        'queueAdd',
        'queueList',
        'queueRemove',
        'queueUpdate',
        'repair',
        'report',
        'saveFile',
        'saveToFolder',
        'validate',
      ]
        .map((name) => `facturx:${name}`)
        .sort(),
    );
  });

  it.each(['validate', 'extract', 'convert', 'repair'])(
    '%s passes a well-formed request to the service and returns its result',
    async (name) => {
      const bytes = new Uint8Array([37, 80, 68, 70]);
      const answer = await call(name, fromPage, {
        files: { file: { filename: 'invoice.pdf', bytes, mediaType: 'application/pdf' } },
        query: { lang: 'fr' },
      });

      expect(answer).toEqual(notBuilt);
      expect(deps.runner.run).toHaveBeenCalledWith(name, {
        fields: {},
        files: { file: { filename: 'invoice.pdf', bytes, mediaType: 'application/pdf' } },
        query: { lang: 'fr' },
      });
    },
  );

  it('reports a named convert’s progress to its page and cancels it on that page’s request only', async () => {
    const sent: unknown[][] = [];
    const page = {
      ...fromPage,
      sender: { isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) },
    };
    const otherPage = { ...fromPage, sender: { isDestroyed: () => false, send: () => undefined } };
    let signal: AbortSignal | undefined;
    deps.runner.run.mockImplementation(async (_name, _request, control) => {
      signal = control?.signal;
      control?.onProgress?.({ stage: 'ocr', page: 2, pages: 5, step: 'drawing' });
      await new Promise((resolve) => control?.signal?.addEventListener('abort', resolve));
      return { ok: false, status: 499, body: { error: 'cancelled' } };
    });

    const converting = call('convert', page, { files: {} }, 'row-7');
    await call('cancelConvert', otherPage, 'row-7');
    expect(signal?.aborted).toBe(false);
    await call('cancelConvert', page, 'row-7');

    expect(await converting).toMatchObject({ status: 499, body: { error: 'cancelled' } });
    expect(sent).toEqual([
      ['facturx:convertProgress', 'row-7', { stage: 'ocr', page: 2, pages: 5, step: 'drawing' }],
    ]);
  });

  it('refuses a convert named with anything but a short text', async () => {
    expect(await call('convert', fromPage, { files: {} }, { id: 1 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await call('convert', fromPage, { files: {} }, 'x'.repeat(101))).toMatchObject({ status: 400 });
    expect(deps.runner.run).not.toHaveBeenCalled();
  });

  it('runs contract with the empty request', async () => {
    await call('contract', fromPage);
    expect(deps.runner.run).toHaveBeenCalledWith('contract', { fields: {}, files: {}, query: {} });
  });

  it.each([
    ['a string', 'validate me'],
    ['bytes as a plain array', { files: { file: { filename: 'a.xml', bytes: [60, 97] } } }],
    ['a path as file name', { files: { file: { filename: '../../etc/passwd', bytes: new Uint8Array() } } }],
    ['a non-text field', { fields: { options: { mode: 'xml_only' } } }],
    ['an unknown key', { files: {}, channel: 'facturx:saveFile' }],
  ])('refuses %s with a 400 error body, without calling the service', async (_case, input) => {
    const answer = (await call('validate', fromPage, input)) as BridgeResult;

    expect(answer).toMatchObject({ ok: false, status: 400, body: { error: 'invalid_request' } });
    expect((answer.body as { message: string }).message).not.toBe('');
    expect(deps.runner.run).not.toHaveBeenCalled();
  });

  it('hands a profiles request to the service as the HTTP route would, in the language asked', async () => {
    const data = { seller: { name: 'Acme', address: { country_code: 'FR' } } };
    await call('profiles', fromPage, { method: 'PUT', role: 'seller', id: 'acme', data }, 'fr');
    await call('profiles', fromPage, { method: 'GET' }, 'en');
    await call('profiles', fromPage, { method: 'DELETE', role: 'buyer', id: 'client' }, 'de');
    expect(deps.runner.run.mock.calls).toEqual([
      [
        'profiles',
        {
          fields: { operation: 'save', role: 'seller', id: 'acme', body: JSON.stringify({ data }) },
          files: {},
          query: { lang: 'fr' },
        },
      ],
      ['profiles', { fields: { operation: 'list' }, files: {}, query: { lang: 'en' } }],
      ['profiles', { fields: { operation: 'delete', role: 'buyer', id: 'client' }, files: {}, query: {} }],
    ]);
  });

  it.each([
    ['another method', { method: 'POST' }],
    ['an unknown role', { method: 'DELETE', role: 'payee', id: 'x' }],
    ['a missing id', { method: 'PUT', role: 'seller', data: {} }],
    ['an unknown key', { method: 'GET', channel: 'facturx:saveFile' }],
  ])('refuses a profiles request with %s, without calling the service', async (_case, input) => {
    expect(await call('profiles', fromPage, input, 'en')).toMatchObject({
      ok: false,
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(deps.runner.run).not.toHaveBeenCalled();
  });

  it('hands reports to the service as the JSON body the HTTP route reads, and refuses anything but a list', async () => {
    const reports = [{ valid: true }];
    await call('report', fromPage, reports, 'fr');
    expect(deps.runner.run.mock.calls).toEqual([
      ['report', { fields: { body: JSON.stringify({ reports }) }, files: {}, query: { lang: 'fr' } }],
    ]);
    expect(await call('report', fromPage, { reports }, 'fr')).toMatchObject({ status: 400 });
    expect(deps.runner.run).toHaveBeenCalledTimes(1);
  });

  it('answers 403 to a frame that is not the app page', async () => {
    const answer = await call('extract', fromElsewhere, { files: {} });
    expect(answer).toMatchObject({ ok: false, status: 403, body: { error: 'forbidden' } });
    expect(await call('openFileDialog', fromElsewhere, 'pdf')).toEqual([]);
    expect(await call('saveFile', fromElsewhere, 'a.pdf', new Uint8Array([1]))).toEqual({ saved: false });
    expect(deps.runner.run).not.toHaveBeenCalled();
    expect(deps.openFiles).not.toHaveBeenCalled();
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('opens a file dialog of a known kind only, for the calling window', async () => {
    expect(await call('openFileDialog', fromPage, 'invoice')).toEqual([
      { filename: 'a.pdf', bytes: new Uint8Array([1]) },
    ]);
    expect(deps.openFiles).toHaveBeenCalledWith(electron.parent, 'invoice');

    expect(await call('openFileDialog', fromPage, '*.*')).toEqual([]);
    expect(deps.openFiles).toHaveBeenCalledOnce();
  });

  it('exports files into a folder for the calling window, only plain file names with bytes', async () => {
    deps.saveToFolder.mockResolvedValue({ saved: true, folder: '/home/me/out', filenames: ['a.pdf'] });
    const files = [{ filename: 'a.pdf', bytes: new Uint8Array([1]) }];
    expect(await call('saveToFolder', fromPage, files)).toEqual({
      saved: true,
      folder: '/home/me/out',
      filenames: ['a.pdf'],
    });
    expect(deps.saveToFolder).toHaveBeenCalledWith(electron.parent, files);

    for (const refused of [
      [],
      [{ filename: '../x.pdf', bytes: new Uint8Array() }],
      'a.pdf',
      [{ filename: 'a' }],
    ]) {
      expect(await call('saveToFolder', fromPage, refused)).toEqual({ saved: false });
    }
    expect(await call('saveToFolder', fromElsewhere, files)).toEqual({ saved: false });
    expect(deps.saveToFolder).toHaveBeenCalledOnce();
  });

  it('saves bytes under a plain file name only', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await call('saveFile', fromPage, 'facture.pdf', bytes)).toEqual({
      saved: true,
      path: '/home/me/a.pdf',
    });
    expect(deps.saveFile).toHaveBeenCalledWith(electron.parent, { filename: 'facture.pdf', bytes });

    expect(await call('saveFile', fromPage, '/etc/cron.d/x', bytes)).toEqual({ saved: false });
    expect(await call('saveFile', fromPage, 'a.pdf', 'not bytes')).toEqual({ saved: false });
    expect(deps.saveFile).toHaveBeenCalledOnce();
  });
});

describe('IPC handlers of the work queue', () => {
  const entry: NewQueueEntry = {
    file: { filename: 'facture.pdf', bytes: new Uint8Array([37, 80, 68, 70]), mediaType: 'application/pdf' },
    kind: 'pdf',
    target: 'france_2026',
    work: 'under_way',
    state: '{"answers":{}}',
  };
  const kept: QueueEntry = {
    id: 'q-1',
    file: entry.file,
    kind: 'pdf',
    target: 'france_2026',
    status: 'interrupted',
    state: entry.state,
    addedAt: '2026-05-04T10:00:00.000Z',
    updatedAt: '2026-05-04T10:00:00.000Z',
  };

  it('lists, adds, updates and removes entries of the store through their own channels', async () => {
    deps.queue.list.mockResolvedValue([kept]);
    deps.queue.add.mockResolvedValue(['q-1', 'q-2']);
    deps.queue.update.mockResolvedValue(true);
    deps.queue.remove.mockResolvedValue(1);
    const change = { target: 'en16931', work: 'finished', state: '{}' } as const;

    expect(await call('queueList', fromPage)).toEqual([kept]);
    expect(
      await call('queueAdd', fromPage, [
        entry,
        { ...entry, kind: 'json', file: { filename: 'a.json', bytes: new Uint8Array([123]) } },
      ]),
    ).toEqual(['q-1', 'q-2']);
    expect(await call('queueUpdate', fromPage, 'q-1', change)).toBe(true);
    expect(await call('queueRemove', fromPage, ['q-1', 'q-9'])).toBe(1);

    expect(deps.queue.add).toHaveBeenCalledWith([
      entry,
      { ...entry, kind: 'json', file: { filename: 'a.json', bytes: new Uint8Array([123]) } },
    ]);
    expect(deps.queue.update).toHaveBeenCalledWith('q-1', change);
    expect(deps.queue.remove).toHaveBeenCalledWith(['q-1', 'q-9']);
  });

  it.each([
    ['no list', entry],
    ['an empty list', []],
    ['a path as file name', [{ ...entry, file: { ...entry.file, filename: '../x.pdf' } }]],
    ['bytes as a plain array', [{ ...entry, file: { ...entry.file, bytes: [37, 80] } }]],
    ['an unknown kind', [{ ...entry, kind: 'docx' }]],
    ['an unknown target', [{ ...entry, target: 'xrechnung' }]],
    ['a work status of the store', [{ ...entry, work: 'interrupted' }]],
    ['a state that is no text', [{ ...entry, state: { answers: {} } }]],
    ['an unknown key', [{ ...entry, path: '/home/me/facture.pdf' }]],
  ])('refuses to add %s, rejecting without reaching the store', async (_case, input) => {
    await expect(call('queueAdd', fromPage, input)).rejects.toThrow(/request/i);
    expect(deps.queue.add).not.toHaveBeenCalled();
  });

  it('refuses an update or removal of anything but entry ids and a change, and every call from another page', async () => {
    const change = { target: 'en16931', work: 'finished', state: '{}' };
    await expect(call('queueUpdate', fromPage, 42, change)).rejects.toThrow();
    await expect(
      call('queueUpdate', fromPage, 'q-1', { ...change, status: 'interrupted' }),
    ).rejects.toThrow();
    await expect(
      call('queueUpdate', fromPage, 'q-1', { ...change, state: 'x'.repeat(QUEUE_MAX_STATE_CHARS + 1) }),
    ).rejects.toThrow();
    await expect(call('queueRemove', fromPage, 'q-1')).rejects.toThrow();
    await expect(call('queueRemove', fromPage, [''])).rejects.toThrow();
    await expect(call('queueList', fromElsewhere)).rejects.toThrow();
    await expect(call('queueAdd', fromElsewhere, [entry])).rejects.toThrow();
    await expect(call('queueRemove', fromElsewhere, ['q-1'])).rejects.toThrow();
    for (const operation of ['list', 'add', 'update', 'remove'] as const) {
      expect(deps.queue[operation]).not.toHaveBeenCalled();
    }
  });

  it('rejects with the reason when the store could not do it', async () => {
    deps.queue.list.mockRejectedValue(new Error('SqliteError: database disk image is malformed'));
    await expect(call('queueList', fromPage)).rejects.toThrow('database disk image is malformed');
  });
});

describe('trustedSender', () => {
  const trusted = trustedSender(pageUrl);
  const event = (url: string | undefined) =>
    ({ senderFrame: url === undefined ? null : { url } }) as unknown as IpcMainInvokeEvent;

  it('accepts the app page with a hash or query, nothing else', () => {
    expect(trusted(event(pageUrl))).toBe(true);
    expect(trusted(event(`${pageUrl}#settings`))).toBe(true);
    expect(trusted(event('file:///tmp/evil/index.html'))).toBe(false);
    expect(trusted(event(undefined))).toBe(false);
  });
});
