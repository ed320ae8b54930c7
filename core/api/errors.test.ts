import { describe, expect, it } from 'vitest';
import {
  apiError,
  apiErrorBodySchema,
  emptyFileError,
  ERROR_CODES,
  ERROR_STATUS,
  errorMessage,
} from './errors';
import { LEGAL_DISCLAIMER } from './disclaimer';

describe('apiError', () => {
  it('gives every code its status and a message in both languages', () => {
    for (const code of ERROR_CODES) {
      const [status] = ERROR_STATUS[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(errorMessage(code, 'en')).not.toBe('');
      expect(errorMessage(code, 'fr')).not.toBe(errorMessage(code, 'en'));
    }
    expect(apiError('authentication_required').status).toBe(401);
    expect(apiError('not_found').status).toBe(404);
    expect(apiError('method_not_allowed').status).toBe(405);
    expect(apiError('ocr_timeout').status).toBe(504);
    expect(apiError('file_too_large').status).toBe(413);
  });

  it('carries the extra fields of the codes that have some', () => {
    expect(apiError('insufficient_data', { missing_fields: ['BT-1'] })).toEqual({
      status: 422,
      body: {
        error: 'insufficient_data',
        message: 'Required invoice data is missing.',
        missing_fields: ['BT-1'],
      },
    });
    expect(
      apiError('ocr_confidence_too_low', { confidence: 52.5, threshold: 70 }, { lang: 'fr' }).body,
    ).toMatchObject({
      confidence: 52.5,
      threshold: 70,
      message: expect.stringMatching(/seuil/),
    });
    expect(apiError('rate_limit_exceeded', { retry_after_seconds: 30 }).status).toBe(429);
    expect(apiError('invalid_invoice_patch', undefined, { status: 422 }).status).toBe(422);
  });

  it('keeps the detail-only body of an empty upload', () => {
    expect(emptyFileError('en')).toEqual({ status: 400, body: { detail: 'Uploaded file is empty.' } });
  });

  it('checks error bodies a client receives, extras included', () => {
    expect(
      apiErrorBodySchema.safeParse(
        apiError('idempotency_in_progress', { processing_since: '2026-01-01T00:00:00.000Z' }).body,
      ).success,
    ).toBe(true);
    expect(apiErrorBodySchema.safeParse({ error: 'idempotency_in_progress', message: 'x' }).success).toBe(
      false,
    );
    expect(
      apiErrorBodySchema.safeParse({ error: 'invalid_data_format', message: 'x', field: 'output' }).success,
    ).toBe(true);
    expect(apiErrorBodySchema.safeParse({ error: 'no_such_code', message: 'x' }).success).toBe(false);
    expect(apiErrorBodySchema.safeParse({ detail: 'Uploaded file is empty.' }).success).toBe(true);
  });
});

describe('LEGAL_DISCLAIMER', () => {
  it('says in both languages that the verdict is neither PA acceptance nor tax compliance', () => {
    expect(LEGAL_DISCLAIMER.en).toMatch(/documentary and technical/);
    expect(LEGAL_DISCLAIMER.en).toMatch(/not acceptance by an approved platform \(PA\)/);
    expect(LEGAL_DISCLAIMER.fr).toMatch(/documentaire et technique/);
    expect(LEGAL_DISCLAIMER.fr).toMatch(/conformité fiscale/);
  });
});
