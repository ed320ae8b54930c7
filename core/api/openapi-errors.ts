/**
 * The error answers of the OpenAPI description: which codes each operation may answer, and the
 * responses they make, grouped by HTTP status (every status a code allows), each body a `$ref` to
 * the schema of its code.
 */
import type { z } from 'zod';
import { detailBodySchema, ERROR_STATUS, errorBodySchema, HTTP_ERROR_CODES, type ErrorCode } from './errors';
import { schemaRef, type Component, type JsonSchema } from './openapi-schemas';

/** The `detail`-only 400 of an empty upload, listed among the codes of an operation. */
export const EMPTY_FILE = 'empty_file';
type Answer = ErrorCode | typeof EMPTY_FILE;

const DETAIL_COMPONENT = 'EmptyFileError';

/** `quota_exceeded` → `QuotaExceededError`. */
export function errorComponentId(code: ErrorCode): string {
  const name = code.replace(/(^|_)([a-z])/g, (_, _sep: string, letter: string) => letter.toUpperCase());
  return name.endsWith('Error') ? name : `${name}Error`;
}

/** The schema of every error body, by component name. */
export function errorComponents(): Record<string, Component> {
  const components: Record<string, Component> = {
    [DETAIL_COMPONENT]: { schema: detailBodySchema, io: 'output' },
  };
  for (const code of HTTP_ERROR_CODES) {
    components[errorComponentId(code)] = { schema: errorBodySchema(code) as z.ZodType, io: 'output' };
  }
  return components;
}

/** Any route: its caller's requests are counted (per key, else per address). */
const LIMITED: readonly Answer[] = ['rate_limit_exceeded', 'internal_error'];
/** A route behind an API key. */
const AUTHENTICATED: readonly Answer[] = [...LIMITED, 'authentication_required'];
/** A body read under the upload limit and parsed as a form (or JSON). */
const BODY: readonly Answer[] = ['file_too_large', 'unsupported_media_type', 'invalid_data_format'];
/** An uploaded document, checked by its bytes, under an Idempotency-Key, counted against the quota. */
const DOCUMENT: readonly Answer[] = [
  ...AUTHENTICATED,
  ...BODY,
  EMPTY_FILE,
  'insufficient_data',
  'idempotency_conflict',
  'idempotency_in_progress',
  'quota_exceeded',
  'validation_profile_unavailable',
];

/** The error codes each operation may answer, by operationId. */
export const OPERATION_ERRORS: Readonly<Record<string, readonly Answer[]>> = {
  convert: [
    ...DOCUMENT,
    'invalid_options_json',
    'invalid_options',
    'invalid_invoice_patch',
    'inline_context_conflict',
    'unextractable_pdf',
    'ocr_confidence_too_low',
    'pdf_validation_failed',
    'ocr_service_unavailable',
    'ocr_quota_exhausted',
    'requested_output_unavailable',
    'ocr_timeout',
    'cancelled',
    'profile_reuse_requires_explicit_opt_in',
    'profile_reuse_selector_required',
    'profile_selector_conflict',
    'seller_profile_not_found',
    'buyer_profile_not_found',
    'profile_inline_context_conflict',
  ],
  extract: [...DOCUMENT, 'unextractable_pdf', 'validation_service_unavailable'],
  repair: [...DOCUMENT, 'invalid_constraints_json', 'invalid_options'],
  validate: [...DOCUMENT, 'unextractable_pdf', 'invalid_options'],
  getIntegrationContract: [...LIMITED, 'requested_output_unavailable'],
  headIntegrationContract: [...LIMITED, 'requested_output_unavailable'],
  getOpenApiDocument: LIMITED,
  headOpenApiDocument: LIMITED,
  renderReport: [...AUTHENTICATED, ...BODY, 'requested_output_unavailable'],
  getLimits: LIMITED,
  headLimits: LIMITED,
  listProfiles: AUTHENTICATED,
  getJob: [...AUTHENTICATED, 'job_not_found'],
  createBearerToken: [...AUTHENTICATED, ...BODY],
  saveProfile: [...AUTHENTICATED, ...BODY],
  deleteProfile: [
    ...AUTHENTICATED,
    'invalid_data_format',
    'seller_profile_not_found',
    'buyer_profile_not_found',
  ],
  requestSandboxKey: [
    ...LIMITED,
    'file_too_large',
    'invalid_data_format',
    'sandbox_key_exists',
    'activation_pending',
  ],
  activateSandboxKey: [
    ...LIMITED,
    'file_too_large',
    'invalid_data_format',
    'activation_token_invalid',
    'activation_token_expired',
    'activation_token_used',
    'sandbox_key_exists',
  ],
  signInLocally: [
    ...LIMITED,
    'file_too_large',
    'invalid_data_format',
    'sign_in_token_invalid',
    'sign_in_token_used',
  ],
};

/** Headers some error answers carry beside their body. */
const ERROR_HEADERS: Readonly<Record<number, Record<string, JsonSchema>>> = {
  401: { 'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } } },
  429: {
    'Retry-After': {
      description: 'Seconds to wait, as in `retry_after_seconds`.',
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

const statusesOf = (answer: Answer): readonly number[] =>
  answer === EMPTY_FILE ? [400] : ERROR_STATUS[answer];

/** One response per status: its codes named in the description, their bodies one of the code schemas. */
export function errorResponses(answers: readonly Answer[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, Answer[]>();
  for (const answer of new Set(answers)) {
    for (const status of statusesOf(answer)) byStatus.set(status, [...(byStatus.get(status) ?? []), answer]);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const refs = codes.map((code) =>
      schemaRef(code === EMPTY_FILE ? DETAIL_COMPONENT : errorComponentId(code)),
    );
    const named = codes.map((code) => (code === EMPTY_FILE ? '`detail` (empty upload)' : `\`${code}\``));
    responses[String(status)] = {
      description: `Error: ${named.join(', ')}.`,
      ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
      content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { oneOf: refs } } },
    };
  }
  return responses;
}

/** Answers to a request no operation matches: an unknown path, or a known path with another method. */
export const UNMATCHED_RESPONSES: Readonly<Record<string, JsonSchema>> = {
  NotFound: {
    description: 'Error `not_found`: no such endpoint.',
    content: { 'application/json': { schema: schemaRef(errorComponentId('not_found')) } },
  },
  MethodNotAllowed: {
    description: 'Error `method_not_allowed`; the `Allow` header lists the methods of the path.',
    headers: { Allow: { schema: { type: 'string' } } },
    content: { 'application/json': { schema: schemaRef(errorComponentId('method_not_allowed')) } },
  },
};
