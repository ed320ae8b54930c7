/**
 * A small sample of fuzzed inputs (core/fuzz/mutations.ts, seeded) through the built command, one batch
 * per entry point (validate, repair and convert --cii of XML; validate, extract and a convert dry run of
 * PDFs), in a process whose heap is capped: each file gets a JSON line that is a result or a coded
 * refusal of the Errors table, and the process exits with the worst exit code those lines call for
 * (cli.md: 0, 1 or 2) — never a crash, a stack trace or an out-of-memory end.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorExitCode, ERRORS, type ErrorCode } from '../api/errors';
import { fuzzParameters } from './coded-answer';
import { mutatedPdf, mutatedXml } from './mutations';
import { pdfSeeds } from './seeds';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'bin', 'facturx.js');
/** Far above what any of these small inputs needs: a run that reaches it allocates without bound. */
const HEAP_MB = 384;
const SAMPLE = 6;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const facturx = (args: readonly string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, cli, ...args],
      { cwd: root, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

let dir: string;
let xmlDir: string;
let pdfDir: string;

const sample = (arbitrary: fc.Arbitrary<Uint8Array>): Uint8Array[] =>
  fc.sample(arbitrary, { seed: fuzzParameters(1).seed!, numRuns: SAMPLE });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-fuzz-'));
  xmlDir = path.join(dir, 'xml');
  pdfDir = path.join(dir, 'pdf');
  await Promise.all([mkdir(xmlDir), mkdir(pdfDir)]);
  const fixtures = path.join(root, 'core', 'rules', 'facturx', 'fixtures');
  const xmlSeeds = await Promise.all(
    ['en16931.xml', 'basic.xml', 'minimum.xml'].map(
      async (name) => new Uint8Array(await readFile(path.join(fixtures, name))),
    ),
  );
  await Promise.all([
    ...sample(mutatedXml(xmlSeeds)).map((bytes, i) => writeFile(path.join(xmlDir, `fuzz-${i}.xml`), bytes)),
    ...sample(mutatedPdf(await pdfSeeds(1))).map((bytes, i) =>
      writeFile(path.join(pdfDir, `fuzz-${i}.pdf`), bytes),
    ),
  ]);
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The exit code a JSON line calls for (cli.md), and what is wrong with it if it is not a coded answer. */
function lineExit(command: string, line: Record<string, unknown>): number {
  const error = line.error;
  if (typeof error === 'string') {
    expect(Object.keys(ERRORS), `${command}: ${JSON.stringify(line)}`).toContain(error);
    expect(error, `${command}: ${JSON.stringify(line)}`).not.toBe('internal_error');
    return errorExitCode(error as ErrorCode);
  }
  if ('detail' in line) return 2;
  const valid =
    command === 'validate'
      ? line.valid
      : command === 'extract'
        ? (line.validation as { valid?: unknown } | undefined)?.valid !== false
        : command === 'repair'
          ? line.repairSuccessful
          : line.success;
  return valid === true ? 0 : 1;
}

const RUNS: readonly (readonly [string, 'xml' | 'pdf', readonly string[]])[] = [
  ['validate', 'xml', []],
  ['repair', 'xml', []],
  ['convert', 'xml', ['--cii', '{dir}', '--output', 'xml_cii']],
  ['validate', 'pdf', []],
  ['extract', 'pdf', []],
  ['convert', 'pdf', ['--dry-run']],
];

describe('fuzzed inputs through the command line', () => {
  it.each(RUNS)(
    '%s of fuzzed %s: each file a coded answer, the worst exit code of them',
    async (command, kind, extra) => {
      const folder = kind === 'xml' ? xmlDir : pdfDir;
      const args = extra.includes('{dir}')
        ? [command, ...extra.map((a) => (a === '{dir}' ? folder : a))]
        : [command, folder, ...extra];
      const run = await facturx([...args, '--jsonl', '--jobs', '1']);
      const lines = run.stdout
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(lines, run.stderr).toHaveLength(SAMPLE);
      const worst = Math.max(...lines.map((line) => lineExit(command, line)));
      expect(run.code, run.stderr).toBe(worst);
      expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|heap out of memory|FATAL ERROR/);
    },
  );
});
