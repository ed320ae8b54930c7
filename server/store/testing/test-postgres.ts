/**
 * The test run's PostgreSQL, for a test file: a fresh database of its own in the one cluster the global
 * setup starts, or the reason there is none (the suites then say plainly that they did not run).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase } from './postgres-cluster';
import { READY_FILE } from './postgres-global-setup';

export type TestPostgres =
  { readonly ok: true; newDatabase(): Promise<string> } | { readonly ok: false; readonly reason: string };

/** Generous: installing PostgreSQL on a fresh machine takes a while. */
const WAIT_MS = 10 * 60_000;

async function readyState(): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const file = path.join(inject('postgresState'), READY_FILE);
  for (const started = Date.now(); Date.now() - started < WAIT_MS;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text) return JSON.parse(text) as { ok: true; url: string } | { ok: false; reason: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: false, reason: 'the test PostgreSQL did not start in time' };
}

export async function testPostgres(): Promise<TestPostgres> {
  const state = await readyState();
  if (!state.ok) {
    console.warn(`PostgreSQL suites did not run: ${state.reason}`);
    return state;
  }
  return {
    ok: true,
    newDatabase: () => createDatabase(state.url, `test_${randomBytes(6).toString('hex')}`),
  };
}
