/**
 * How the command speaks: bodies on stdout (exactly the endpoint's JSON with --json), everything meant
 * for a person on stderr, usage errors as one line (plus an error body with --json) and exit code 2.
 */
import type { ErrorCode } from '../../core/api/errors';

/** Parsed option values (no option of ours is repeatable). */
export type Values = Readonly<Record<string, string | boolean | undefined>>;

/** A string option's value, undefined when absent. */
export const str = (values: Values, name: string): string | undefined => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};

/** A whole-number option of at least `min`, `fallback` when absent; null when it is anything else. */
export function wholeOption(values: Values, name: string, fallback: number, min = 0): number | null {
  const text = str(values, name) ?? String(fallback);
  return /^\d+$/.test(text) && Number(text) >= min ? Number(text) : null;
}

/** 130 (128 + SIGINT, as shells report it): a batch stopped by Ctrl+C before its end. */
export const EXIT = { ok: 0, notValid: 1, badInput: 2, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const out = (text: string): void =>
  void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
export const err = (text: string): void =>
  void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
export const printJson = (body: unknown): void => out(JSON.stringify(body));

/**
 * An error body as a person reads it on stderr: the plain reason first, its code after it as a detail a
 * script can still match.
 */
export const refusalLine = (body: Readonly<Record<string, unknown>>): string =>
  `${String(body.message)} (${String(body.error)})`;

/** A bad command line or unreadable input: one line on stderr, the error body on stdout with --json. */
export function badInput(
  message: string,
  json: boolean,
  code: ErrorCode = 'invalid_options',
  extra: Record<string, unknown> = {},
): ExitCode {
  err(`facturx: ${message}`);
  if (json) printJson({ error: code, message, ...extra });
  return EXIT.badInput;
}
