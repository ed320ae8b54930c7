/**
 * One table answers every refusal (core/api/errors.ts `ERRORS`: code → HTTP status, CLI exit code), and
 * the three faces of the application answer the same refusal alike: the HTTP server (status and code),
 * the command line (the code in its JSON body, and the exit code) and the desktop bridge (status and
 * code). Every row of the Errors table of api-interface.md is checked against the table; each row a
 * document request can cause is caused on all three faces, the rest where they can happen (the server's
 * own: authentication, quota, rate limit, idempotency). Not caused here: the OCR rows (a real scan and
 * its engine; core/ocr tests cause them), and the rows no input of this implementation causes
 * (validation_profile_unavailable, validation_service_unavailable, ocr_quota_exhausted: every rule set
 * and the OCR engine are local; pdf_validation_failed: our own packaging failing our own checks).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, errorExitCode, type ErrorCode } from '../core/api/errors';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import type { WorkQueue } from '../core/bridge/work-queue';
import { GOLDEN_EXAMPLES } from '../core/invoice-data/examples';
import { blankPdf, encryptedPdf } from '../core/pdf/test-pdfs';
import { localContext, services } from '../core/service';
import { hashApiKey } from '../core/service/auth';
import { validateEngine } from '../core/service/document-engines';
import { engines } from '../core/service/engines';
import { quotaPeriod } from '../core/service/quota';
import { MAX_UPLOAD_BYTES } from '../core/service/request';
import type { FilePart, ServiceRequest } from '../core/service/types';
import { tooManyPages } from '../core/testing/hostile-pdf';
import { goldenCii, nonUtf8Bytes } from '../core/testing/hostile-xml';
import { openStore } from '../server/store/open-store';
import { startTestServer, type TestServer } from '../server/test-server';
import { main } from './cli/main';

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
}));
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: never) => electron.handlers.set(channel, handler) },
  BrowserWindow: { fromWebContents: () => null },
}));
const { registerIpcHandlers } = await import('../electron/ipc');

/** The Errors table of api-interface.md, row for row (`(empty file)` is the `detail`-only 400). */
const SPEC_ROWS: readonly (readonly [number, ErrorCode | '(empty file)'])[] = [
  [400, '(empty file)'],
  [400, 'invalid_options_json'],
  [400, 'invalid_options'],
  [400, 'invalid_invoice_patch'],
  [400, 'invalid_constraints_json'],
  [401, 'authentication_required'],
  [402, 'quota_exceeded'],
  [409, 'idempotency_conflict'],
  [409, 'idempotency_in_progress'],
  [409, 'inline_context_conflict'],
  [413, 'file_too_large'],
  [415, 'unsupported_media_type'],
  [422, 'unextractable_pdf'],
  [422, 'ocr_confidence_too_low'],
  [422, 'insufficient_data'],
  [422, 'invalid_data_format'],
  [422, 'invalid_invoice_patch'],
  [422, 'pdf_validation_failed'],
  [422, 'validation_profile_unavailable'],
  [429, 'rate_limit_exceeded'],
  [503, 'ocr_service_unavailable'],
  [503, 'ocr_quota_exhausted'],
  [503, 'requested_output_unavailable'],
  [503, 'validation_service_unavailable'],
  [504, 'ocr_timeout'],
];

/** Exit code 1: the document was read, and is not valid, not converted or not delivered. */
const DOCUMENT_OUTCOMES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'inline_context_conflict',
  'ocr_confidence_too_low',
  'insufficient_data',
  'pdf_validation_failed',
  'validation_profile_unavailable',
  'ocr_service_unavailable',
  'ocr_quota_exhausted',
  'requested_output_unavailable',
  'validation_service_unavailable',
  'ocr_timeout',
]);

describe('the error table', () => {
  it.each(SPEC_ROWS)('%i %s: the status of the Errors table, and an exit code', (status, code) => {
    if (code === '(empty file)') return;
    expect(ERRORS[code].status).toContain(status);
    expect(errorExitCode(code)).toBe(DOCUMENT_OUTCOMES.has(code) ? 1 : 2);
  });

  const spec = path.resolve(import.meta.dirname, '../../shared/spec/api-interface.md');
  it.runIf(existsSync(spec))('lists exactly the rows of ../shared/spec/api-interface.md', () => {
    const errors = readFileSync(spec, 'utf8').split('## Errors')[1]!.split('\n## ')[0]!;
    const rows = [...errors.matchAll(/^\| (\d{3}) \| (`([a-z_]+)`|\(`detail`: empty file\))/gm)].map(
      ([, status, , code]) => [Number(status), code ?? '(empty file)'],
    );
    expect(rows).toEqual(SPEC_ROWS);
  });
  if (!existsSync(spec))
    it.skip('../shared/spec/api-interface.md is absent: the rows were not compared', () => {});
});

interface Scenario {
  readonly expected: ErrorCode | 'empty_file';
  /** The status when it is not the code's first (invalid_invoice_patch: 400, or 422 for an invalid patch). */
  readonly status?: number;
  readonly service: 'validate' | 'extract' | 'convert' | 'repair';
  readonly files: Readonly<
    Record<string, { readonly name: string; readonly bytes: () => Promise<Uint8Array> }>
  >;
  readonly fields?: Readonly<Record<string, string>>;
  /** The command line's arguments after the subcommand; `{file}` stands for the path of a file part. */
  readonly cli: readonly string[];
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const sync = (bytes: Uint8Array | string) => async () => (typeof bytes === 'string' ? utf8(bytes) : bytes);
const invoiceData = JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data);
const truncatedPdf = async () => (await blankPdf()).subarray(0, 200);
const CORRUPT_PDF = '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj garbage\n%%EOF\n';

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'an empty file': {
    expected: 'empty_file',
    service: 'validate',
    files: { file: { name: 'empty.xml', bytes: sync(new Uint8Array()) } },
    cli: ['{file}'],
  },
  'options that are not JSON': {
    expected: 'invalid_options_json',
    service: 'convert',
    files: { invoice_data: { name: 'invoice.json', bytes: sync(invoiceData) } },
    fields: { options: '{not json', output: 'xml_cii' },
    cli: ['--invoice-data', '{invoice_data}', '--options', '{not json', '--output', 'xml_cii'],
  },
  'the legacy xml_only mode on a final conversion': {
    expected: 'invalid_options',
    service: 'convert',
    files: { invoice_data: { name: 'invoice.json', bytes: sync(invoiceData) } },
    fields: { options: '{"mode":"xml_only"}' },
    cli: ['--invoice-data', '{invoice_data}', '--options', '{"mode":"xml_only"}'],
  },
  'an invoice_patch beside a full invoice_data': {
    expected: 'invalid_invoice_patch',
    service: 'convert',
    files: {
      invoice_data: { name: 'invoice.json', bytes: sync(invoiceData) },
      invoice_patch: {
        name: 'patch.json',
        bytes: sync('{"payment":{"iban":"FR7630006000011234567890189"}}'),
      },
    },
    fields: { output: 'xml_cii' },
    cli: ['--invoice-data', '{invoice_data}', '--invoice-patch', '{invoice_patch}', '--output', 'xml_cii'],
  },
  'repair constraints that are not JSON': {
    expected: 'invalid_constraints_json',
    service: 'repair',
    files: { file: { name: 'invoice.xml', bytes: sync(goldenCii()) } },
    fields: { constraints: '{' },
    cli: ['{file}', '--constraints', '{'],
  },
  'a seller context that contradicts the document': {
    expected: 'inline_context_conflict',
    service: 'convert',
    files: {
      cii: { name: 'invoice.xml', bytes: sync(goldenCii()) },
      seller_context: {
        name: 'seller.json',
        bytes: sync('{"electronic_address":{"value":"someone.else@example.com","scheme_id":"EM"}}'),
      },
    },
    fields: { output: 'xml_cii' },
    cli: ['--cii', '{cii}', '--seller-context', '{seller_context}', '--output', 'xml_cii'],
  },
  'a file over the upload bound': {
    expected: 'file_too_large',
    service: 'validate',
    files: { file: { name: 'big.xml', bytes: sync(new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x20)) } },
    cli: ['{file}'],
  },
  'a picture where a document is expected': {
    expected: 'unsupported_media_type',
    service: 'validate',
    files: {
      file: { name: 'scan.png', bytes: sync(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])) },
    },
    cli: ['{file}'],
  },
  // An unreadable PDF, to validate as to extract: one exit code, 2 (issue 12 found 1 for these).
  ...Object.fromEntries(
    (
      [
        ['an encrypted PDF', 'encrypted.pdf', encryptedPdf],
        ['a truncated PDF', 'truncated.pdf', truncatedPdf],
        ['a corrupt PDF (a header and no document)', 'corrupt.pdf', sync(CORRUPT_PDF)],
      ] as const
    ).flatMap(([what, name, bytes]) =>
      (['validate', 'extract'] as const).map((service): [string, Scenario] => [
        `${what} to ${service}`,
        { expected: 'unextractable_pdf', service, files: { file: { name, bytes } }, cli: ['{file}'] },
      ]),
    ),
  ),
  'a PDF beyond the bounds (a page tree of a million pages) to convert': {
    expected: 'unextractable_pdf',
    service: 'convert',
    files: { file: { name: 'pages.pdf', bytes: async () => tooManyPages() } },
    fields: { dry_run: 'true' },
    cli: ['{file}', '--dry-run'],
  },
  'an invoice_patch with an impossible date': {
    expected: 'invalid_invoice_patch',
    status: 422,
    service: 'convert',
    files: {
      file: { name: 'carrier.pdf', bytes: () => blankPdf() },
      invoice_patch: { name: 'patch.json', bytes: sync('{"issue_date":"2026-02-30"}') },
    },
    fields: { dry_run: 'true' },
    cli: ['{file}', '--invoice-patch', '{invoice_patch}', '--dry-run'],
  },
  'an invoice_data without most of its terms': {
    expected: 'insufficient_data',
    service: 'convert',
    files: { invoice_data: { name: 'invoice.json', bytes: sync('{"number":"X"}') } },
    fields: { output: 'xml_cii' },
    cli: ['--invoice-data', '{invoice_data}', '--output', 'xml_cii'],
  },
  'XML with bytes that are not UTF-8': {
    expected: 'invalid_data_format',
    service: 'validate',
    files: { file: { name: 'latin1.xml', bytes: sync(nonUtf8Bytes()) } },
    cli: ['{file}'],
  },
  'a carrier PDF that cannot become PDF/A-3 (JavaScript)': {
    expected: 'requested_output_unavailable',
    service: 'convert',
    files: {
      file: { name: 'carrier.pdf', bytes: () => blankPdf({ javascript: true }) },
      invoice_data: { name: 'invoice.json', bytes: sync(invoiceData) },
    },
    cli: ['{file}', '--invoice-data', '{invoice_data}'],
  },
};

/** Text fields the command line reads from files (`--invoice-data F.json`), as form fields. */
const TEXT_PARTS = new Set(['invoice_data', 'invoice_patch', 'seller_context', 'buyer_context']);

async function serviceRequest(scenario: Scenario): Promise<ServiceRequest> {
  const fields: Record<string, string> = { ...scenario.fields };
  const files: Record<string, FilePart> = {};
  for (const [part, file] of Object.entries(scenario.files)) {
    const bytes = await file.bytes();
    if (TEXT_PARTS.has(part)) fields[part] = Buffer.from(bytes).toString('utf8');
    else files[part] = { filename: file.name, bytes };
  }
  return { fields, files, query: {} };
}

const codeOf = (body: unknown): string => {
  const b = body as { error?: string; detail?: string };
  return b.error ?? (b.detail !== undefined ? 'empty_file' : '?');
};

/** The work queue plays no part in what the services refuse. */
const unusedQueue: WorkQueue = {
  list: async () => [],
  add: async () => [],
  update: async () => false,
  remove: async () => 0,
};

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({
    rateLimitPerMinute: 0,
    start: '2026-09-01T08:00:00Z',
    keyEmails: ['a@example.com', 'b@example.com'],
  });
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-refusals-'));
  registerIpcHandlers({
    runner: {
      run: async (name, request) => {
        try {
          return (await services[name](request, localContext())) as BridgeResult;
        } catch (error) {
          return { ok: false, status: 500, body: { error: 'internal_error', message: String(error) } };
        }
      },
      close: async () => undefined,
    },
    queue: unusedQueue,
    isTrustedSender: () => true,
    openFiles: async () => [],
    saveFile: async () => ({ saved: false }),
    saveToFolder: async () => ({ saved: false }),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function overHttp(
  scenario: Scenario,
  request: ServiceRequest,
): Promise<{ status: number; code: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.fields)) form.append(name, value);
  for (const [name, file] of Object.entries(request.files))
    form.append(name, new Blob([file.bytes]), file.filename);
  const answer = await fetch(`${server.url}/api/v1/${scenario.service}`, {
    method: 'POST',
    headers: { 'X-API-Key': server.keys[0]! },
    body: form,
  });
  return { status: answer.status, code: codeOf(await answer.json()) };
}

async function overBridge(
  scenario: Scenario,
  request: ServiceRequest,
): Promise<{ status: number; code: string }> {
  const handler = electron.handlers.get(`facturx:${scenario.service}`)!;
  const answer = (await handler({}, request)) as BridgeResult;
  return { status: answer.ok ? 200 : answer.status, code: answer.ok ? 'none' : codeOf(answer.body) };
}

async function onCommandLine(scenario: Scenario): Promise<{ exit: number; code: string }> {
  const folder = await mkdtemp(path.join(dir, 'case-'));
  const paths: Record<string, string> = {};
  for (const [part, file] of Object.entries(scenario.files)) {
    paths[part] = path.join(folder, file.name);
    await writeFile(paths[part]!, await file.bytes());
  }
  const args = scenario.cli.map((a) => a.replace(/^\{(\w+)\}$/, (_m, part: string) => paths[part] ?? a));
  const printed: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const exit = await main([scenario.service, ...args, '--json']);
    return { exit, code: codeOf(JSON.parse(printed.join('').trim().split('\n').at(-1) ?? '{}')) };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('the same refusal on the server, the command line and the desktop bridge', () => {
  it.each(Object.entries(SCENARIOS))('%s', async (_name, scenario) => {
    const request = await serviceRequest(scenario);
    const direct = await services[scenario.service](request, localContext());
    const expectedStatus =
      scenario.expected === 'empty_file' ? 400 : (scenario.status ?? ERRORS[scenario.expected].status[0]);
    if (scenario.expected !== 'empty_file')
      expect(ERRORS[scenario.expected].status).toContain(expectedStatus);
    const expectedExit = scenario.expected === 'empty_file' ? 2 : errorExitCode(scenario.expected);
    expect({ status: direct.status, code: codeOf(direct.body) }).toEqual({
      status: expectedStatus,
      code: scenario.expected,
    });
    expect(await overHttp(scenario, request)).toEqual({ status: expectedStatus, code: scenario.expected });
    expect(await overBridge(scenario, request)).toEqual({ status: expectedStatus, code: scenario.expected });
    expect(await onCommandLine(scenario)).toEqual({ exit: expectedExit, code: scenario.expected });
  });

  it('answers the server’s own refusals from the same table', async () => {
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([goldenCii()]), 'invoice.xml');
      return f;
    };
    const noKey = await fetch(`${server.url}/api/v1/validate`, { method: 'POST', body: form() });
    expect([noKey.status, codeOf(await noKey.json())]).toEqual([
      ERRORS.authentication_required.status[0],
      'authentication_required',
    ]);
    const headers = { 'X-API-Key': server.keys[0]!, 'Idempotency-Key': 'same-key' };
    await fetch(`${server.url}/api/v1/validate`, { method: 'POST', headers, body: form() });
    const other = new FormData();
    other.append(
      'file',
      new Blob([
        goldenCii().replace('</rsm:CrossIndustryInvoice>', '<!-- other --></rsm:CrossIndustryInvoice>'),
      ]),
      'invoice.xml',
    );
    const conflict = await fetch(`${server.url}/api/v1/validate`, { method: 'POST', headers, body: other });
    expect([conflict.status, codeOf(await conflict.json())]).toEqual([
      ERRORS.idempotency_conflict.status[0],
      'idempotency_conflict',
    ]);
  });

  it('answers a call under a key still running, a used quota and a rate limit from the same table', async () => {
    const post = (url: string, headers: Record<string, string>) =>
      fetch(`${url}/api/v1/validate`, {
        method: 'POST',
        headers,
        body: (() => {
          const f = new FormData();
          f.append('file', new Blob([goldenCii()]), 'invoice.xml');
          return f;
        })(),
      }).then(async (r) => [r.status, codeOf(await r.json())]);
    const key = server.keys[0]!;

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = vi.spyOn(engines, 'validate').mockImplementationOnce(async (input) => {
      await held;
      return validateEngine(input);
    });
    const first = post(server.url, { 'X-API-Key': key, 'Idempotency-Key': 'still-running' });
    await vi.waitFor(() => expect(slow).toHaveBeenCalled());
    expect(await post(server.url, { 'X-API-Key': key, 'Idempotency-Key': 'still-running' })).toEqual([
      ERRORS.idempotency_in_progress.status[0],
      'idempotency_in_progress',
    ]);
    release();
    expect((await first)[0]).toBe(200);
    slow.mockRestore();

    const store = await openStore({ dataDir: server.dataDir });
    const { tenant } = (await store.findApiKeyByHash(hashApiKey(server.keys[1]!)))!;
    const period = quotaPeriod((await store.getTenant(tenant))!, server.now())!;
    for (let i = 0; i < period.limit; i += 1) {
      const reservation = {
        id: `used-${i}`,
        tenant,
        periodStart: period.start,
        expiresAt: '2099-01-01T00:00:00Z',
      };
      await store.reserve(reservation, period.limit);
      await store.settle(reservation.id, 'charge');
    }
    await store.close();
    expect(await post(server.url, { 'X-API-Key': server.keys[1]! })).toEqual([
      ERRORS.quota_exceeded.status[0],
      'quota_exceeded',
    ]);

    const limited = await startTestServer({
      rateLimitPerMinute: 1,
      start: '2026-09-01T08:00:00Z',
      keyEmails: ['c@example.com'],
    });
    try {
      const headers = { 'X-API-Key': limited.keys[0]! };
      expect((await post(limited.url, headers))[0]).toBe(200);
      expect(await post(limited.url, headers)).toEqual([
        ERRORS.rate_limit_exceeded.status[0],
        'rate_limit_exceeded',
      ]);
    } finally {
      await limited.close();
    }
  });
});
