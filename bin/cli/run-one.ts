/**
 * One input of a document command, start to end, in three steps: its request read from disk
 * (`readInput`), the same service function the server calls answering it on the offline context
 * (`answerInput`: the text to print and the deliverable's bytes), and the deliverable written under
 * `--out` (`deliver`). The reading and the writing run in the main thread; the answer there too, or in a
 * batch worker (batch-worker.ts), which then spends its time on the documents alone and never waits on
 * the disk. A batch prints the same bytes whatever the number of jobs.
 */
import { closeSync, mkdirSync, open, rename, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { errorExitCode } from '../../core/api/errors';
import { services } from '../../core/service';
import { base64Json } from '../../core/service/base64';
import type { ServiceContext, ServiceRequest, ServiceResult } from '../../core/service/types';
import { DOCUMENT_COMMANDS, rec, type DocumentCommand, type DocumentService } from './document-commands';
import { exitCodeOf } from './exit-code';
import { refusalLine, type ExitCode, type Values } from './io';
import { deliverableWrites } from './writes-under-way';

/** Opens a file for writing, made or emptied, on libuv's threads. */
const openAsync = promisify(open);
/** Renames a file, on libuv's threads. */
const renameAsync = promisify(rename);

/** Where `--out` puts a deliverable: the path itself, or in a batch a file of the input's name in that folder. */
export interface OutTarget {
  readonly out: string | undefined;
  readonly batch: boolean;
}

/** One input, as a structured-cloneable value (a worker gets it as a message). */
export interface OneInput {
  readonly service: DocumentService;
  /** The FILE argument, if any. */
  readonly input: string | undefined;
  readonly values: Values;
  /** The file the result is named after (in a batch, `{"file": …}`). */
  readonly name: string | undefined;
  /** Whether the JSON line carries the file's name (a batch with --json or --jsonl). */
  readonly fileLine: boolean;
  readonly target: OutTarget;
}

export interface Outcome {
  readonly code: ExitCode;
  /** Exactly what goes to stdout for this input (a JSON line), or null without --json/--jsonl. */
  readonly stdout: string | null;
  /** The human line for stderr. */
  readonly line: string;
  /** The run was stopped (Ctrl+C) before it answered. */
  readonly cancelled: boolean;
}

/** An input read from disk: its request, or the outcome of an input that could not be read. */
export type ReadInput =
  { readonly ok: true; readonly request: ServiceRequest } | { readonly ok: false; readonly outcome: Outcome };

/** An input answered, its deliverable (if any) still to be written where `target` says. */
export interface Answered extends Outcome {
  readonly deliverable?: { readonly target: string; readonly bytes: Uint8Array };
}

export function outPath(target: OutTarget, file: string | undefined, suffix: string): string | null {
  if (target.out === undefined) return null;
  if (!target.batch) return target.out;
  const name = file === undefined ? 'invoice' : path.basename(file, path.extname(file));
  return path.join(target.out, `${name}${suffix}`);
}

function describe(command: DocumentCommand, result: ServiceResult<unknown>): string {
  const body = rec(result.body);
  if (result.ok) return command.summary(body);
  return 'error' in body ? refusalLine(body) : String(body.detail);
}

/**
 * Written under a temporary name then renamed, so that a file of that name is always complete (a batch
 * stopped or killed mid-write leaves no half file behind the real name). The file is created and renamed
 * on libuv's threads, the rest done here: creating a file waits on the file system (a median 0.27 ms, up
 * to some milliseconds on a busy disk, measured with strace over a batch of 220), which this thread spends
 * on the next document meanwhile. A rename takes the folder's lock, which the next file's creation holds
 * meanwhile: done here, it waited 0.24 ms a file for it (perf: the kernel spinning on the lock, a batch
 * written just after a folder of as many files was deleted, when each creation is slowest). Writing some
 * kilobytes to the page cache and closing take microseconds and stay here, a trip to libuv's threads
 * costing more (0.12 ms of processor time a file for an asynchronous write in all its steps, against
 * 0.02). The folder is made when the creation finds it missing, not before each file.
 */
async function writeDeliverable(target: string, bytes: Uint8Array): Promise<void> {
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  let fd: number | undefined;
  try {
    try {
      fd = await openAsync(partial, 'w');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(path.dirname(target), { recursive: true });
      fd = await openAsync(partial, 'w');
    }
    try {
      writeFileSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    await renameAsync(partial, target);
  } catch (error) {
    if (fd !== undefined) rmSync(partial, { force: true });
    throw error;
  }
}

function printed(one: OneInput, body: unknown): string | null {
  const json = one.values.json === true || one.values.jsonl === true;
  if (!json) return null;
  if (one.fileLine) return `${base64Json(rec(body), { file: one.name })}\n`;
  return `${typeof body === 'object' && body !== null ? base64Json(body) : JSON.stringify(body)}\n`;
}

/** An input whose run failed outright (a file that could not be written, a worker that died): its own line. */
export function crashed(one: OneInput, error: unknown): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  const body = { error: 'internal_error', message };
  return {
    code: errorExitCode('internal_error'),
    stdout: printed(one, body),
    line: `internal_error: ${message}`,
    cancelled: false,
  };
}

/** Where an input read is answered: answerInput in this thread, or a batch worker. */
export type Answer = (one: OneInput, request: ServiceRequest) => Promise<Answered>;

export async function readInput(one: OneInput): Promise<ReadInput> {
  try {
    const request = await DOCUMENT_COMMANDS[one.service].request(one.input, one.values);
    if (request.ok) return { ok: true, request: request.value };
    const error = request.code ?? 'invalid_data_format';
    const body = {
      error,
      message: request.message,
      ...(error === 'invalid_data_format' ? { field: 'file' } : {}),
    };
    const outcome = {
      code: errorExitCode(error),
      stdout: printed(one, body),
      line: request.message,
      cancelled: false,
    };
    return { ok: false, outcome };
  } catch (error) {
    return { ok: false, outcome: crashed(one, error) };
  }
}

export async function answerInput(
  one: OneInput,
  request: ServiceRequest,
  ctx: ServiceContext,
  signal?: AbortSignal,
): Promise<Answered> {
  try {
    const command = DOCUMENT_COMMANDS[one.service];
    const result =
      one.service === 'convert'
        ? await services.convert(request, ctx, signal ? { signal } : {})
        : await services[one.service](request, ctx);
    const deliverable = result.ok && command.deliverable ? command.deliverable(rec(result.body)) : null;
    const target = deliverable ? outPath(one.target, one.name, deliverable.suffix) : null;
    return {
      code: exitCodeOf(one.service, result),
      stdout: printed(one, result.body),
      line: describe(command, result),
      cancelled: !result.ok && rec(result.body).error === 'cancelled',
      ...(deliverable && target ? { deliverable: { target, bytes: deliverable.bytes } } : {}),
    };
  } catch (error) {
    return crashed(one, error);
  }
}

/** Writes an answer's deliverable, if any: its outcome then names the file written. */
export async function deliver(one: OneInput, answered: Answered): Promise<Outcome> {
  const { deliverable, ...outcome } = answered;
  if (!deliverable) return outcome;
  try {
    await deliverableWrites.run(() => writeDeliverable(deliverable.target, deliverable.bytes));
    return { ...outcome, line: `${outcome.line} -> ${deliverable.target}` };
  } catch (error) {
    return crashed(one, error);
  }
}
