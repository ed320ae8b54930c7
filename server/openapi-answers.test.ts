/**
 * The OpenAPI description against real answers of a real server (SQLite, its own job threads): every
 * operation it describes is called, with a success and, where a caller can cause one, a refusal; each
 * answer's status must be one the operation describes, and a JSON body must fit the schema described
 * for that status. Nothing waits on time but the job, polled until done.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/service/auth';
import { GOLDEN_EXAMPLES } from '../core/invoice-data/examples';
import { blankPdf } from '../core/pdf/test-pdfs';
import { schemaErrors } from '../core/testing/json-schema-check';
import { goldenCii } from '../core/testing/hostile-xml';
import { answerSchema, describedDocument, operations } from '../core/testing/openapi-walk';
import { jobDone } from './jobs/testing/job-done';
import { LOCAL_SIGN_IN_PATH } from './public-routes';
import { startServer, type RunningServer } from './start';
import { openStore } from './store/open-store';
import { activationTokenSentTo } from './test-server';

const doc = describedDocument();
const NOW = new Date('2026-06-15T10:00:00.000Z');

let server: RunningServer;
let dataDir: string;
let apiKey: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-openapi-answers-'));
  const store = await openStore({ dataDir });
  apiKey = (await createApiKey(store, { email: 'acme@example.com', plan: 'launch' }, NOW)).apiKey;
  await store.close();
  server = await startServer({ port: 0, dataDir, rateLimitPerMinute: 0, now: () => NOW, jobs: {} });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Each operation called, with the statuses of its answers. */
const called = new Map<string, Set<number>>();

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** Calls `METHOD path` and checks the answer against the operation it is described by. */
async function call(
  method: string,
  route: string,
  init: { headers?: Record<string, string>; body?: FormData | string; key?: boolean } = {},
): Promise<Answer> {
  const template = route.replace(/\?.*$/, '');
  const described = operations(doc).find(
    ([p, m]) => m === method && new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(template),
  );
  if (!described) throw new Error(`${method} ${route} is not described`);
  const [, , op] = described;
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(init.key === false ? {} : { 'X-API-Key': apiKey }), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  const body: unknown = json && text ? JSON.parse(text) : text;
  expect(Object.keys(op.responses), `${op.operationId}: status ${response.status}`).toContain(
    String(response.status),
  );
  if (json && method !== 'HEAD') {
    const schema = answerSchema(op, response.status);
    expect(schema, `${op.operationId} ${response.status}: a JSON schema`).toBeDefined();
    expect(schemaErrors(schema, body, doc), `${op.operationId} ${response.status}`).toEqual([]);
  }
  called.set(op.operationId, (called.get(op.operationId) ?? new Set()).add(response.status));
  return { status: response.status, body };
}

const form = (parts: Record<string, string | [Uint8Array | string, string]>): FormData => {
  const f = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([value[0]]), value[1]);
  }
  return f;
};
const json = (value: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});
const invoiceData = JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data);

describe('real answers of every described operation fit the OpenAPI description', () => {
  it('the document endpoints: validate, repair, convert (200 and 202), the job, extract, report', async () => {
    const validated = await call('POST', '/api/v1/validate', {
      body: form({ file: [goldenCii(), 'invoice.xml'] }),
    });
    expect(validated.status).toBe(200);
    expect((await call('POST', '/api/v1/validate', { body: form({ file: ['<x/>', 'x.xml'] }) })).status).toBe(
      422,
    );
    expect((await call('POST', '/api/v1/validate', { body: form({}), key: false })).status).toBe(401);

    expect(
      (await call('POST', '/api/v1/repair', { body: form({ file: [goldenCii(), 'i.xml'] }) })).status,
    ).toBe(200);
    const badConstraints = form({ file: [goldenCii(), 'i.xml'], constraints: '{' });
    expect((await call('POST', '/api/v1/repair', { body: badConstraints })).status).toBe(400);

    const made = await call('POST', '/api/v1/convert', {
      body: form({ cii: [goldenCii(), 'invoice.xml'], output: 'facturx_pdfa3' }),
    });
    expect(made.status).toBe(200);
    const accepted = await call('POST', '/api/v1/convert', {
      headers: { Prefer: 'respond-async' },
      body: form({ invoice_data: invoiceData, output: 'xml_cii' }),
    });
    expect(accepted.status).toBe(202);
    const jobId = (accepted.body as { result: { jobId: string } }).result.jobId;
    await jobDone(server.url, apiKey, jobId);
    expect((await call('GET', `/api/v1/jobs/${jobId}`)).status).toBe(200);
    expect((await call('GET', '/api/v1/jobs/job_none')).status).toBe(404);
    expect((await call('POST', '/api/v1/convert', { body: form({ options: '{' }) })).status).toBe(400);

    const facturx = Buffer.from((made.body as { result: { pdf: string } }).result.pdf, 'base64');
    expect(
      (await call('POST', '/api/v1/extract', { body: form({ file: [facturx, 'f.pdf'], validate: 'true' }) }))
        .status,
    ).toBe(200);
    const plain = await blankPdf();
    expect((await call('POST', '/api/v1/extract', { body: form({ file: [plain, 'p.pdf'] }) })).status).toBe(
      422,
    );

    expect((await call('POST', '/api/v1/report', json({ reports: [validated.body] }))).status).toBe(200);
    expect((await call('POST', '/api/v1/report', json({ reports: [{ valid: 'yes' }] }))).status).toBe(422);
  });

  it('the descriptions and limits, their HEAD too, and saved profiles', async () => {
    for (const route of ['/api/v1/integration-contract', '/api/v1/openapi.json', '/api/v1/limits']) {
      expect((await call('GET', route, { key: false })).status).toBe(200);
      expect((await call('HEAD', route, { key: false })).status).toBe(200);
    }
    const buyer = { data: { buyer: { name: 'Cabinet Essai', address: { country_code: 'FR' } } } };
    expect((await call('PUT', '/api/v1/profiles/buyer/essai', json(buyer))).status).toBe(200);
    expect((await call('PUT', '/api/v1/profiles/buyer/essai', json({ data: 1 }))).status).toBe(422);
    expect((await call('GET', '/api/v1/profiles')).status).toBe(200);
    expect((await call('GET', '/api/v1/profiles', { key: false })).status).toBe(401);
    expect((await call('DELETE', '/api/v1/profiles/buyer/essai')).status).toBe(200);
    expect((await call('DELETE', '/api/v1/profiles/buyer/essai')).status).toBe(404);
  });

  it('credentials: a bearer token, a sandbox key in two steps, the local sign-in', async () => {
    expect((await call('POST', '/api/v1/auth/token')).status).toBe(200);
    expect((await call('POST', '/api/v1/auth/token', { key: false })).status).toBe(401);

    const email = 'sandbox@example.com';
    expect(
      (await call('POST', '/public/api-keys/free/step1', { ...json({ email }), key: false })).status,
    ).toBe(202);
    expect((await call('POST', '/public/api-keys/free/step1', { ...json({}), key: false })).status).toBe(422);
    const token = await activationTokenSentTo(dataDir, email);
    expect(
      (await call('POST', '/public/api-keys/free/step2', { ...json({ token }), key: false })).status,
    ).toBe(201);
    expect(
      (await call('POST', '/public/api-keys/free/step2', { ...json({ token }), key: false })).status,
    ).toBe(410);

    const signIn = new URL(server.signInUrl!).hash.replace(/^#sign-in=/, '');
    expect((await call('POST', LOCAL_SIGN_IN_PATH, { ...json({ token: signIn }), key: false })).status).toBe(
      201,
    );
    expect((await call('POST', LOCAL_SIGN_IN_PATH, { ...json({ token: signIn }), key: false })).status).toBe(
      410,
    );
  });

  it('left no described operation uncalled', () => {
    expect(
      operations(doc)
        .map(([, , op]) => op.operationId)
        .filter((id) => !called.has(id)),
    ).toEqual([]);
  });
});
