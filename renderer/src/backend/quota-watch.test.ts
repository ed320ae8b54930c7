import { describe, expect, it, vi } from 'vitest';
import type { Answer, Backend } from './backend';
import { mergeQuota, watchQuota } from './quota-watch';

const exceeded = { remaining: 0, limit: 10, plan: 'sandbox', exceeded: { nextSteps: [] } };

describe('quota watch', () => {
  it('keeps the plan a 402 named, and forgets the 402 once invoices are left again', () => {
    expect(mergeQuota(undefined, { remaining: 4 })).toEqual({ remaining: 4 });
    expect(mergeQuota({ remaining: 4 }, exceeded)).toEqual(exceeded);
    expect(mergeQuota(exceeded, { remaining: 9 })).toEqual({ remaining: 9, limit: 10, plan: 'sandbox' });
    // More left than the plan allowed: the plan changed, and what was known of it no longer holds.
    expect(mergeQuota(exceeded, { remaining: 99 })).toEqual({ remaining: 99 });
  });

  it('hands on the quota of each answer that carries one, and passes profiles calls through', async () => {
    const answers: Answer[] = [
      { ok: true, status: 200, body: {}, quota: { remaining: 3 } },
      { ok: true, status: 200, body: {} },
    ];
    const profiles = vi.fn<Backend['profiles']>(async () => ({
      ok: true,
      status: 200,
      body: { profiles: [] },
    }));
    const inner: Backend = {
      kind: { type: 'hosted', origin: 'https://api.example.com' },
      run: async () => answers.shift() ?? { ok: true, status: 200, body: {} },
      profiles,
    };
    const seen = vi.fn();
    const watched = watchQuota(inner, seen);
    const options = { lang: 'en', validationTarget: 'en16931' } as const;

    expect(await watched.run('validate', null, options)).toEqual({
      ok: true,
      status: 200,
      body: {},
      quota: { remaining: 3 },
    });
    await watched.run('extract', null, options);
    await watched.profiles({ method: 'GET' }, 'fr');

    expect(seen.mock.calls).toEqual([[{ remaining: 3 }]]);
    expect(watched.kind).toBe(inner.kind);
    expect(profiles).toHaveBeenCalledWith({ method: 'GET' }, 'fr');
  });
});
