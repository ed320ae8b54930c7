import { describe, expect, it, vi } from 'vitest';
import { bridgeOperations, type FacturxBridge } from '../core/bridge/facturx-bridge';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, status: 200, body: {} })),
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.listeners.set(channel, new Set([...(electron.listeners.get(channel) ?? []), listener])),
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.listeners.get(channel)?.delete(listener),
  },
}));

await import('./preload');

describe('preload', () => {
  const api = electron.exposed.get('facturx') as FacturxBridge;

  it('exposes one object, window.facturx, with exactly the named operations', () => {
    expect([...electron.exposed.keys()]).toEqual(['facturx']);
    expect(Object.keys(api).sort()).toEqual([...bridgeOperations].sort());
    for (const operation of bridgeOperations) expect(typeof api[operation]).toBe('function');
  });

  it('sends each operation on its own channel with its own arguments', async () => {
    const request = { files: { file: { filename: 'a.xml', bytes: new Uint8Array([60]) } } };
    await api.validate(request);
    await api.convert(request, 'row-1');
    await api.cancelConvert('row-1');
    await api.repair(request);
    await api.contract();
    await api.openFileDialog('pdf');
    await api.saveFile('out.pdf', new Uint8Array([1]));
    const change = { target: 'en16931', work: 'finished', state: '{}' } as const;
    await api.queueList();
    await api.queueUpdate('q-1', change);
    await api.queueRemove(['q-1']);

    expect(electron.invoke.mock.calls).toEqual([
      ['facturx:validate', request],
      ['facturx:convert', request, 'row-1'],
      ['facturx:cancelConvert', 'row-1'],
      ['facturx:repair', request],
      ['facturx:contract'],
      ['facturx:openFileDialog', 'pdf'],
      ['facturx:saveFile', 'out.pdf', new Uint8Array([1])],
      ['facturx:queueList'],
      ['facturx:queueUpdate', 'q-1', change],
      ['facturx:queueRemove', ['q-1']],
    ]);
  });

  it('hands the page a convert’s name and progress, not the IPC event, until it stops listening', () => {
    const heard: unknown[][] = [];
    const stop = api.onConvertProgress((...args) => heard.push(args));
    const emit = () =>
      electron.listeners
        .get('facturx:convertProgress')
        ?.forEach((listener) => listener({ sender: 'main' }, 'row-1', { stage: 'validating' }));

    emit();
    stop();
    emit();

    expect(heard).toEqual([['row-1', { stage: 'validating' }]]);
  });
});
