/**
 * The parts of the /api/v1 contract the renderer reads. Temporary: replaced by `import type` from core/api
 * once it exists, so that nothing redefines the contract.
 */

/** Error bodies are JSON with a machine code and a message; some carry more fields. */
export interface ApiErrorBody {
  readonly error: string;
  readonly message: string;
  readonly [field: string]: unknown;
}
