import type { UploadLimits } from '../backend/backend';
import { fileKind, type FileKind } from '../backend/file-kind';

/** Why a file is not sent at all: its kind, its emptiness, or a size the backend said it refuses. */
export type Refusal =
  | { readonly name: string; readonly reason: 'kind' | 'empty' }
  | { readonly name: string; readonly reason: 'too_large'; readonly size: number; readonly limit: number };

/**
 * The file's kind when the backend can take it; otherwise why not, decided before any upload so that a
 * 58 MB PDF is refused at once rather than after a long upload and a refusal from the server.
 */
export function admitFile(
  file: { readonly name: string; readonly size: number; readonly type: string },
  limits: UploadLimits | null,
): { readonly kind: FileKind } | { readonly refusal: Refusal } {
  const kind = fileKind(file.name, file.type);
  if (!kind) return { refusal: { name: file.name, reason: 'kind' } };
  if (file.size === 0) return { refusal: { name: file.name, reason: 'empty' } };
  if (limits && file.size > limits.maxUploadBytes) {
    return {
      refusal: { name: file.name, reason: 'too_large', size: file.size, limit: limits.maxUploadBytes },
    };
  }
  return { kind };
}
