/** Reading a service request: its language, and its uploaded files by what their bytes are. */
import { emptyFileError, type ApiErrorResult } from '../api/errors';
import { chooseLang, type Lang } from '../api/lang';
import type { FilePart, ServiceRequest } from './types';

export const requestLang = (req: ServiceRequest): Lang => chooseLang(req.query.lang, req.acceptLanguage);

export type FileKind = 'pdf' | 'xml' | 'other';

/** What the bytes are, whatever the client declared: `%PDF-` within the first KiB, or an XML start. */
export function sniffFile(bytes: Uint8Array): FileKind {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (/^(\uFEFF|\xEF\xBB\xBF)?\s*</.test(head)) return 'xml';
  return 'other';
}

/** The uploaded `file` part: absent is undefined; empty is the `detail`-only 400. */
export function uploadedFile(
  req: ServiceRequest,
  lang: Lang,
): { readonly file?: FilePart; readonly error?: ApiErrorResult } {
  const file = req.files.file;
  if (!file) return {};
  if (file.bytes.length === 0) return { error: emptyFileError(lang) };
  return { file };
}
