/**
 * A batch input that kills its worker thread (here on purpose, through a test worker that ends its thread
 * on inputs named `crash…`, bin/cli/testing/crashing-batch-worker.ts) is answered on its own line as
 * `internal_error` and the batch exits 1, the Errors table's exit code for it; the other inputs are
 * answered as usual, on a worker started in place of the dead one.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorExitCode } from '../../core/api/errors';
import { workerPool } from '../../core/pool/worker-pool';
import { DOCUMENT_COMMANDS } from './document-commands';
import type { OneInput, Outcome } from './run-one';

const here = path.dirname(fileURLToPath(import.meta.url));
const CRASH_EXIT = 70;

vi.mock('./batch-worker', () => ({
  batchPool: ({ workers }: { workers: number }) =>
    workerPool<OneInput, Outcome>(workers, () => {
      // The worker's sources through tsx, as server/jobs/executor.ts starts its threads from sources.
      const entry = pathToFileURL(path.join(here, 'testing', 'crashing-batch-worker.ts')).href;
      const tsx = import.meta.resolve('tsx/esm/api');
      return new Worker(
        `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
        { eval: true, workerData: { crashExit: CRASH_EXIT } },
      );
    }),
}));
const { runDocumentCommand } = await import('./run-documents');

const fixture = path.join(here, '..', '..', 'core', 'rules', 'facturx', 'fixtures', 'en16931.xml');

let dir: string;
let stdout: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-crash-'));
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('a batch worker that dies on an input', () => {
  it('answers that input internal_error on its own line, the others as usual, and exits 1', async () => {
    // The same valid invoice under three names: only the crash makes a difference.
    for (const name of ['a.xml', 'crash.xml', 'c.xml']) await copyFile(fixture, path.join(dir, name));
    const code = await runDocumentCommand(DOCUMENT_COMMANDS.validate, [dir], { jsonl: true, jobs: '2' });
    const lines = stdout
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => path.basename(String(line.file)))).toEqual(['a.xml', 'c.xml', 'crash.xml']);
    const crashed = lines.find((line) => String(line.file).endsWith('crash.xml'));
    expect(crashed).toMatchObject({
      error: 'internal_error',
      message: expect.stringContaining(`exit code ${CRASH_EXIT}`),
    });
    for (const line of lines.filter((l) => l !== crashed)) expect(line).toMatchObject({ valid: true });
    expect(errorExitCode('internal_error')).toBe(1);
    expect(code).toBe(1);
  });

  it('exits 0 on the same inputs when no worker dies', async () => {
    for (const name of ['a.xml', 'b.xml', 'c.xml']) await copyFile(fixture, path.join(dir, name));
    const code = await runDocumentCommand(DOCUMENT_COMMANDS.validate, [dir], { jsonl: true, jobs: '2' });
    expect(code).toBe(0);
  });
});
