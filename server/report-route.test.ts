import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfjsText } from '../core/pdf/pdfjs-testing';
import { startTestServer, type TestServer } from './test-server';

const xml = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../e2e/fixtures/invoice-en16931.xml'),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateLimitPerMinute: 0,
    start: '2026-06-01T09:00:00Z',
    keyEmails: ['a@example.com'],
  });
});
afterAll(() => server.close());

const post = (route: string, body: FormData | string, headers: Record<string, string>) =>
  fetch(`${server.url}${route}`, {
    method: 'POST',
    body,
    headers: { 'X-API-Key': server.keys[0]!, ...headers },
  });

describe('POST /api/v1/report', () => {
  it('draws the reports validate answered as one PDF, in the language asked', async () => {
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'facture.xml');
    const report = await (await post('/api/v1/validate?lang=fr', form, {})).json();

    const answer = await post('/api/v1/report?lang=fr', JSON.stringify({ reports: [report] }), {
      'Content-Type': 'application/json',
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { filename: string; pdf: string };
    expect(body.filename).toBe('facture-rapport-de-validation.pdf');
    const text = (await pdfjsText(Buffer.from(body.pdf, 'base64'))).join('\n');
    expect(text).toContain('Rapport de validation · facture.xml');
    expect(text).toContain('Données de la facture');
  });

  it('refuses what is not a list of reports, and callers without a key', async () => {
    const bad = await post('/api/v1/report', JSON.stringify({ reports: [{ valid: 'yes' }] }), {
      'Content-Type': 'application/json',
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: 'invalid_data_format',
      field: expect.stringMatching(/^reports/),
    });
    const anonymous = await fetch(`${server.url}/api/v1/report`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
  });
});
