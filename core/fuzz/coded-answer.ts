/**
 * What every entry point must answer to any input, however broken: a result, or a refusal whose code,
 * status and body are a row of the Errors table (core/api/errors.ts) — never an exception (the call
 * throws, and the property fails), never `internal_error` (a crash the service caught). Also the fuzz
 * settings: a fixed seed by default so that every run draws the same inputs, another one given with
 * FACTURX_FUZZ_SEED to explore, and the number of runs scaled with FACTURX_FUZZ_RUNS.
 */
import type fc from 'fast-check';
import { apiErrorBodySchema, ERRORS, isDetailBody } from '../api/errors';
import type { ServiceResult } from '../service/types';

const DEFAULT_SEED = 20261124;

/** The fast-check parameters of a fuzz property with `runs` inputs (times FACTURX_FUZZ_RUNS when set). */
export function fuzzParameters(runs: number): fc.Parameters<unknown> {
  const seed = Number(process.env.FACTURX_FUZZ_SEED ?? DEFAULT_SEED);
  const scale = Number(process.env.FACTURX_FUZZ_RUNS ?? 1);
  // fast-check's failure report names the seed and the path of the shrunk case, enough to replay it.
  return { seed, numRuns: Math.max(1, Math.round(runs * scale)) };
}

/** Why `result` is not an answer the interface allows, or null when it is one. */
export function notACodedAnswer(result: ServiceResult<unknown>): string | null {
  if (result.ok) {
    if (result.status !== 200 && result.status !== 202) return `success with status ${result.status}`;
    return null;
  }
  const checked = apiErrorBodySchema.safeParse(result.body);
  if (!checked.success)
    return `an error body outside the Errors table: ${JSON.stringify(result.body).slice(0, 300)}`;
  const body = checked.data;
  if (isDetailBody(body)) return result.status === 400 ? null : `a detail body with status ${result.status}`;
  if (body.error === 'internal_error') return `internal_error: ${body.message}`;
  const statuses: readonly number[] = ERRORS[body.error].status;
  if (!statuses.includes(result.status)) return `${body.error} with status ${result.status}`;
  return null;
}

/** Throws (so that fast-check shrinks and reports the input) unless `result` is a coded answer. */
export function expectCodedAnswer(entry: string, result: ServiceResult<unknown>): void {
  const wrong = notACodedAnswer(result);
  if (wrong) throw new Error(`${entry}: ${wrong}`);
}
