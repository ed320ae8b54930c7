import type { Lang } from '../i18n/messages';
import { apiError, type ApiErrorBody, type ErrorCode } from '../../../core/api/errors';
import type { ConvertControl } from '../../../core/api/convert-progress';
import { limitsSchema } from '../../../core/api/limits';
import type { ValidationTarget } from '../../../core/api/targets';
import type { ProfileRole } from '../../../core/api/profile';
import type { ProfilesRequest, SaveToFolderResult } from '../../../core/bridge/facturx-bridge';
import type { WorkQueue } from '../../../core/bridge/work-queue';

/** A file of an export, under the name it gets (an entry of the zip the browser downloads). */
export interface ExportedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Codes of the renderer's own, for when no answer of the contract arrived. */
export type ClientErrorCode = 'backend_unreachable' | `http_${number}`;

/** An error as shown: a contract error body (its `{ detail }` form given a code), or a client-side one. */
export interface ShownError {
  readonly error: ErrorCode | ClientErrorCode;
  readonly message: string;
  readonly [field: string]: unknown;
}

/** Where the answers come from: the offline core inside the desktop app, or an HTTP API. */
export type BackendKind =
  { readonly type: 'offline' } | { readonly type: 'server' | 'hosted'; readonly origin: string };

/** An invoice file as read from a drop or a file picker. */
export interface InvoiceFile {
  readonly filename: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly mediaType: string;
}

/** One way out of a reached quota (`next_steps[]` of a 402): a link the interface offers as is. */
export interface QuotaStep {
  readonly action: string;
  readonly label: string;
  /** As the backend sent it; relative links are resolved against the backend's origin when shown. */
  readonly href: string;
  readonly description: string;
}

/** Monthly invoice quota, as far as the backend has told us. */
export interface Quota {
  readonly remaining?: number;
  readonly limit?: number;
  readonly plan?: string;
  /** Present after a 402 `quota_exceeded`, until an answer reports invoices left again. */
  readonly exceeded?: {
    /** ISO 8601 start of the period the quota counts. */
    readonly periodStart?: string;
    readonly nextSteps: readonly QuotaStep[];
  };
}

/** One answer of the backend; `status` 0 means no HTTP answer arrived. */
export type Answer =
  | { readonly ok: true; readonly status: number; readonly body: unknown; readonly quota?: Quota }
  | { readonly ok: false; readonly status: number; readonly error: ShownError; readonly quota?: Quota };

/** The operations the interface runs: validate and extract on drop, repair and convert on request. */
export type FileOperation = 'validate' | 'extract' | 'repair' | 'convert';

/** Form fields sent besides the file (convert: `dry_run`, `output`, `invoice_data`, the inline contexts). */
export type FormFields = Readonly<Record<string, string>>;

/** What every operation is asked besides the file: the language of messages and the rules to check. */
export interface RunOptions {
  readonly lang: Lang;
  /** Sent as the `validation_target` form field. */
  readonly validationTarget: ValidationTarget;
}

/** Whom a saved profile describes (ProfileRole) and one saved-profiles operation (ProfilesRequest), the same over HTTP and over the desktop bridge. */
export type { ProfileRole, ProfilesRequest };

/** What a backend accepts, as far as it says. */
export interface UploadLimits {
  /** The largest file, in bytes: a larger one is refused before it is sent. */
  readonly maxUploadBytes: number;
}

/** The limits a backend's answer to its limits call carries; null when it failed or says something else. */
export function uploadLimitsOf(answer: Answer): UploadLimits | null {
  const read = answer.ok ? limitsSchema.safeParse(answer.body) : undefined;
  return read?.success ? { maxUploadBytes: read.data.maxUploadBytes } : null;
}

/** The renderer's view of the backend; http-backend.ts and ipc-backend.ts implement it. */
export interface Backend {
  readonly kind: BackendKind;
  /** What it accepts; null (or absent, as in tests) when it does not say, as a hosted API may not. */
  limits?(): Promise<UploadLimits | null>;
  /** Saved profiles of the tenant; these calls use no quota. */
  profiles(request: ProfilesRequest, lang: Lang): Promise<Answer>;
  /**
   * Validation reports (as validate answered them) drawn as one readable PDF, `{ filename, pdf }` in
   * base64; absent on a backend that cannot draw them.
   */
  report?(reports: readonly unknown[], lang: Lang): Promise<Answer>;
  /**
   * Writes files into a folder the user chooses (the desktop app); absent where the browser downloads a
   * zip instead. Resolves to the folder and the names written, or `saved: false` when cancelled.
   */
  saveToFolder?(files: readonly ExportedFile[]): Promise<SaveToFolderResult>;
  /**
   * Where the queue of documents is kept so that it comes back at the next start (the desktop app's
   * store); absent where it lives in the page only, as in the browser.
   */
  readonly queue?: WorkQueue;
  /**
   * `file` is null when the fields carry the whole invoice (convert with `invoice_data`). Aborting
   * `control.signal` answers `cancelled` at once (and stops a convert where the transport can);
   * `control.onProgress` hears where a convert is, on a transport that says it.
   */
  run(
    operation: FileOperation,
    file: InvoiceFile | null,
    options: RunOptions,
    fields?: FormFields,
    control?: ConvertControl,
  ): Promise<Answer>;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isApiErrorBody = (body: unknown): body is ApiErrorBody =>
  isRecord(body) && (typeof body.error === 'string' || typeof body.detail === 'string');

/** Reads an error body, whatever shape the answer took (the contract allows `{ detail }` alone on some 400s). */
export function errorBody(body: unknown, status: number): ShownError {
  if (isApiErrorBody(body)) {
    return 'detail' in body
      ? { ...body, error: `http_${status}`, message: body.detail }
      : { ...body, message: typeof body.message === 'string' ? body.message : '' };
  }
  return { error: `http_${status}`, message: typeof body === 'string' ? body : '' };
}

const quotaStepOf = (entry: unknown): QuotaStep[] =>
  isRecord(entry) && typeof entry.label === 'string' && typeof entry.href === 'string'
    ? [
        {
          action: typeof entry.action === 'string' ? entry.action : '',
          label: entry.label,
          href: entry.href,
          description: typeof entry.description === 'string' ? entry.description : '',
        },
      ]
    : [];

/** The quota figures an answer carries: `result.remainingInvoices` on success, the plan on `quota_exceeded`. */
export function quotaOf(body: unknown): Quota | undefined {
  if (!isRecord(body)) return undefined;
  if (body.error === 'quota_exceeded') {
    return {
      remaining: 0,
      ...(typeof body.quota === 'number' ? { limit: body.quota } : {}),
      ...(typeof body.plan === 'string' ? { plan: body.plan } : {}),
      exceeded: {
        ...(typeof body.period_start === 'string' ? { periodStart: body.period_start } : {}),
        nextSteps: Array.isArray(body.next_steps) ? body.next_steps.flatMap(quotaStepOf) : [],
      },
    };
  }
  const result = body.result;
  // The unlimited local plan says -1: no figure to show.
  if (isRecord(result) && typeof result.remainingInvoices === 'number' && result.remainingInvoices >= 0) {
    return { remaining: result.remainingInvoices };
  }
  return undefined;
}

/** What a cancelled call answers, on every transport: the contract's `cancelled`, in the language asked. */
export function cancelledAnswer(lang: Lang): Answer {
  const { status, body } = apiError('cancelled', undefined, { lang });
  return toAnswer(false, status, body);
}

/**
 * The answer of `call`, or `cancelled` as soon as `signal` aborts, whatever the call does after that.
 * A signal aborted before the call starts answers `cancelled` without calling.
 */
export function unlessCancelled(
  signal: AbortSignal | undefined,
  lang: Lang,
  call: () => Promise<Answer>,
): Promise<Answer> {
  if (!signal) return call();
  if (signal.aborted) return Promise.resolve(cancelledAnswer(lang));
  return new Promise((resolve) => {
    const onAbort = () => resolve(cancelledAnswer(lang));
    signal.addEventListener('abort', onAbort, { once: true });
    void call().then((answer) => {
      signal.removeEventListener('abort', onAbort);
      resolve(answer);
    });
  });
}

/** Turns a status and a JSON body into an answer, the same way for every transport. */
export function toAnswer(ok: boolean, status: number, body: unknown): Answer {
  const quota = quotaOf(body);
  const withQuota = quota ? { quota } : {};
  return ok
    ? { ok, status, body, ...withQuota }
    : { ok, status, error: errorBody(body, status), ...withQuota };
}
