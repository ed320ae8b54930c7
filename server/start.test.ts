import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../core/service/auth';
import { MAX_BODY_BYTES } from './read-request';
import { startServer, type RunningServer } from './start';
import { openStore } from './store/open-store';

let dir: string;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-server-'));
  dataDir = path.join(dir, 'data');
  const staticDir = path.join(dir, 'web');
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Factur-X Desk</title>');
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the web folder');
  server = await startServer({ port: 0, dataDir, staticDir });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A GET with the path sent byte for byte (fetch would normalize dot segments first). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function pdfForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
  return form;
}

describe('the /api/v1 routes', () => {
  it.each(['convert', 'extract', 'repair', 'validate'])(
    'refuses POST /api/v1/%s without a key (401)',
    async (route) => {
      const response = await fetch(`${server.url}/api/v1/${route}`, { method: 'POST', body: pdfForm() });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.error).toBe('authentication_required');
      expect(body.message).toMatch(/X-API-Key/);
    },
  );

  it('refuses an unknown or revoked key, and answers in French when asked', async () => {
    const response = await fetch(`${server.url}/api/v1/validate?lang=fr`, {
      method: 'POST',
      headers: { 'X-API-Key': 'fxk_not-a-key' },
      body: pdfForm(),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Authentification requise/);
  });

  it('answers 404 not_found for an unknown /api/v1 path', async () => {
    const response = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe('not_found');
  });

  it('answers 405 method_not_allowed with Allow for a wrong method', async () => {
    const get = await fetch(`${server.url}/api/v1/convert`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(((await get.json()) as { error: string }).error).toBe('method_not_allowed');
    const post = await fetch(`${server.url}/api/v1/integration-contract`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('serves the integration contract without a key, HEAD mirroring GET without a body', async () => {
    const get = await fetch(`${server.url}/api/v1/integration-contract`);
    const head = await fetch(`${server.url}/api/v1/integration-contract`, { method: 'HEAD' });
    expect(get.status).not.toBe(401);
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
    expect(get.status).toBe(200);
    const body = (await get.json()) as Record<string, unknown>;
    expect(body.version).toEqual(expect.any(String));
  });

  it('lets a created key past authentication', async () => {
    const storage = await openStore({ dataDir });
    const { apiKey } = await createApiKey(storage, { email: 'test@example.com', plan: 'launch' }, new Date());
    await storage.close();
    const credentials: Record<string, string>[] = [
      { 'X-API-Key': apiKey },
      { Authorization: `Bearer ${apiKey}` },
    ];
    for (const headers of credentials) {
      const response = await fetch(`${server.url}/api/v1/extract`, {
        method: 'POST',
        headers,
        body: pdfForm(),
      });
      expect(response.status).not.toBe(401);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.error).not.toBe('authentication_required');
    }
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.pdf');
    const response = await fetch(`${server.url}/api/v1/validate`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: empty,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Uploaded file is empty.' });
  });

  it('refuses a body over the upload limit with 413 file_too_large', async () => {
    const storage = await openStore({ dataDir });
    const { apiKey } = await createApiKey(storage, { email: 'big@example.com', plan: 'launch' }, new Date());
    await storage.close();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_BODY_BYTES + 1)]), 'big.pdf');
    const response = await fetch(`${server.url}/api/v1/validate`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('file_too_large');
  });
});

describe('the web interface', () => {
  it('serves index.html at / with the security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Factur-X Desk');
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves assets with their content type and 404s unknown paths (no index fallback)', async () => {
    const js = await fetch(`${server.url}/assets/app.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${server.url}/settings`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/`)).status).toBe(404);
  });

  it('refuses paths that leave the web folder', async () => {
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
    ]) {
      const response = await rawGet(attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body).not.toContain('outside the web folder');
    }
  });
});
