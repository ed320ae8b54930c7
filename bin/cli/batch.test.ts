/**
 * Batches on worker threads, through the built command: the same lines in the same order whatever the
 * number of jobs, Ctrl+C stopping cleanly with complete files, and the progress bar on a terminal only.
 * Inputs are the project's own CII fixtures, and Factur-X PDFs the command makes from them.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'bin', 'facturx.js');
const fixture = path.join(root, 'core', 'rules', 'facturx', 'fixtures', 'en16931.xml');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: root, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
const facturx = (...args: string[]) => run(process.execPath, [cli, ...args]);

/** The lines without what differs from one run to the next anyway: times and durations. */
const timeless = (stdout: string): string =>
  stdout
    .replace(/"durationMs":[0-9.]+/g, '"durationMs":0')
    .replace(/"(validatedAt|convertedAt|extractedAt)":"[^"]+"/g, '"$1":""');

let dir: string;
let xmls: string;
let pdfs: string;
let mixed: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'facturx-jobs-'));
  xmls = path.join(dir, 'xml');
  pdfs = path.join(dir, 'pdf');
  mixed = path.join(dir, 'mixed');
  await Promise.all([mkdir(xmls), mkdir(mixed)]);
  const valid = await readFile(fixture, 'utf8');
  // Invoices that differ (numbers), a few not valid (a grand total that does not add up), one not XML.
  for (let i = 1; i <= 12; i++) {
    const name = `inv${String(i).padStart(2, '0')}`;
    let text = valid.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]*)</, `$1$2-${i}<`);
    if (i % 5 === 0) text = text.replace(/<ram:GrandTotalAmount>([^<]*)</, '<ram:GrandTotalAmount>1.00<');
    await writeFile(path.join(xmls, `${name}.xml`), text);
  }
  await writeFile(path.join(mixed, 'broken.xml'), '<rsm:CrossIndustryInvoice');
  const made = await facturx('convert', '--cii', xmls, '--out', pdfs, '--jsonl');
  expect(made.stderr).not.toContain('internal_error');
  for (const name of await readdir(xmls)) await copyFile(path.join(xmls, name), path.join(mixed, name));
  for (const name of await readdir(pdfs)) await copyFile(path.join(pdfs, name), path.join(mixed, name));
}, 600_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('batches on several jobs', () => {
  it('made the Factur-X inputs of the other tests', async () => {
    // The valid ones convert; the ones whose total does not add up do not.
    expect((await readdir(pdfs)).sort()).toEqual(
      [1, 2, 3, 4, 6, 7, 8, 9, 11, 12].map((i) => `inv${String(i).padStart(2, '0')}.facturx.pdf`),
    );
  });

  it('prints the same lines in the same order with --jobs 2 as with --jobs 1 (validate, extract, convert)', async () => {
    const commands: string[][] = [
      ['validate', mixed, '--jsonl'],
      ['extract', pdfs, '--jsonl', '--validate'],
      ['convert', '--cii', xmls, '--output', 'xml_cii', '--jsonl'],
    ];
    for (const args of commands) {
      const one = await facturx(...args, '--jobs', '1');
      const two = await facturx(...args, '--jobs', '2');
      expect(two.code, args[0]).toBe(one.code);
      expect(one.stdout.trim().split('\n').length, args[0]).toBeGreaterThanOrEqual(10);
      expect(timeless(two.stdout), args[0]).toBe(timeless(one.stdout));
      // The human lines too, in the same order.
      expect(two.stderr, args[0]).toBe(one.stderr);
    }
  });

  it('pairs each PDF of a folder with the XML of its name in --cii DIR, on one job or two alike', async () => {
    // The PDFs under the names of their XML (inv01.pdf beside inv01.xml).
    const carriers = path.join(dir, 'carriers');
    await mkdir(carriers);
    for (const name of await readdir(pdfs))
      await copyFile(path.join(pdfs, name), path.join(carriers, name.replace('.facturx', '')));
    const written: string[][] = [];
    // What each line says of its file (the PDFs written differ by their dates and identifiers).
    const said: unknown[][][] = [];
    for (const jobs of ['1', '2']) {
      const out = path.join(dir, `paired-${jobs}`);
      const paired = await facturx(
        'convert',
        carriers,
        '--cii',
        xmls,
        '--out',
        out,
        '--jsonl',
        '--jobs',
        jobs,
      );
      expect(paired.stderr).not.toContain('internal_error');
      said.push(
        paired.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
          .map((body) => [body.file, body.success, body.result.xmlSize, body.result.sourceXml]),
      );
      const files = (await readdir(out)).sort();
      written.push(files);
      for (const name of files)
        expect((await readFile(path.join(out, name))).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Each converted with its own XML kept as it is.
    expect(written[0]).toHaveLength(10);
    expect(written[1]).toEqual(written[0]);
    expect(said[1]).toEqual(said[0]);
    for (const [, success, , sourceXml] of said[0]!) {
      expect(success).toBe(true);
      expect(sourceXml).toEqual({ keptByteForByte: true, rewrittenBecause: [] });
    }
  });

  it('refuses a --jobs that is not a whole number of at least 1', async () => {
    for (const jobs of ['0', 'two', '-1', '1.5']) {
      const refused = await facturx('validate', xmls, '--jobs', jobs, '--json');
      expect(refused.code, jobs).toBe(2);
      expect(JSON.parse(refused.stdout)).toMatchObject({ error: 'invalid_options' });
    }
  });

  it('stops on Ctrl+C: says how far it got, prints those results in order, and leaves only complete files', async () => {
    const many = path.join(dir, 'many');
    const out = path.join(dir, 'many-out');
    await mkdir(many);
    const names: string[] = [];
    // More than the two jobs hold at once (two waves of 16 each, and a few more): some never start.
    for (let i = 0; i < 150; i++) {
      const name = `n${String(i).padStart(3, '0')}`;
      names.push(name);
      await copyFile(path.join(xmls, 'inv01.xml'), path.join(many, `${name}.xml`));
    }
    const child = spawn(
      process.execPath,
      [cli, 'convert', '--cii', many, '--out', out, '--jsonl', '--jobs', '2'],
      {
        cwd: root,
      },
    );
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Interrupted once the first result is out, as a person would press Ctrl+C.
      if (!signalled && stdout.includes('\n')) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(130);
    const said = /interrupted: (\d+) of 150 files done(?:, (\d+) cancelled)?, (\d+) not started/.exec(stderr);
    expect(said, stderr).not.toBeNull();
    const done = Number(said![1]);
    const cancelled = Number(said![2] ?? 0);
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done + cancelled + Number(said![3])).toBe(150);
    expect(done).toBeLessThan(150);

    const lines = stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as { file: string; success?: boolean; error?: string; result?: { pdfSize?: number } },
      );
    expect(lines.map((l) => path.basename(l.file, '.xml'))).toEqual(names.slice(0, done + cancelled));
    const finished = lines.filter((l) => l.error !== 'cancelled');
    expect(finished).toHaveLength(done);
    // Every file written is whole: the size the answer gave, ending the PDF; nothing half-written left.
    const written = (await readdir(out)).sort();
    expect(written).toEqual(finished.map((l) => `${path.basename(l.file, '.xml')}.facturx.pdf`));
    for (const line of finished) {
      const file = path.join(out, `${path.basename(line.file, '.xml')}.facturx.pdf`);
      expect((await stat(file)).size).toBe(line.result?.pdfSize);
      expect((await readFile(file)).subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });

  it('ends at once on a second Ctrl+C, leaving no temporary file and no half file', async () => {
    const many = path.join(dir, 'twice');
    const out = path.join(dir, 'twice-out');
    await mkdir(many);
    for (let i = 0; i < 60; i++) {
      await copyFile(path.join(xmls, 'inv01.xml'), path.join(many, `t${String(i).padStart(3, '0')}.xml`));
    }
    const child = spawn(
      process.execPath,
      [cli, 'convert', '--cii', many, '--out', out, '--jsonl', '--jobs', '2'],
      {
        cwd: root,
      },
    );
    let stderr = '';
    let presses = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The second press once the first was taken, while the results finished are still being written.
      if (presses === 1 && stderr.includes('stopping')) {
        presses = 2;
        child.kill('SIGINT');
      }
    });
    child.stdout.on('data', () => {
      if (presses === 0) {
        presses = 1;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code, stderr).toBe(130);
    const written = await readdir(out);
    expect(written.filter((name) => !name.endsWith('.facturx.pdf'))).toEqual([]);
    for (const name of written) {
      expect((await readFile(path.join(out, name))).subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });

  it('draws the progress bar on a terminal only', async () => {
    const piped = await facturx('validate', xmls, '--jobs', '2');
    expect(piped.stderr).not.toContain('\r');
    expect(piped.stderr.trim().split('\n')).toHaveLength(12);

    // `script` gives the command a terminal (util-linux, part of every Debian system).
    const command = [process.execPath, cli, 'validate', xmls, '--jobs', '2'].map((a) => `'${a}'`).join(' ');
    const tty = await run('script', ['-qec', command, '/dev/null']);
    expect(tty.stdout).toMatch(/\[#+-*\] \d+\/12 [\d.]+\/s, \w+ left inv\d\d\.xml/);
    expect(tty.stdout).toContain('\r\x1b[2K[');
    expect(tty.stdout).toContain('12/12');
  });
});
