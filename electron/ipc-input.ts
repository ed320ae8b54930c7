import { z } from 'zod';
import type { BridgeFile, FileDialogKind } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';

/** Whatever the page sends is untrusted: shapes are checked here, before any service or file system call. */
export const maxFileBytes = 64 * 1024 * 1024;
const text = z.string().max(100_000);
const fileName = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => !/[/\\\0]/.test(value), 'a file name, not a path');

const bridgeFile = z.strictObject({
  filename: fileName,
  bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= maxFileBytes, 'file too large'),
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

export const parseDialogKind = (input: unknown): Parsed<FileDialogKind> =>
  parse(z.enum(['invoice', 'pdf', 'xml']), input);

export const parseSaveFile = (filename: unknown, bytes: unknown): Parsed<BridgeFile> =>
  parse(bridgeFile, { filename, bytes });
