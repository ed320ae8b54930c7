import { describe, expect, it, vi } from 'vitest';
import type { FacturxBridge } from '../../../core/bridge/facturx-bridge';
import { ipcBackend } from './ipc-backend';

const invoice = { filename: 'f.pdf', bytes: new Uint8Array([37, 80, 68, 70]), mediaType: 'application/pdf' };

function bridge(overrides: Partial<FacturxBridge>): FacturxBridge {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    validate: unused,
    extract: unused,
    convert: unused,
    cancelConvert: unused,
    onConvertProgress: () => () => undefined,
    repair: unused,
    contract: unused,
    limits: unused,
    profiles: unused,
    report: unused,
    openFileDialog: unused,
    saveFile: unused,
    saveToFolder: unused,
    queueList: unused,
    queueAdd: unused,
    queueUpdate: unused,
    queueRemove: unused,
    ...overrides,
  };
}

describe('ipcBackend', () => {
  it('calls the named bridge operation with the file, language and target and reads its result', async () => {
    const extract = vi.fn<FacturxBridge['extract']>(async () => ({
      ok: false,
      status: 422,
      body: { error: 'unextractable_pdf', message: 'No embedded XML.' },
    }));
    const backend = ipcBackend(bridge({ extract }));

    const answer = await backend.run('extract', invoice, { lang: 'fr', validationTarget: 'france_2026' });

    expect(backend.kind).toEqual({ type: 'offline' });
    expect(extract).toHaveBeenCalledWith({
      files: { file: invoice },
      fields: { validation_target: 'france_2026' },
      query: { lang: 'fr' },
    });
    expect(answer).toEqual({
      ok: false,
      status: 422,
      error: { error: 'unextractable_pdf', message: 'No embedded XML.' },
    });
  });

  it('sends convert fields through the bridge, with or without a file', async () => {
    const convert = vi.fn<FacturxBridge['convert']>(async () => ({ ok: true, status: 200, body: {} }));
    const backend = ipcBackend(bridge({ convert }));
    const options = { lang: 'en', validationTarget: 'en16931' } as const;

    await backend.run('convert', null, options, { invoice_data: '{}', output: 'xml_cii' });
    await backend.run('convert', invoice, options, { dry_run: 'true' });

    expect(convert.mock.calls).toEqual([
      [
        {
          files: {},
          fields: { invoice_data: '{}', output: 'xml_cii', validation_target: 'en16931' },
          query: { lang: 'en' },
        },
      ],
      [
        {
          files: { file: invoice },
          fields: { dry_run: 'true', validation_target: 'en16931' },
          query: { lang: 'en' },
        },
      ],
    ]);
  });

  it('reports a failed bridge call as a value', async () => {
    const backend = ipcBackend(bridge({ validate: () => Promise.reject(new Error('worker died')) }));
    expect(await backend.run('validate', invoice, { lang: 'en', validationTarget: 'en16931' })).toMatchObject(
      {
        ok: false,
        status: 0,
        error: { error: 'backend_unreachable', message: 'Error: worker died' },
      },
    );
  });

  it('hands each profiles request to the bridge as the contract shapes it', async () => {
    const record = { id: 'acme', role: 'seller', version: 3, name: 'Acme', updatedAt: '', data: {} };
    const profiles = vi.fn<FacturxBridge['profiles']>(async (request) =>
      request.method === 'DELETE'
        ? { ok: false, status: 404, body: { error: 'seller_profile_not_found', message: 'No such profile.' } }
        : { ok: true, status: 200, body: request.method === 'GET' ? { profiles: [record] } : record },
    );
    const backend = ipcBackend({ ...bridge({}), profiles });

    expect(await backend.profiles({ method: 'GET' }, 'en')).toEqual({
      ok: true,
      status: 200,
      body: { profiles: [record] },
    });
    await backend.profiles({ method: 'PUT', role: 'seller', id: 'acme', data: { seller: {} } }, 'en');
    expect(await backend.profiles({ method: 'DELETE', role: 'seller', id: 'acme' }, 'fr')).toEqual({
      ok: false,
      status: 404,
      error: { error: 'seller_profile_not_found', message: 'No such profile.' },
    });
    expect(profiles.mock.calls).toEqual([
      [{ method: 'GET' }, 'en'],
      [{ method: 'PUT', role: 'seller', id: 'acme', data: { seller: {} } }, 'en'],
      [{ method: 'DELETE', role: 'seller', id: 'acme' }, 'fr'],
    ]);
  });

  it('asks the bridge to draw reports as a PDF, in the language given', async () => {
    const report = vi.fn<FacturxBridge['report']>(async () => ({
      ok: true,
      status: 200,
      body: { filename: 'validation-report.pdf', pdf: 'JVBERg==' },
    }));
    const backend = ipcBackend({ ...bridge({}), report });
    expect(await backend.report?.([{ valid: true }], 'fr')).toEqual({
      ok: true,
      status: 200,
      body: { filename: 'validation-report.pdf', pdf: 'JVBERg==' },
    });
    expect(report.mock.calls).toEqual([[[{ valid: true }], 'fr']]);
  });

  it('names a followed convert, hands it its checked progress and cancels it through the bridge', async () => {
    let listener: Parameters<FacturxBridge['onConvertProgress']>[0] | undefined;
    let settle: (result: { ok: boolean; status: number; body: unknown }) => void = () => undefined;
    const convert = vi.fn<FacturxBridge['convert']>(() => new Promise((resolve) => (settle = resolve)));
    const cancelConvert = vi.fn<FacturxBridge['cancelConvert']>(async () => undefined);
    const stop = vi.fn();
    const backend = ipcBackend(
      bridge({
        convert,
        cancelConvert,
        onConvertProgress: (heard) => {
          listener = heard;
          return stop;
        },
      }),
    );
    const heard: unknown[] = [];
    const cancel = new AbortController();

    const answer = backend.run(
      'convert',
      invoice,
      { lang: 'en', validationTarget: 'en16931' },
      {},
      {
        signal: cancel.signal,
        onProgress: (progress) => heard.push(progress),
      },
    );
    const callId = convert.mock.calls[0]![1]!;
    listener?.(callId, { stage: 'ocr', page: 1, pages: 2, step: 'recognising' });
    listener?.(callId, { stage: 'ocr', page: 0 } as never);
    listener?.('another-call', { stage: 'validating' });
    cancel.abort();

    expect(await answer).toMatchObject({ ok: false, status: 499, error: { error: 'cancelled' } });
    expect(cancelConvert).toHaveBeenCalledWith(callId);
    expect(heard).toEqual([{ stage: 'ocr', page: 1, pages: 2, step: 'recognising' }]);
    settle({ ok: false, status: 499, body: { error: 'cancelled', message: 'cancelled' } });
    await vi.waitFor(() => expect(stop).toHaveBeenCalledOnce());
  });

  it('keeps the queue through the bridge’s named queue operations', async () => {
    const queueAdd = vi.fn<FacturxBridge['queueAdd']>(async () => ['q-1']);
    const queueUpdate = vi.fn<FacturxBridge['queueUpdate']>(async () => true);
    const queueRemove = vi.fn<FacturxBridge['queueRemove']>(async () => 1);
    const queueList = vi.fn<FacturxBridge['queueList']>(async () => []);
    const { queue } = ipcBackend(bridge({ queueAdd, queueUpdate, queueRemove, queueList }));
    const change = { target: 'en16931', work: 'finished', state: '{}' } as const;
    const entry = { file: invoice, kind: 'pdf', ...change } as const;

    expect(await queue?.list()).toEqual([]);
    expect(await queue?.add([entry])).toEqual(['q-1']);
    expect(await queue?.update('q-1', change)).toBe(true);
    expect(await queue?.remove(['q-1'])).toBe(1);
    expect(queueAdd).toHaveBeenCalledWith([entry]);
    expect(queueUpdate).toHaveBeenCalledWith('q-1', change);
    expect(queueRemove).toHaveBeenCalledWith(['q-1']);
  });
});
