/**
 * What the server does with engine answers, the engines replaced by stand-ins (the real ones are tested
 * in their own modules): a PDF for `Accept: application/pdf`, and requests in flight finishing on close.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../core/service/auth';
import { engines } from '../core/service/engines';
import { startServer } from './start';
import { openStore } from './store/open-store';

let dataDir: string;
let apiKey: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-seam-'));
  const storage = await openStore({ dataDir });
  apiKey = (await createApiKey(storage, { email: 'seam@example.com', plan: 'launch' }, new Date())).apiKey;
  await storage.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function form(name: string, content: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  return body;
}

describe('server and engine answers', () => {
  it('cancels a convert whose client went away before its answer', async () => {
    let signal: AbortSignal | undefined;
    let reached: () => void = () => {};
    const started = new Promise<void>((resolve) => (reached = resolve));
    const convert = vi.spyOn(engines, 'convert').mockImplementation(async (input) => {
      signal = input.signal;
      reached();
      await new Promise((resolve) => input.signal?.addEventListener('abort', resolve, { once: true }));
      return { ok: false, status: 499, body: { error: 'cancelled', message: 'cancelled' } };
    });
    const server = await startServer({ port: 0, dataDir });
    try {
      const client = new AbortController();
      const request = fetch(`${server.url}/api/v1/convert`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey },
        body: form('scan.pdf', '%PDF-1.4'),
        signal: client.signal,
      }).catch((e: unknown) => e);
      await started;
      expect(signal?.aborted).toBe(false);
      client.abort();
      await request;
      await vi.waitFor(() => expect(signal?.aborted).toBe(true));
    } finally {
      await server.close();
      convert.mockRestore();
    }
  });

  it('returns the PDF itself for Accept: application/pdf on convert, JSON otherwise', async () => {
    const pdf = '%PDF-1.7 generated';
    const convert = vi.spyOn(engines, 'convert').mockResolvedValue({
      ok: true,
      status: 200,
      body: { success: true, result: { pdf: Buffer.from(pdf).toString('base64') } } as never,
    });
    const server = await startServer({ port: 0, dataDir });
    try {
      const headers = { 'X-API-Key': apiKey, Accept: 'application/pdf' };
      const binary = await fetch(`${server.url}/api/v1/convert`, {
        method: 'POST',
        headers,
        body: form('inv 1.pdf', '%PDF-1.4'),
      });
      expect(binary.status).toBe(200);
      expect(binary.headers.get('content-type')).toBe('application/pdf');
      expect(binary.headers.get('content-disposition')).toBe('attachment; filename="inv_1-facturx.pdf"');
      expect(await binary.text()).toBe(pdf);
      const json = await fetch(`${server.url}/api/v1/convert`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey },
        body: form('inv.pdf', '%PDF-1.4'),
      });
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(convert).toHaveBeenCalledTimes(2);
    } finally {
      await server.close();
      convert.mockRestore();
    }
  });

  it('lets a request in flight finish when it is closed, and then refuses connections', async () => {
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      vi.spyOn(engines, 'validate').mockImplementation(async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return { ok: true, status: 200, body: { valid: true } as never };
      });
    });
    const server = await startServer({ port: 0, dataDir });
    const inFlight = fetch(`${server.url}/api/v1/validate`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
      body: form('a.xml', '<x/>'),
    });
    await started;
    const closed = server.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true });
    await closed;
    await expect(fetch(`${server.url}/`)).rejects.toThrow();
    vi.restoreAllMocks();
  });
});
