/**
 * The batch behaviour of the document commands, in process (`--jobs 1`: the engines' stand-ins are in
 * this thread; batch.test.ts runs the built command on worker threads), with the repair engine replaced by a
 * stand-in (the real one is tested in core/repair): outputs under each input's base name, one JSON line
 * per file, a bad file reported on its line without stopping the others, the worst exit code.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ocrEngines, useOcrEngines } from '../../core/ocr/engine-count';
import { engines } from '../../core/service/engines';
import { DOCUMENT_COMMANDS } from './document-commands';
import { runDocumentCommand } from './run-documents';

let dir: string;
let stdout: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-batch-'));
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(engines, 'repair').mockImplementation(async (input) => {
    const text = Buffer.from(input.file.bytes).toString('utf8');
    const valid = !text.includes('broken');
    return {
      ok: true,
      status: 200,
      body: {
        durationMs: 1,
        repaired_xml: Buffer.from(text.replace('2026-01-31', '20260131')).toString('base64'),
        diff_summary: [],
        left_undone: [],
        targetProfile: null,
        validation_before: { valid: false, target: 'en16931', summary: { errorCount: 1, warningCount: 0 } },
        validation_after: {
          valid,
          target: 'en16931',
          summary: { errorCount: valid ? 0 : 1, warningCount: 0 },
        },
        target: {
          requested: 'en16931',
          executed: 'en16931',
          status: valid ? 'verified' : 'failed',
          missing_inputs: [],
          not_run_reason: null,
        },
        repairSuccessful: valid,
      },
    };
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('runDocumentCommand in a batch', () => {
  it('writes each output under its input base name and prints one line per file in name order', async () => {
    const inputs = path.join(dir, 'in');
    const out = path.join(dir, 'out');
    await mkdir(inputs);
    await writeFile(path.join(inputs, 'b.xml'), '<x d="2026-01-31"/>');
    await writeFile(path.join(inputs, 'a.xml'), '<x d="2026-01-31"/>');
    await writeFile(path.join(inputs, 'c.xml'), '');
    await writeFile(path.join(inputs, 'd.xml'), '<broken/>');
    await writeFile(path.join(inputs, 'skip.pdf'), '%PDF-1.7');

    const code = await runDocumentCommand(DOCUMENT_COMMANDS.repair, [inputs], {
      jsonl: true,
      out,
      jobs: '1',
    });

    const lines = stdout
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => path.basename(String(l.file)))).toEqual(['a.xml', 'b.xml', 'c.xml', 'd.xml']);
    expect(lines[0]).toMatchObject({ repairSuccessful: true });
    expect(lines[2]).toMatchObject({ detail: 'Uploaded file is empty.' });
    expect(lines[3]).toMatchObject({ repairSuccessful: false });
    expect((await readdir(out)).sort()).toEqual(['a.repaired.xml', 'b.repaired.xml', 'd.repaired.xml']);
    expect(await readFile(path.join(out, 'a.repaired.xml'), 'utf8')).toBe('<x d="20260131"/>');
    expect(code).toBe(2);
  });

  it('with one job, reads the next inputs while one is answered', async () => {
    const inputs = path.join(dir, 'in');
    await mkdir(inputs);
    for (const name of ['a.xml', 'b.xml', 'c.xml'])
      await writeFile(path.join(inputs, name), '<x d="2026-01-31"/>');
    const read = DOCUMENT_COMMANDS.repair.request;
    let reads = 0;
    vi.spyOn(DOCUMENT_COMMANDS.repair, 'request').mockImplementation(async (input, values) => {
      const request = await read(input, values);
      reads += 1;
      return request;
    });
    const answer = vi.mocked(engines.repair).getMockImplementation()!;
    // The first answer waits until the second input has been read: reading only after an answer would
    // never get there (the wait is bounded, and the test then fails).
    const readsDuringFirst: number[] = [];
    vi.mocked(engines.repair).mockImplementation(async (input) => {
      for (let turn = 0; readsDuringFirst.length === 0 && reads < 2 && turn < 1000; turn++)
        await new Promise((resolve) => setImmediate(resolve));
      readsDuringFirst.push(reads);
      return answer(input);
    });
    const code = await runDocumentCommand(DOCUMENT_COMMANDS.repair, [inputs], { jsonl: true, jobs: '1' });
    expect(readsDuringFirst[0]).toBeGreaterThanOrEqual(2);
    expect(stdout.map((line) => path.basename(String(JSON.parse(line).file)))).toEqual([
      'a.xml',
      'b.xml',
      'c.xml',
    ]);
    expect(code).toBe(0);
  });

  it('prints exactly the body for one file with --json, writes --out as given, exit 1 when not valid', async () => {
    const input = path.join(dir, 'one.xml');
    await writeFile(input, '<broken/>');
    const target = path.join(dir, 'fixed.xml');
    const code = await runDocumentCommand(DOCUMENT_COMMANDS.repair, [input], { json: true, out: target });
    expect(stdout).toHaveLength(1);
    expect(JSON.parse(stdout[0] ?? '')).toMatchObject({
      repairSuccessful: false,
      validation_after: { valid: false },
    });
    expect(await readFile(target, 'utf8')).toBe('<broken/>');
    expect(code).toBe(1);
  });

  it('gives the jobs a single document leaves over to the pages of a scan, and none to a batch on one job', async () => {
    const input = path.join(dir, 'one.xml');
    await writeFile(input, '<x d="2026-01-31"/>');
    try {
      await runDocumentCommand(DOCUMENT_COMMANDS.repair, [input], { json: true, jobs: '3' });
      expect(ocrEngines()).toBe(3);
      await writeFile(path.join(dir, 'two.xml'), '<x d="2026-01-31"/>');
      await runDocumentCommand(DOCUMENT_COMMANDS.repair, [dir], { jsonl: true, jobs: '1' });
      expect(ocrEngines()).toBe(1);
    } finally {
      useOcrEngines(1);
    }
  });

  it('answers validations side by side on one job, and holds no more than 64 MB of inputs at once', async () => {
    const inputs = path.join(dir, 'in');
    await mkdir(inputs);
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => `${n}.xml`);
    for (const name of names) await writeFile(path.join(inputs, name), '<x/>');
    /** Each request's file made `size` bytes long (an XML tag, then zeros the stand-in engine never reads). */
    const sized = (size: number) => {
      const read = DOCUMENT_COMMANDS.validate.request;
      vi.spyOn(DOCUMENT_COMMANDS.validate, 'request').mockImplementation(async (input, values) => {
        const request = await read(input, values);
        if (!request.ok) return request;
        const file = request.value.files.file!;
        const bytes = new Uint8Array(size);
        bytes.set(file.bytes);
        const files = { file: { ...file, bytes } };
        return { ok: true, value: { ...request.value, files } };
      });
    };
    let running = 0;
    let most = 0;
    vi.spyOn(engines, 'validate').mockImplementation(async () => {
      most = Math.max(most, ++running);
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return { ok: false, status: 422, body: { error: 'invalid_data_format', message: 'stand-in' } } as never;
    });
    sized(10);
    await runDocumentCommand(DOCUMENT_COMMANDS.validate, [inputs], { jsonl: true, jobs: '1' });
    // Small inputs: all eight answered at once, in one wave.
    expect(most).toBe(8);
    expect(stdout).toHaveLength(8);
    vi.mocked(DOCUMENT_COMMANDS.validate.request).mockRestore();
    most = 0;
    stdout.length = 0;
    sized(15 * 1024 * 1024);
    await runDocumentCommand(DOCUMENT_COMMANDS.validate, [inputs], { jsonl: true, jobs: '1' });
    // 15 MB each (the services take 20 at most): a fifth is past 64 MB, and no sixth starts before
    // those under way are done.
    expect(most).toBe(5);
    expect(stdout.map((line) => path.basename(String(JSON.parse(line).file)))).toEqual(names);
  });
});
