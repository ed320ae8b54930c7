import { z } from 'zod';
import {
  BRIDGE_MAX_FILE_BYTES,
  type BridgeFile,
  type FileDialogKind,
  type ProfilesRequest,
} from '../core/bridge/facturx-bridge';
import { validationTargetSchema } from '../core/api/targets';
import {
  QUEUE_FILE_KINDS,
  QUEUE_MAX_STATE_CHARS,
  type NewQueueEntry,
  type QueueChange,
} from '../core/bridge/work-queue';
import type { ServiceRequest } from '../core/service/types';

/**
 * Whatever the page sends is untrusted: shapes are checked here, before any service or file system call.
 * A file's size is the service's to judge (413 `file_too_large`, as on the server and the command line);
 * the bridge carries, and the native dialog reads into memory, no file larger than this.
 */
export const maxFileBytes = BRIDGE_MAX_FILE_BYTES;
const text = z.string().max(100_000);
const fileName = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => !/[/\\\0]/.test(value), 'a file name, not a path');

const bridgeFile = z.strictObject({
  filename: fileName,
  bytes: z.instanceof(Uint8Array),
  mediaType: z.string().max(255).optional(),
});

const bridgeRequest = z.strictObject({
  fields: z.record(z.string().max(100), text).default({}),
  files: z.record(z.string().max(100), bridgeFile).default({}),
  query: z.record(z.string().max(100), z.string().max(1000)).default({}),
  idempotencyKey: z.string().max(255).optional(),
});

export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

function parse<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: z.prettifyError(result.error) };
}

/** A service request from the page; `undefined` (as `contract()` sends) is the empty request. */
export const parseServiceRequest = (input: unknown): Parsed<ServiceRequest> =>
  parse(bridgeRequest, input ?? {}) as Parsed<ServiceRequest>;

/** The name a page gives a convert it may cancel or follow. */
export const parseCallId = (input: unknown): Parsed<string> => parse(z.string().min(1).max(100), input);

export const parseDialogKind = (input: unknown): Parsed<FileDialogKind> =>
  parse(z.enum(['invoice', 'pdf', 'xml']), input);

export const parseSaveFile = (filename: unknown, bytes: unknown): Parsed<BridgeFile> =>
  parse(bridgeFile, { filename, bytes });

/** A file no larger than the bridge carries. */
const carriedFile = bridgeFile.refine((file) => file.bytes.byteLength <= maxFileBytes, 'a file too large');

/** As many documents as a batch holds. */
const BATCH_MAX = 2000;

/** The files of an export into a folder: as many as a batch holds, each no larger than the bridge carries. */
export const parseSaveToFolder = (input: unknown): Parsed<BridgeFile[]> =>
  parse(z.array(carriedFile).min(1).max(BATCH_MAX), input);

const queueChange = {
  target: validationTargetSchema,
  work: z.enum(['under_way', 'finished']),
  state: z.string().max(QUEUE_MAX_STATE_CHARS),
};
const queueId = z.string().min(1).max(100);

/** Documents the page adds to the work queue. */
export const parseQueueAdd = (input: unknown): Parsed<NewQueueEntry[]> =>
  parse(
    z
      .array(z.strictObject({ file: carriedFile, kind: z.enum(QUEUE_FILE_KINDS), ...queueChange }))
      .min(1)
      .max(BATCH_MAX),
    input,
  );

/** What changed of one queue entry. */
export const parseQueueUpdate = (id: unknown, change: unknown): Parsed<{ id: string; change: QueueChange }> =>
  parse(z.strictObject({ id: queueId, change: z.strictObject(queueChange) }), { id, change });

/** Queue entries the page removes. */
export const parseQueueRemove = (input: unknown): Parsed<string[]> =>
  parse(z.array(queueId).max(BATCH_MAX), input);

const role = z.enum(['seller', 'buyer']);
const profileId = z.string().max(255);
const profilesRequest = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('GET') }),
  z.strictObject({ method: z.literal('PUT'), role, id: profileId, data: z.unknown() }),
  z.strictObject({ method: z.literal('DELETE'), role, id: profileId }),
]);

const PROFILE_OPERATIONS = { GET: 'list', PUT: 'save', DELETE: 'delete' } as const;

/**
 * A profiles request from the page as the service request the HTTP route would make of it: the
 * operation, role and id as fields, the saved data as the JSON body. The service checks the data itself.
 */
export function parseProfilesRequest(input: unknown, lang: unknown): Parsed<ServiceRequest> {
  const request = parse<ProfilesRequest>(profilesRequest, input);
  if (!request.ok) return request;
  const value = request.value;
  const body = value.method === 'PUT' ? JSON.stringify({ data: value.data }) : undefined;
  if (body !== undefined && body.length > 1_000_000) return { ok: false, message: 'profile data too large' };
  return {
    ok: true,
    value: {
      fields: {
        operation: PROFILE_OPERATIONS[value.method],
        ...(value.method === 'GET' ? {} : { role: value.role, id: value.id }),
        ...(body !== undefined ? { body } : {}),
      },
      files: {},
      query: lang === 'fr' || lang === 'en' ? { lang } : {},
    },
  };
}

/** A report request from the page: the reports as the JSON body the HTTP route reads (the service checks them). */
export function parseReportRequest(input: unknown, lang: unknown): Parsed<ServiceRequest> {
  if (!Array.isArray(input)) return { ok: false, message: 'reports must be a list' };
  const body = JSON.stringify({ reports: input });
  if (body.length > maxFileBytes) return { ok: false, message: 'reports too large' };
  return {
    ok: true,
    value: { fields: { body }, files: {}, query: lang === 'fr' || lang === 'en' ? { lang } : {} },
  };
}
