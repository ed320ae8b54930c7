/**
 * One input of a document command, start to end: its request read from disk, the same service function
 * the server calls answering it on the offline context, the deliverable written under `--out`, and the
 * text to print. Runs in the main thread or in a batch worker (batch-worker.ts) alike, so a batch prints
 * the same bytes whatever the number of jobs.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorExitCode } from '../../core/api/errors';
import { services } from '../../core/service';
import type { ServiceContext, ServiceResult } from '../../core/service/types';
import { DOCUMENT_COMMANDS, rec, type DocumentCommand, type DocumentService } from './document-commands';
import { exitCodeOf } from './exit-code';
import type { ExitCode, Values } from './io';

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

export function outPath(target: OutTarget, file: string | undefined, suffix: string): string | null {
  if (target.out === undefined) return null;
  if (!target.batch) return target.out;
  const name = file === undefined ? 'invoice' : path.basename(file, path.extname(file));
  return path.join(target.out, `${name}${suffix}`);
}

function describe(command: DocumentCommand, result: ServiceResult<unknown>): string {
  const body = rec(result.body);
  if (result.ok) return command.summary(body);
  return 'error' in body ? `${String(body.error)}: ${String(body.message)}` : String(body.detail);
}

/**
 * Written under a temporary name then renamed, so that a file of that name is always complete (a batch
 * stopped or killed mid-write leaves no half file behind the real name).
 */
async function writeDeliverable(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function printed(one: OneInput, body: unknown): string | null {
  const json = one.values.json === true || one.values.jsonl === true;
  if (!json) return null;
  return `${JSON.stringify(one.fileLine ? { file: one.name, ...rec(body) } : body)}\n`;
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

export async function runOne(one: OneInput, ctx: ServiceContext, signal?: AbortSignal): Promise<Outcome> {
  try {
    return await answer(one, ctx, signal);
  } catch (error) {
    return crashed(one, error);
  }
}

async function answer(one: OneInput, ctx: ServiceContext, signal?: AbortSignal): Promise<Outcome> {
  const command = DOCUMENT_COMMANDS[one.service];
  const request = await command.request(one.input, one.values);
  if (!request.ok) {
    const error = request.code ?? 'invalid_data_format';
    const body = {
      error,
      message: request.message,
      ...(error === 'invalid_data_format' ? { field: 'file' } : {}),
    };
    return {
      code: errorExitCode(error),
      stdout: printed(one, body),
      line: request.message,
      cancelled: false,
    };
  }
  const result =
    one.service === 'convert'
      ? await services.convert(request.value, ctx, signal ? { signal } : {})
      : await services[one.service](request.value, ctx);
  let line = describe(command, result);
  if (result.ok && command.deliverable) {
    const deliverable = command.deliverable(rec(result.body));
    const target = deliverable ? outPath(one.target, one.name, deliverable.suffix) : null;
    if (deliverable && target) {
      await writeDeliverable(target, deliverable.bytes);
      line += ` -> ${target}`;
    }
  }
  const cancelled = !result.ok && rec(result.body).error === 'cancelled';
  return { code: exitCodeOf(one.service, result), stdout: printed(one, result.body), line, cancelled };
}
