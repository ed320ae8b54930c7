/**
 * Runs a document command over its inputs. One input runs here; a folder or several files run as a batch
 * on `--jobs` jobs (default: up to the processor cores), several documents at once (with fewer documents than
 * jobs, each reads the pages of a scan side by side on the cores left over), the results printed in input order, never more than a few inputs ahead of the one printed next. This thread is one of the
 * jobs, the others worker threads (batch-worker.ts); it reads the inputs and writes the outputs between
 * the documents it answers, so that the disk's latency is not added to each document's time. Ctrl+C
 * stops the batch: nothing more starts, converts under way are cancelled, the results finished are
 * printed and a line says how far it got (exit code 130). A second Ctrl+C ends the process as soon as the
 * files being created are written (milliseconds: writes-under-way.ts), a third at once; the files written
 * are complete either way, and no temporary file is left beside them.
 */
import path from 'node:path';
import { useOcrEngines } from '../../core/ocr/engine-count';
import { coreCount } from '../../core/pool/worker-pool';
import { runOrdered } from '../../core/pool/ordered-batch';
import { localContext } from '../../core/service';
import type { ServiceRequest } from '../../core/service/types';
import { batchPool } from './batch-worker';
import type { DocumentCommand } from './document-commands';
import { expandInputs, isDirectory } from './inputs';
import { badInput, EXIT, str, type ExitCode, type Values } from './io';
import { poolGrowth } from './pool-growth';
import { progressBar } from './progress';
import { deliverableWrites } from './writes-under-way';
import {
  crashed,
  deliver,
  readInput,
  type Answer,
  type OneInput,
  type Outcome,
  type OutTarget,
} from './run-one';

/**
 * Inputs in progress per job: one answered, the next held by its worker (batch-worker.ts), and one read
 * or its output written.
 */
const IN_FLIGHT_PER_JOB = 3;
/** A batch never holds more inputs and results than this many per job (started, not yet printed). */
const AHEAD_PER_JOB = 4;
/**
 * The inputs this thread answers side by side where the command allows it (DocumentCommand.convoy), on
 * top of those each job holds: 16 take a convert or a validation through their stages for some 13 % less
 * processor time than one at a time once warm (core/pool/convoy.ts; batches of 820 in one process,
 * alternated), 8 for somewhat less.
 */
const SIDE_BY_SIDE = 16;
/**
 * The input bytes a batch holds at most in documents started and not yet written: beyond, no document
 * starts until those under way are done (a batch of large PDFs side by side would hold gigabytes).
 */
const HELD_BYTES = 64 * 1024 * 1024;

/**
 * `--jobs N`: a whole number of at least 1; absent, up to the processor cores, the workers started once
 * the work left is worth them (pool-growth.ts).
 */
function jobsOf(values: Values): { readonly jobs: number; readonly chosen: boolean } | null {
  const given = str(values, 'jobs');
  if (given === undefined) return { jobs: coreCount(), chosen: false };
  return /^[1-9]\d{0,3}$/.test(given) ? { jobs: Number(given), chosen: true } : null;
}

/** Runs a document command over its inputs and returns the exit code (the worst of all inputs). */
export async function runDocumentCommand(
  command: DocumentCommand,
  positionals: readonly string[],
  values: Values,
): Promise<ExitCode> {
  const json = values.json === true || values.jsonl === true;
  if (positionals.length === 0 && !command.fileOptional?.(values)) return badInput('missing FILE', json);
  const given = jobsOf(values);
  if (given === null) return badInput('--jobs must be a whole number of at least 1', json);
  const folder = positionals.length === 0 ? sourceFolderOf(command, values) : null;
  const { files, batch } = folder
    ? await expandInputs([folder.path], [folder.extension])
    : positionals.length === 0
      ? { files: [undefined], batch: false }
      : await expandInputs(positionals, command.extensions);
  if (files.length === 0) {
    const where = folder ? folder.path : positionals.join(', ');
    return badInput(
      `no ${folder ? folder.extension : command.extensions.join(' or ')} file in ${where}`,
      json,
    );
  }

  const out = str(values, 'out');
  if (batch && out !== undefined && !isDirectory(out) && /\.[a-z0-9]+$/i.test(out)) {
    return badInput('with several inputs, --out must name a folder', json);
  }
  const target: OutTarget = { out, batch };
  const inputs = files.map((file): OneInput => ({
    service: command.service,
    input: folder ? undefined : file,
    values: folder && file !== undefined ? { ...values, [folder.flag]: file } : values,
    name: file,
    fileLine: batch,
    target,
  }));
  const jobs = Math.min(given.jobs, inputs.length);
  // Fewer documents than jobs: the cores left over read the pages of each scanned document side by side.
  const ocrEngines = Math.max(1, Math.floor(given.jobs / jobs));
  const sideBySide = command.convoy?.(values) ? Math.min(SIDE_BY_SIDE, inputs.length) : 1;
  return runBatch(inputs, { ...given, jobs, sideBySide }, ocrEngines, command.service);
}

interface BatchShape {
  readonly jobs: number;
  /** Whether `--jobs` was given. */
  readonly chosen: boolean;
  /** The inputs the main thread answers at once. */
  readonly sideBySide: number;
}

/** The bytes of a request's files. */
const requestBytes = (request: ServiceRequest): number =>
  Object.values(request.files).reduce((sum, file) => sum + file.bytes.length, 0);

async function runBatch(
  inputs: readonly OneInput[],
  { jobs, chosen, sideBySide }: BatchShape,
  ocrEngines: number,
  service: string,
): Promise<ExitCode> {
  const stop = new AbortController();
  let done = 0;
  let cancelled = 0;
  // The main thread is one of the jobs: the others are worker threads.
  const growth = chosen ? undefined : poolGrowth(() => inputs.length - done - cancelled);
  useOcrEngines(ocrEngines);
  const pool = batchPool({
    workers: jobs - 1,
    ctx: localContext(),
    sideBySide,
    ocrEngines,
    ...(growth ? { growth } : {}),
  });
  const answer: Answer = (one, request) =>
    pool.run({ one, request }, stop.signal).catch((e: unknown) => crashed(one, e));
  // Left to choose, the jobs are this thread and the workers started so far: a batch too cheap to
  // start them reads no further ahead than one run with --jobs 1.
  const workers = () => (chosen ? jobs - 1 : pool.started());
  // Each job answers its inputs in waves (worker-pool.ts): the next wave is read while one is answered.
  const besides = 2 * (sideBySide - 1);
  // Inputs are read one after the other, each once those held leave room: a batch holds at most
  // HELD_BYTES of inputs and one file more, however many documents it answers at once.
  let heldBytes = 0;
  let reading: Promise<unknown> = Promise.resolve();
  const roomWaiters: (() => void)[] = [];
  const room = (): Promise<void> | void => {
    if (heldBytes > HELD_BYTES) return new Promise((go) => roomWaiters.push(go));
  };
  const held = async (one: OneInput): Promise<Outcome> => {
    const read = reading.then(room).then(async () => {
      const input = await readInput(one);
      if (input.ok) heldBytes += requestBytes(input.request);
      return input;
    });
    reading = read;
    const input = await read;
    if (!input.ok) return input.outcome;
    try {
      return await deliver(one, await answer(one, input.request));
    } finally {
      heldBytes -= requestBytes(input.request);
      if (heldBytes <= HELD_BYTES) for (const go of roomWaiters.splice(0)) go();
    }
  };
  const progress = progressBar(inputs.length);
  let quitting = false;
  const onInterrupt = () => {
    if (quitting) process.exit(EXIT.interrupted);
    if (stop.signal.aborted) {
      quitting = true;
      void deliverableWrites.settle().then(() => process.exit(EXIT.interrupted));
      return;
    }
    stop.abort();
    progress.line('facturx: stopping (Ctrl+C again to quit at once)…');
  };
  const several = inputs.length > 1;
  if (several) process.on('SIGINT', onInterrupt);
  let worst: ExitCode = EXIT.ok;
  try {
    await runOrdered(inputs, {
      concurrency: () => (1 + workers()) * (besides + IN_FLIGHT_PER_JOB),
      window: () => (1 + workers()) * (besides + AHEAD_PER_JOB),
      run: held,
      emit: (outcome: Outcome, index) => {
        const name = inputs[index]!.name;
        if (outcome.stdout !== null) process.stdout.write(outcome.stdout);
        progress.line(`${name ?? service}: ${outcome.line}`);
        if (outcome.cancelled) cancelled += 1;
        else {
          done += 1;
          worst = Math.max(worst, outcome.code) as ExitCode;
        }
        progress.update(index + 1, name === undefined ? '' : path.basename(name));
      },
      stopped: () => stop.signal.aborted,
    });
  } finally {
    progress.end();
    process.off('SIGINT', onInterrupt);
    await pool.close();
  }
  if (!stop.signal.aborted) return worst;
  const notStarted = inputs.length - done - cancelled;
  process.stderr.write(
    `facturx: interrupted: ${done} of ${inputs.length} files done` +
      `${cancelled ? `, ${cancelled} cancelled` : ''}, ${notStarted} not started; ` +
      `outputs were written for the files done only\n`,
  );
  return EXIT.interrupted;
}

/** A source flag naming a folder, when the command was given no FILE: each file in it is one input. */
function sourceFolderOf(
  command: DocumentCommand,
  values: Values,
): { flag: string; extension: string; path: string } | null {
  for (const { flag, extension } of command.sourceFolders ?? []) {
    const given = str(values, flag);
    if (given !== undefined && isDirectory(given)) return { flag, extension, path: given };
  }
  return null;
}
