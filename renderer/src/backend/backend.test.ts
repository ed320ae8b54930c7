import { describe, expect, it } from 'vitest';
import { quotaExceededBody } from '../testing/sample-bodies';
import { errorBody, quotaOf, toAnswer } from './backend';

describe('toAnswer', () => {
  it('keeps an error body with its code, message and extra fields', () => {
    const body = { error: 'rate_limit_exceeded', message: 'Too many requests.', retry_after_seconds: 5 };
    expect(toAnswer(false, 429, body)).toEqual({ ok: false, status: 429, error: body });
  });

  it('reads the `{ detail }` form of some 400 answers and non-JSON bodies', () => {
    expect(errorBody({ detail: 'Uploaded file is empty.' }, 400)).toEqual({
      detail: 'Uploaded file is empty.',
      error: 'http_400',
      message: 'Uploaded file is empty.',
    });
    expect(errorBody('Bad gateway', 502)).toEqual({ error: 'http_502', message: 'Bad gateway' });
  });

  it('takes the quota from a success body and from quota_exceeded, with its period and next steps', () => {
    expect(toAnswer(true, 200, { result: { remainingInvoices: 7 } }).quota).toEqual({ remaining: 7 });
    expect(toAnswer(false, 402, quotaExceededBody).quota).toEqual({
      remaining: 0,
      limit: 10,
      plan: 'sandbox',
      exceeded: {
        periodStart: '2026-11-01T00:00:00.000Z',
        nextSteps: [
          {
            action: 'upgrade_launch',
            label: 'Upgrade to Launch',
            href: '/pricing?plan=launch',
            description: '100 invoices per month.',
          },
          {
            action: 'view_docs',
            label: 'Read the quota documentation',
            href: 'javascript:alert(1)',
            description: '',
          },
        ],
      },
    });
    expect(quotaOf({ ...quotaExceededBody, next_steps: [{ action: 'broken', href: 42 }] })).toMatchObject({
      exceeded: { nextSteps: [] },
    });
    expect(quotaOf({ error: 'quota_exceeded', message: 'm' })).toEqual({
      remaining: 0,
      exceeded: { nextSteps: [] },
    });
    expect(quotaOf({ profile: 'EN16931' })).toBeUndefined();
    expect(quotaOf({ result: { remainingInvoices: -1 } })).toBeUndefined();
  });
});
