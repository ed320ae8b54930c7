/**
 * `npm run bench -- batch`: the command line's batch path as a user runs it, one process per run, on
 * inputs generated here (the project's own EN 16931 invoice, a carrier PDF drawn from it, the Factur-X
 * PDF packaged from both, and that carrier scanned as the corpus scans were: a full A4 page at 200 dpi,
 * grey, turned, noisy, JPEG). Each command runs on a small and a large
 * batch; the difference divided by the difference in files is the cost of one more invoice, process
 * start excluded. Wall-clock time is what a user waits for; processor time (user + system, every thread)
 * is what the work costs, and holds on a busy machine. Each goal of issue 15 is printed with whether the
 * wall time met it, with the load average then (a busy machine lengthens the wall time, not the work).
 * With workers (`--jobs N`), the small batch may end before a worker is ready (extract: the main thread
 * answered 20 of 20, 152–161 of 220): the marginal then carries the workers' start, their loading and
 * their own compiler's warm-up (V8 shares neither between threads; about 0.5 s of processor time for
 * extract), and says what a batch of the large size pays for its workers, not what an invoice costs once
 * they run (220 to 400 invoices: the same as with --jobs 1, within the noise of a busy machine).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ciiToModel } from '../../core/cii/read';
import { scanOfPdf } from '../../core/ocr/scan-fixture';
import { coresFree } from '../../core/testing/cores-free';
import { packageFacturx } from '../../core/pdf/facturx-write';
import { renderInvoice } from '../../core/pdf/render/invoice-render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'bin', 'facturx.js');
const SMALL = Number(process.env.BENCH_BATCH_SMALL ?? 20);
const LARGE = Number(process.env.BENCH_BATCH_LARGE ?? 220);
/** Scanned pages: issue 15's goal is stated for a batch of 100. */
const SCANS = Number(process.env.BENCH_BATCH_SCANS ?? 100);
/**
 * Runs of each batch, small and large alternated: their medians are what is printed. Five, as a median of
 * three moved by ±0.2 ms a package (5 %) from one run of the bench to the next on a shared machine.
 */
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 5);

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** One run of the command, its output thrown away; bash's `time` reports the processor time of it all. */
function time(args: readonly string[]): Timing {
  const run = spawnSync(
    'bash',
    [
      '-c',
      'TIMEFORMAT="%3R %3U %3S"; time "$@" >/dev/null 2>/dev/null',
      'bash',
      process.execPath,
      cli,
      ...args,
    ],
    { encoding: 'utf8' },
  );
  const last = run.stderr.trim().split('\n').at(-1) ?? '';
  const [real, user, sys] = last.split(' ').map(Number);
  if (real === undefined || user === undefined || sys === undefined || Number.isNaN(real))
    throw new Error(`facturx ${args.join(' ')}: no timing (${run.stderr})`);
  return { wallMs: real * 1000, cpuMs: (user + sys) * 1000 };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Runs of the same batches (each run a timing per batch): each batch's median wall and cpu. */
const medians = (runs: Timing[][]): Timing[] =>
  runs[0]!.map((_, i) => ({
    wallMs: median(runs.map((run) => run[i]!.wallMs)),
    cpuMs: median(runs.map((run) => run[i]!.cpuMs)),
  }));

/** `count` copies of each file `files` gives (name → bytes) in a new folder. */
function folder(base: string, name: string, count: number, files: Record<string, Uint8Array>): string {
  const dir = path.join(base, name);
  mkdirSync(dir);
  for (let i = 1; i <= count; i++)
    for (const [ext, bytes] of Object.entries(files))
      writeFileSync(path.join(dir, `inv${String(i).padStart(4, '0')}${ext}`), bytes);
  return dir;
}

const perInvoice = (small: Timing, large: Timing, files: number) => ({
  wallMs: (large.wallMs - small.wallMs) / files,
  cpuMs: (large.cpuMs - small.cpuMs) / files,
});

const ms = (v: number): string => `${v.toFixed(2).padStart(7)} ms`;
const load = (): string => loadavg()[0]!.toFixed(1);
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

export default async function batch(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'bin', 'build.mjs'), 'cli'], { cwd: root });
  const base = mkdtempSync(path.join(tmpdir(), 'facturx-batch-bench-'));
  try {
    const xmlText = readFileSync(path.join(root, 'core/rules/facturx/fixtures/en16931.xml'), 'utf8');
    const xml = new TextEncoder().encode(xmlText);
    const read = ciiToModel(xmlText);
    if (!read.ok) throw new Error('the EN 16931 fixture does not read');
    const carrier = await renderInvoice(read.invoice, 'en');
    if (!carrier.ok) throw new Error('no carrier PDF');
    const facturx = packageFacturx(carrier.pdf, xml, 'EN16931');
    if (!facturx.ok) throw new Error('no Factur-X PDF');
    const cores = availableParallelism();
    console.log(
      `inputs: the project's 1-page EN 16931 invoice (${xml.length} bytes of XML, carrier ${carrier.pdf.length} bytes, ` +
        `Factur-X ${facturx.pdf.length} bytes); batches of ${SMALL} and ${LARGE}, medians of ${RUNS} runs; ${cores} cores, load average ` +
        `${load()} at start`,
    );

    const sizes = [SMALL, LARGE] as const;
    const dirs = sizes.map((n) => ({
      pdf: folder(base, `pdf-${n}`, n, { '.pdf': carrier.pdf }),
      cii: folder(base, `cii-${n}`, n, { '.xml': xml }),
      facturx: folder(base, `fx-${n}`, n, { '.pdf': facturx.pdf }),
    }));
    const out = (label: string) => path.join(base, `out-${label}-${Math.random().toString(36).slice(2)}`);
    const commands: {
      name: string;
      args: (d: (typeof dirs)[number]) => string[];
      peer: string;
      /** Issue 15's goal: wall time per invoice, at most. */
      goalMs: number;
    }[] = [
      {
        name: 'package (convert DIR --cii DIR --out DIR)',
        args: (d) => ['convert', d.pdf, '--cii', d.cii, '--out', out('convert')],
        peer: 'akretion factur-x 8.5–9.1 ms; goal ≤ 4.25 ms (2× faster)',
        goalMs: 4.25,
      },
      {
        name: 'extract (extract DIR --out DIR --jsonl)',
        args: (d) => ['extract', d.facturx, '--out', out('extract'), '--jsonl'],
        peer: 'akretion factur-x 1.24 ms; goal ≤ 1.13 ms (1.1× faster)',
        goalMs: 1.13,
      },
      {
        name: 'validate EN 16931 (validate DIR --jsonl, XML)',
        args: (d) => ['validate', d.cii, '--jsonl'],
        peer: 'Saxon-HE warm, official XSLT 20.3 ms; goal ≤ 2.54 ms (8× faster)',
        goalMs: 2.54,
      },
    ];
    console.log(
      '\nper invoice, marginal between the two batch sizes (wall = waited for, cpu = user+system of all threads)',
    );
    for (const command of commands) {
      const byJobs: { jobs: string; wallMs: number; cpuMs: number }[] = [];
      // Without --jobs, the batch chooses how many of the cores repay a worker's start (pool-growth.ts).
      const modes = [...new Set(['--jobs 1', `--jobs ${cores}`]), 'no --jobs'];
      // Each run times every mode in turn: this host's speed drifts by a quarter within an hour, which
      // would otherwise weigh on the modes timed later.
      const runs = Array.from({ length: RUNS }, () =>
        modes.map((jobs) => {
          const flags = jobs.startsWith('--') ? jobs.split(' ') : [];
          return dirs.map((d) => time([...command.args(d), ...flags]));
        }),
      );
      for (const [m, jobs] of modes.entries()) {
        const [small, large] = medians(runs.map((run) => run[m]!));
        const one = perInvoice(small!, large!, LARGE - SMALL);
        byJobs.push({ jobs, ...one });
        console.log(
          `${command.name}, ${jobs}: wall ${ms(one.wallMs)}, cpu ${ms(one.cpuMs)}` +
            `  (${SMALL}: ${(small!.wallMs / 1000).toFixed(2)} s, ${LARGE}: ${(large!.wallMs / 1000).toFixed(2)} s; load ${load()})`,
        );
      }
      console.log(
        `  peer, quoted from issue 15 (not run here: akretion factur-x comes from PyPI and Saxon-HE from Maven Central, neither reachable from this machine): ${command.peer}`,
      );
      const goal = byJobs
        .map(({ jobs, wallMs }) => `${verdict(wallMs <= command.goalMs)} with ${jobs}`)
        .join(', ');
      const one = byJobs[0]!;
      const scaling = byJobs
        .slice(1)
        .map((other) => `; ${other.jobs} ${(one.wallMs / other.wallMs).toFixed(2)}× the speed of --jobs 1`)
        .join('');
      // The wall clock counts other processes' work too: processor time says what the command cost.
      console.log(
        `  goal ≤ ${command.goalMs} ms wall per invoice: ${goal}${scaling}; ` +
          `in processor time with --jobs 1: ${verdict(one.cpuMs <= command.goalMs)}`,
      );
    }

    const scan = await scanOfPdf(carrier.pdf);
    const scans = folder(base, 'scans', SCANS, { '.pdf': scan });
    console.log(
      `\nscanned pages: ${SCANS} one-page image-only PDFs (the carrier scanned: A4, 200 dpi grey, turned 0.4°, ` +
        `noise, JPEG q70, ${scan.length} bytes), convert --dry-run (OCR) on 1 and ${cores} workers`,
    );
    // Measured before each run: on a busy machine two workers cannot go faster than it lets two threads.
    const byJobs: { jobs: number; t: Timing; free: number }[] = [];
    for (const jobs of [1, cores]) {
      const free = await coresFree(cores);
      byJobs.push({
        jobs,
        free,
        t: time(['convert', scans, '--dry-run', '--jsonl', '--jobs', String(jobs)]),
      });
    }
    for (const { jobs, t, free } of byJobs)
      console.log(
        `  --jobs ${jobs}: ${(t.wallMs / 1000).toFixed(1)} s wall, ${(t.cpuMs / 1000).toFixed(1)} s cpu, ` +
          `${(t.wallMs / SCANS).toFixed(0)} ms a page (${cores} threads got ${free.toFixed(2)}× one thread's work just before)`,
      );
    const speedup = byJobs[0]!.t.wallMs / byJobs[1]!.t.wallMs;
    console.log(
      `  speed-up with ${cores} workers: ${speedup.toFixed(2)}× (goal on 2 cores: ≥ 1.7×, ${verdict(speedup >= 1.7)}; ` +
        `load average ${load()} now; the kernel shares a busy machine between sessions, so the speed-up ` +
        `cannot pass what ${cores} threads got above)`,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
