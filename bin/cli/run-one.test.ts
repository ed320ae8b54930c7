/**
 * One input's three steps (run-one.ts): the answer, wherever it runs, touches no file; the main thread
 * writes its deliverable, and only then does the line name the file.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localContext } from '../../core/service';
import { answerInput, deliver, readInput, type OneInput } from './run-one';

const fixture = path.join(
  import.meta.dirname,
  '..',
  '..',
  'core',
  'rules',
  'facturx',
  'fixtures',
  'en16931.xml',
);

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-one-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('an input read, answered, then delivered', () => {
  it('answers with the deliverable in memory and writes it only when delivered', async () => {
    const input = path.join(dir, 'invoice.xml');
    await writeFile(input, await readFile(fixture));
    const out = path.join(dir, 'out');
    const one: OneInput = {
      service: 'convert',
      input: undefined,
      values: { cii: input, output: 'xml_cii', out },
      name: input,
      fileLine: true,
      target: { out, batch: true },
    };
    const read = await readInput(one);
    if (!read.ok) throw new Error(read.outcome.line);
    const answered = await answerInput(one, read.request, localContext());
    expect(answered.code).toBe(0);
    expect(answered.deliverable?.target).toBe(path.join(out, 'invoice.cii.xml'));
    expect(Buffer.from(answered.deliverable!.bytes).equals(await readFile(fixture))).toBe(true);
    await expect(readdir(out)).rejects.toThrow();
    const outcome = await deliver(one, answered);
    expect(outcome).not.toHaveProperty('deliverable');
    expect(outcome.line).toMatch(/^converted: .* -> .*invoice\.cii\.xml$/);
    expect(await readdir(out)).toEqual(['invoice.cii.xml']);
  });

  it('reports an input it cannot read on its own line, without answering it', async () => {
    const one: OneInput = {
      service: 'validate',
      input: path.join(dir, 'missing.xml'),
      values: { jsonl: true },
      name: path.join(dir, 'missing.xml'),
      fileLine: true,
      target: { out: undefined, batch: true },
    };
    const read = await readInput(one);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.outcome.code).toBe(2);
    expect(JSON.parse(read.outcome.stdout ?? '')).toMatchObject({ error: 'invalid_data_format' });
  });
});
