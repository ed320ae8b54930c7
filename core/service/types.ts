/**
 * The one seam between the adapters (HTTP server, CLI, Electron IPC) and the core: every endpoint of
 * `/api/v1` is a service function `(request, context) => Promise<ServiceResult<Body>>`. Requests arrive
 * transport-neutral (form fields as text, files as bytes) and are validated once, inside the service.
 */
import type { Convoy } from '../pool/convoy';
import type { ApiErrorBody } from '../api/errors';
import type { BearerTokens } from './bearer-tokens';
import type { Jobs } from './jobs';
import type { Storage } from './storage';

/** An uploaded file, whatever the transport (multipart part, path on disk, drag-and-drop). */
export interface FilePart {
  readonly filename: string;
  readonly bytes: Uint8Array;
  /** Media type as declared by the client, if any; the service sniffs the bytes itself. */
  readonly mediaType?: string;
}

/** A multipart-style request: text fields as sent, files as bytes, query parameters, headers that matter. */
export interface ServiceRequest {
  readonly fields: Readonly<Record<string, string>>;
  readonly files: Readonly<Record<string, FilePart>>;
  readonly query: Readonly<Record<string, string>>;
  /** `Idempotency-Key` header, when sent. */
  readonly idempotencyKey?: string;
  /** `Accept-Language` header, used when the `lang` query parameter is absent. */
  readonly acceptLanguage?: string;
  /** `Prefer` header (RFC 7240): `respond-async` asks for a 202 and a job. */
  readonly prefer?: string;
}

export type { Lang } from '../api/lang';

/** Who is calling and what they may use; the adapters authenticate, the service enforces quota. */
/** How a request proved who it is: an API key, or a bearer token the server signed for one. */
export type CredentialKind = 'api_key' | 'bearer_token';

export interface ServiceContext {
  readonly tenant: string;
  readonly storage: Storage;
  readonly now: () => Date;
  /** Where work may become a job (the server); absent, everything runs within the call. */
  readonly jobs?: Jobs;
  /** The key the request came with, and how (an authenticated server route). */
  readonly caller?: { readonly keyId: string; readonly via: CredentialKind };
  /** Where bearer tokens are issued (a server). */
  readonly tokens?: BearerTokens;
  /** A thread answering documents side by side (a batch): they go through their stages together. */
  readonly convoy?: Convoy;
}

export type ServiceResult<Body> =
  | { readonly ok: true; readonly status: 200 | 202; readonly body: Body }
  | { readonly ok: false; readonly status: number; readonly body: ApiErrorBody };
