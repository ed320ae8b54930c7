/**
 * Runs a document command over its inputs: each input file becomes a service request, the same service
 * function the server calls answers it on the offline context, and the answer is printed as the
 * endpoint's body. A folder or several files run as a batch in this one process.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorExitCode } from '../../core/api/errors';
import { localContext, services } from '../../core/service';
import type { ServiceContext, ServiceResult } from '../../core/service/types';
import { rec, type DocumentCommand } from './document-commands';
import { exitCodeOf } from './exit-code';
import { expandInputs, isDirectory } from './inputs';
import { badInput, err, EXIT, printJson, str, type ExitCode, type Values } from './io';
import { progressBar } from './progress';

function describe(command: DocumentCommand, result: ServiceResult<unknown>): string {
  const body = rec(result.body);
  if (result.ok) return command.summary(body);
  return 'error' in body ? `${String(body.error)}: ${String(body.message)}` : String(body.detail);
}

async function writeDeliverable(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
}

interface Outcome {
  readonly code: ExitCode;
  /** The body printed for this input (service answer or input error). */
  readonly body: unknown;
  readonly line: string;
}

async function runOne(
  command: DocumentCommand,
  input: string | undefined,
  values: Values,
  ctx: ServiceContext,
  outPath: (name: string | undefined, suffix: string) => string | null,
  name: string | undefined = input,
): Promise<Outcome> {
  const request = await command.request(input, values);
  if (!request.ok) {
    const error = request.code ?? 'invalid_data_format';
    return {
      code: errorExitCode(error),
      body: {
        error,
        message: request.message,
        ...(error === 'invalid_data_format' ? { field: 'file' } : {}),
      },
      line: request.message,
    };
  }
  const result = await services[command.service](request.value, ctx);
  let line = describe(command, result);
  if (result.ok && command.deliverable) {
    const deliverable = command.deliverable(rec(result.body));
    const target = deliverable ? outPath(name, deliverable.suffix) : null;
    if (deliverable && target) {
      await writeDeliverable(target, deliverable.bytes);
      line += ` -> ${target}`;
    }
  }
  return { code: exitCodeOf(command.service, result), body: result.body, line };
}

/** Runs a document command over its inputs and returns the exit code (the worst of all inputs). */
export async function runDocumentCommand(
  command: DocumentCommand,
  positionals: readonly string[],
  values: Values,
): Promise<ExitCode> {
  const json = values.json === true || values.jsonl === true;
  if (positionals.length === 0 && !command.fileOptional?.(values)) return badInput('missing FILE', json);
  const folder = positionals.length === 0 ? await sourceFolderOf(command, values) : null;
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
  if (batch && out !== undefined && !(await isDirectory(out)) && /\.[a-z0-9]+$/i.test(out)) {
    return badInput('with several inputs, --out must name a folder', json);
  }
  const outPath = (file: string | undefined, suffix: string): string | null => {
    if (out === undefined) return null;
    if (!batch) return out;
    const name = file === undefined ? 'invoice' : path.basename(file, path.extname(file));
    return path.join(out, `${name}${suffix}`);
  };

  const ctx = localContext();
  const progress = progressBar(files.length);
  let worst: ExitCode = EXIT.ok;
  for (const [index, input] of files.entries()) {
    progress.tick(index, input ?? '');
    const outcome = folder
      ? await runOne(command, undefined, { ...values, [folder.flag]: input }, ctx, outPath, input)
      : await runOne(command, input, values, ctx, outPath);
    worst = Math.max(worst, outcome.code) as ExitCode;
    if (batch && json) printJson({ file: input, ...rec(outcome.body) });
    else if (json) printJson(outcome.body);
    progress.end();
    err(`${input ?? command.service}: ${outcome.line}`);
  }
  progress.end();
  return worst;
}

/** A source flag naming a folder, when the command was given no FILE: each file in it is one input. */
async function sourceFolderOf(
  command: DocumentCommand,
  values: Values,
): Promise<{ flag: string; extension: string; path: string } | null> {
  for (const { flag, extension } of command.sourceFolders ?? []) {
    const given = str(values, flag);
    if (given !== undefined && (await isDirectory(given))) return { flag, extension, path: given };
  }
  return null;
}
