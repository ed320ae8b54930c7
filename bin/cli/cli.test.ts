import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertAcceptedSchema, convertResponseSchema } from '../../core/api/convert-response';
import { GOLDEN_EXAMPLES } from '../../core/invoice-data/examples';
import { hashApiKey } from '../../core/service/auth';
import { jobDone } from '../../server/jobs/testing/job-done';
import { storeBytes } from '../../server/store/testing/store-bytes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'bin', 'facturx.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function facturx(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: root }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-cli-'));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('facturx', () => {
  it('prints its help, globally and per subcommand', async () => {
    const global = await facturx('--help');
    expect(global.code).toBe(0);
    for (const command of [
      'validate',
      'extract',
      'convert',
      'repair',
      'contract',
      'openapi',
      'keys',
      'serve',
      'worker',
    ]) {
      expect(global.stdout).toContain(command);
      const own = await facturx(command, '--help');
      expect(own.code, command).toBe(0);
      expect(own.stdout).toContain(`Usage: facturx ${command}`);
    }
  });

  it('converts a folder of invoice_data payloads in one run, a broken one not stopping the rest', async () => {
    const sources = await mkdtemp(path.join(dir, 'invoice-data-'));
    const out = path.join(dir, 'converted');
    for (const example of GOLDEN_EXAMPLES.slice(0, 2)) {
      await writeFile(path.join(sources, `${example.name}.json`), JSON.stringify(example.invoice_data));
    }
    await writeFile(path.join(sources, 'zz-broken.json'), '{not json');
    const run = await facturx(
      'convert',
      '--invoice-data',
      sources,
      '--output',
      'xml_cii',
      '--out',
      out,
      '--jsonl',
    );
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const names = GOLDEN_EXAMPLES.slice(0, 2).map((e) => `${e.name}.json`);
    expect(lines.map((l) => path.basename(String(l.file)))).toEqual([...names.sort(), 'zz-broken.json']);
    expect(lines.slice(0, 2).map((l) => l.success)).toEqual([true, true]);
    expect(lines[2]).toMatchObject({ error: 'invalid_data_format' });
    expect(run.code).toBe(2);
    const written = await readFile(path.join(out, `${GOLDEN_EXAMPLES[0]!.name}.cii.xml`), 'utf8');
    expect(written).toContain('<rsm:CrossIndustryInvoice');
  });

  it('stops quietly when its reader closes the pipe early (facturx … | head)', async () => {
    const child = spawn(process.execPath, [cli, 'contract'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('prints the version of package.json', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const run = await facturx('--version');
    expect(run).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('refuses an unknown flag with exit 2, one line on stderr and an error body with --json', async () => {
    const run = await facturx('validate', 'x.xml', '--bogus', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--bogus');
    const body = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(body).toEqual({ error: 'invalid_options', message: expect.stringContaining('--bogus') });
    const plain = await facturx('frobnicate');
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe('');
  });

  it('says why a document cannot be judged in the language asked with --lang', async () => {
    const broken = path.join(dir, 'broken.xml');
    await writeFile(broken, '<Invoice>\n  <ID>1</Invoice>');
    const fr = await facturx('validate', broken, '--lang', 'fr', '--json');
    expect(fr.code).toBe(2);
    expect(fr.stderr).toContain('Le XML est mal formé (ligne 2, colonne 8)');
    expect(JSON.parse(fr.stdout)).toMatchObject({ error: 'invalid_data_format', field: 'file' });
    const en = await facturx('validate', broken);
    expect(en.stderr).toContain('The XML is not well-formed (line 2, column 8)');
    // The reason comes first in plain words; the code follows as a detail a script can match.
    expect(en.stderr.trim()).toMatch(/^.*broken\.xml: The XML is not well-formed .*\(invalid_data_format\)$/);
  });

  it('refuses a worker without a PostgreSQL store, and job options that are not whole numbers', async () => {
    const worker = await facturx('worker', '--data-dir', dir);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('facturx worker works the jobs of a PostgreSQL store');
    const threads = await facturx('serve', '--job-threads', 'two', '--data-dir', dir);
    expect(threads.code).toBe(2);
    expect(threads.stderr).toContain('--job-threads must be a whole number');
  });

  it('refuses a --rate-limit that is not a whole number', async () => {
    const run = await facturx('serve', '--rate-limit', 'ten', '--data-dir', dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--rate-limit must be a whole number');
  });

  it('exits 2 on a file that does not exist, with an error body on stdout', async () => {
    const run = await facturx('validate', path.join(dir, 'missing.xml'), '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: 'invalid_data_format',
      message: expect.stringMatching(/no such file/),
    });
  });

  it('answers an empty file with the detail-only body of the endpoint, exit 2', async () => {
    const empty = path.join(dir, 'empty.xml');
    await writeFile(empty, '');
    const run = await facturx('validate', empty, '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ detail: 'Uploaded file is empty.' });
  });

  it('runs a folder as a batch, one JSON line per file in name order, a bad file not stopping the rest', async () => {
    const batch = await mkdtemp(path.join(dir, 'batch-'));
    await writeFile(path.join(batch, 'b.xml'), '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"/>');
    await writeFile(path.join(batch, 'a.xml'), '');
    await writeFile(path.join(batch, 'notes.txt'), 'ignored');
    const run = await facturx('validate', batch, '--jsonl');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.file)).toEqual([path.join(batch, 'a.xml'), path.join(batch, 'b.xml')]);
    expect(lines[0]).toMatchObject({ detail: 'Uploaded file is empty.' });
    expect(run.code).toBe(2);
  });

  it('converts an invoice_data to CII (exit 0) and writes nothing when a finding blocks it (exit 1)', async () => {
    const { GOLDEN_EXAMPLES } = await import('../../core/invoice-data/examples');
    const data = GOLDEN_EXAMPLES[0]!.invoice_data;
    const run = async (name: string, payload: unknown) => {
      const json = path.join(dir, `${name}.json`);
      await writeFile(json, JSON.stringify(payload));
      const out = path.join(dir, `${name}.xml`);
      const done = await facturx(
        'convert',
        '--invoice-data',
        json,
        '--output',
        'xml_cii',
        '--out',
        out,
        '--json',
      );
      return {
        code: done.code,
        body: JSON.parse(done.stdout) as unknown,
        written: () => readFile(out, 'utf8'),
      };
    };
    const ok = await run('good', data);
    expect(ok.code).toBe(0);
    expect(ok.body).toMatchObject({ success: true, target: { status: 'verified' } });
    expect(await ok.written()).toContain('<ram:ID>F-2026-0001</ram:ID>');
    const no = await run('bad', { ...data, seller: { ...data.seller, vat_id: undefined } });
    expect(no.code).toBe(1);
    expect(no.body).toMatchObject({ success: false, target: { status: 'failed' } });
    // The answer says which findings block it, and so does the line the command prints.
    expect((no.body as { requirements: unknown[] }).requirements).toContainEqual(
      expect.objectContaining({ ruleId: 'BR-S-02', kind: 'blocking' }),
    );
    await expect(no.written()).rejects.toThrow();
    const plain = await facturx(
      'convert',
      '--invoice-data',
      path.join(dir, 'bad.json'),
      '--output',
      'xml_cii',
      '--out',
      path.join(dir, 'bad.xml'),
    );
    expect(plain.code).toBe(1);
    expect(plain.stdout + plain.stderr).toMatch(/NOT converted: target en16931 failed; blocked by .*BR-S-02/);
  });

  it('prints the integration contract', async () => {
    const run = await facturx('contract', '--json');
    const body = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(run.code).toBe(0);
    expect(body.version).toEqual(expect.any(String));
    expect(body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ bt: 'BT-1' })]));
  });

  it('prints the OpenAPI description of the interface', async () => {
    const run = await facturx('openapi', '--json');
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/convert', '/api/v1/openapi.json']),
    );
    expect((await facturx('openapi', 'extra')).code).toBe(2);
  });

  it('creates, lists and revokes API keys in a data folder, never showing a hash', async () => {
    const dataDir = path.join(dir, 'keys');
    const created = await facturx(
      'keys',
      'create',
      '--email',
      'ops@example.com',
      '--plan',
      'scale',
      '--data-dir',
      dataDir,
      '--json',
    );
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout) as { apiKey: string; tenant: string; plan: string };
    expect(key).toEqual({
      apiKey: expect.stringMatching(/^fxk_/),
      tenant: expect.any(String),
      plan: 'scale',
    });
    const store = await storeBytes(dataDir);
    expect(store).not.toContain(key.apiKey);
    expect(store).toContain(hashApiKey(key.apiKey));

    const listed = JSON.parse(
      (await facturx('keys', 'list', '--data-dir', dataDir, '--json')).stdout,
    ) as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      tenant: key.tenant,
      plan: 'scale',
      email: 'ops@example.com',
      revokedAt: null,
    });
    expect(listed[0]).not.toHaveProperty('hashedKey');

    const revoked = await facturx('keys', 'revoke', String(listed[0]?.id), '--data-dir', dataDir, '--json');
    expect(revoked.code).toBe(0);
    expect((JSON.parse(revoked.stdout) as { revokedAt: unknown }).revokedAt).toEqual(expect.any(String));
    expect((await facturx('keys', 'revoke', 'key_nope', '--data-dir', dataDir)).code).toBe(2);
    expect((await facturx('keys', 'create', '--email', 'not-an-email', '--data-dir', dataDir)).code).toBe(2);
  });

  it('serves: prints the listening line and the sign-in address, answers, works a job in its bundled thread, and stops cleanly on SIGTERM', async () => {
    const dataDir = path.join(dir, 'serve');
    const created = await facturx(
      'keys',
      'create',
      '--email',
      'jobs@example.com',
      '--data-dir',
      dataDir,
      '--json',
    );
    const { apiKey } = JSON.parse(created.stdout) as { apiKey: string };
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [url, open] = await new Promise<string[]>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      const lines: string[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (lines.push(line) === 2) resolve(lines);
      });
    });
    expect(url).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const base = url!.replace('listening on ', '');
    expect(open).toMatch(new RegExp(`^open ${base}/#sign-in=[A-Za-z0-9_-]{43}$`));
    const response = await fetch(`${base}/api/v1/validate`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('authentication_required');

    const form = new FormData();
    form.append('invoice_data', JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data));
    form.append('output', 'xml_cii');
    const accepted = await fetch(`${base}/api/v1/convert`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, Prefer: 'respond-async' },
      body: form,
    });
    expect(accepted.status).toBe(202);
    const { jobId } = convertAcceptedSchema.parse(await accepted.json()).result;
    const job = await jobDone(base, apiKey, jobId);
    expect(job.outcome?.status).toBe(200);
    expect(convertResponseSchema.parse(job.outcome?.body).result.processedInvoicesCharged).toBe(1);

    const token = open!.replace(/^.*#sign-in=/, '');
    const signedIn = await fetch(`${base}/public/local-sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(signedIn.status).toBe(201);
    child.removeAllListeners('exit');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
