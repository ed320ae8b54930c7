/**
 * A server's engine threads: validations and repairs run off the thread that answers requests, and
 * their answers are exactly those of the engines run in that thread; a convert stays on it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../core/service/auth';
import { engines } from '../core/service/engines';
import { startServer } from './start';
import { openStore } from './store/open-store';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;
let apiKey: string;
let xml: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-engine-threads-'));
  const storage = await openStore({ dataDir });
  apiKey = (await createApiKey(storage, { email: 'threads@example.com', plan: 'launch' }, new Date())).apiKey;
  await storage.close();
  xml = await readFile(path.join(root, 'core/rules/facturx/fixtures/en16931.xml'), 'utf8');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function post(url: string, endpoint: string, fields: Record<string, string>, file: string) {
  const body = new FormData();
  body.append('file', new Blob([file]), 'invoice.xml');
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${url}/api/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The answer without what differs from one run to the next (times, durations). */
const stable = (body: Record<string, unknown>): string =>
  JSON.stringify(body, (key, value: unknown) =>
    key === 'validatedAt' || key === 'durationMs' || key.endsWith('At') ? undefined : value,
  );

describe('engine threads', () => {
  it('validate and repair off the answering thread, with the answers of the engines run on it', async () => {
    const broken = xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, '<ram:TypeCode>999</ram:TypeCode>');
    const calls = [
      ['validate', { validation_target: 'france_2026' }, xml],
      ['validate', {}, broken],
      ['repair', {}, broken],
    ] as const;
    const inThread = await startServer({ port: 0, dataDir });
    const here = await Promise.all(calls.map(([e, f, x]) => post(inThread.url, e, f, x))).finally(() =>
      inThread.close(),
    );
    const validate = vi.spyOn(engines, 'validate');
    const repair = vi.spyOn(engines, 'repair');
    const threaded = await startServer({ port: 0, dataDir, engineThreads: 2 });
    try {
      const there = await Promise.all(calls.map(([e, f, x]) => post(threaded.url, e, f, x)));
      expect(validate).not.toHaveBeenCalled();
      expect(repair).not.toHaveBeenCalled();
      expect(there.map((a) => a.status)).toEqual(here.map((a) => a.status));
      expect(there.map((a) => stable(a.body))).toEqual(here.map((a) => stable(a.body)));
      expect(here.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(here[1]!.body.valid).toBe(false);
    } finally {
      await threaded.close();
      vi.restoreAllMocks();
    }
  }, 120_000);
});
