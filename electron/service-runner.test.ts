import { describe, expect, it } from 'vitest';
import type { ServiceCall, ServiceReply } from './service-protocol';
import { serviceRunner, type WorkerLike } from './service-runner';

type Listener = (value: never) => void;

/** A worker that records calls and lets the test answer them, crash or exit. */
function fakeWorker() {
  const listeners: Record<string, Listener[]> = {};
  const calls: ServiceCall[] = [];
  const worker: WorkerLike = {
    postMessage: (call) => calls.push(call),
    on: (event: string, listener: Listener) => (listeners[event] = [...(listeners[event] ?? []), listener]),
    terminate: async () => 0,
  };
  const emit = (event: string, value: unknown) =>
    listeners[event]?.forEach((listener) => listener(value as never));
  return { worker, calls, reply: (reply: ServiceReply) => emit('message', reply), emit };
}

const request = { fields: {}, files: {}, query: {} };

describe('serviceRunner', () => {
  it('matches each reply to its call, whatever the order', async () => {
    const fake = fakeWorker();
    const runner = serviceRunner(() => fake.worker);

    const first = runner.run('validate', request);
    const second = runner.run('contract', request);
    const [a, b] = fake.calls;
    fake.reply({ id: b!.id, result: { ok: true, status: 200, body: 'contract' } });
    fake.reply({ id: a!.id, result: { ok: true, status: 200, body: 'report' } });

    expect(await first).toEqual({ ok: true, status: 200, body: 'report' });
    expect(await second).toEqual({ ok: true, status: 200, body: 'contract' });
    expect(fake.calls.map((c) => ('name' in c ? c.name : 'cancel'))).toEqual(['validate', 'contract']);
  });

  it('fails the calls in flight when the worker dies, then starts a new one', async () => {
    const workers = [fakeWorker(), fakeWorker()];
    let started = 0;
    const runner = serviceRunner(() => workers[started++]!.worker);

    const lost = runner.run('extract', request);
    workers[0]!.emit('error', new Error('out of memory'));
    workers[0]!.emit('exit', 1);

    expect(await lost).toEqual({
      ok: false,
      status: 500,
      body: { error: 'internal_error', message: 'service worker failed: out of memory' },
    });

    const next = runner.run('validate', request);
    expect(started).toBe(2);
    workers[1]!.reply({ id: workers[1]!.calls[0]!.id, result: { ok: true, status: 200, body: {} } });
    expect(await next).toEqual({ ok: true, status: 200, body: {} });
  });

  it('hands a convert its progress, and its cancel to the worker while it runs', async () => {
    const fake = fakeWorker();
    const runner = serviceRunner(() => fake.worker);
    const seen: unknown[] = [];
    const cancel = new AbortController();

    const converting = runner.run('convert', request, {
      signal: cancel.signal,
      onProgress: (progress) => seen.push(progress),
    });
    const id = fake.calls[0]!.id;
    fake.reply({ id, progress: { stage: 'ocr', page: 1, pages: 3, step: 'recognising' } });
    cancel.abort();
    fake.reply({ id, result: { ok: false, status: 499, body: { error: 'cancelled' } } });

    expect(await converting).toEqual({ ok: false, status: 499, body: { error: 'cancelled' } });
    expect(seen).toEqual([{ stage: 'ocr', page: 1, pages: 3, step: 'recognising' }]);
    expect(fake.calls).toEqual([
      { id, name: 'convert', request },
      { id, cancel: true },
    ]);
  });

  it('sends no cancel for a call already answered', async () => {
    const fake = fakeWorker();
    const runner = serviceRunner(() => fake.worker);
    const cancel = new AbortController();

    const done = runner.run('convert', request, { signal: cancel.signal });
    fake.reply({ id: fake.calls[0]!.id, result: { ok: true, status: 200, body: {} } });
    await done;
    cancel.abort();

    expect(fake.calls).toHaveLength(1);
  });

  it('answers each work queue operation with what the worker kept, and rejects with why the store could not', async () => {
    const fake = fakeWorker();
    const runner = serviceRunner(() => fake.worker);
    const change = { target: 'en16931', work: 'finished', state: '{}' } as const;

    const listed = runner.queue.list();
    const updated = runner.queue.update('q-1', change);
    const removed = runner.queue.remove(['q-1']);
    const [list, update, remove] = fake.calls;
    expect(fake.calls.map((c) => ('queue' in c ? c.queue : c))).toEqual([
      { op: 'list' },
      { op: 'update', id: 'q-1', change },
      { op: 'remove', ids: ['q-1'] },
    ]);
    fake.reply({ id: update!.id, queued: { ok: true, value: true } });
    fake.reply({ id: list!.id, queued: { ok: true, value: [] } });
    fake.reply({ id: remove!.id, queued: { ok: false, message: 'SqliteError: disk I/O error' } });

    expect(await listed).toEqual([]);
    expect(await updated).toBe(true);
    await expect(removed).rejects.toThrow('SqliteError: disk I/O error');
  });

  it('rejects the queue operations in flight when the worker dies', async () => {
    const fake = fakeWorker();
    const runner = serviceRunner(() => fake.worker);
    const adding = runner.queue.add([]);
    fake.emit('exit', 1);
    await expect(adding).rejects.toThrow('service worker stopped (exit code 1)');
  });
});
