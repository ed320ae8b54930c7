/** The fuzz suites' judge tells a coded answer from everything else. */
import { describe, expect, it } from 'vitest';
import { apiError } from '../api/errors';
import { notACodedAnswer } from './coded-answer';

describe('notACodedAnswer', () => {
  it('takes a result and a refusal of the Errors table at one of its statuses', () => {
    expect(notACodedAnswer({ ok: true, status: 200, body: { valid: true } })).toBeNull();
    const refusal = apiError('unextractable_pdf', { reason: 'unreadable' });
    expect(notACodedAnswer({ ok: false, ...refusal })).toBeNull();
    expect(notACodedAnswer({ ok: false, status: 400, body: { detail: 'empty' } })).toBeNull();
  });

  it('names a crash the service caught, a code outside the table, a wrong status or body', () => {
    expect(notACodedAnswer({ ok: false, ...apiError('internal_error') })).toMatch(/^internal_error/);
    expect(
      notACodedAnswer({ ok: false, status: 422, body: { error: 'exploded', message: 'x' } as never }),
    ).toMatch(/outside the Errors table/);
    const refusal = apiError('unextractable_pdf', { reason: 'unreadable' });
    expect(notACodedAnswer({ ok: false, ...refusal, status: 500 })).toBe('unextractable_pdf with status 500');
    expect(notACodedAnswer({ ok: false, status: 422, body: { detail: 'x' } })).toMatch(/detail body/);
  });
});
