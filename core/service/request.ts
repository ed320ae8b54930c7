/** Reading a service request: its language, and its uploaded files by what their bytes are. */
import { apiError, emptyFileError } from '../api/errors';
import { booleanField, failed, parsed, type Parsed } from '../api/form-fields';
import { chooseLang, type Lang, type LocalizedText } from '../api/lang';
import { MAX_UPLOAD_BYTES } from '../api/limits';
import type { FilePart, ServiceRequest } from './types';

export const requestLang = (req: ServiceRequest): Lang => chooseLang(req.query.lang, req.acceptLanguage);

/**
 * The `enrich` query parameter of convert, extract and repair (default true): whether identifiers, names
 * and addresses may be checked against national public company registries; false forbids those calls.
 */
export const enrichFlag = (req: ServiceRequest, lang: Lang): Parsed<boolean> =>
  booleanField('enrich', req.query.enrich, true, lang);

export type FileKind = 'pdf' | 'xml' | 'other';

/**
 * What the bytes are, whatever the client declared: `%PDF-` within the first KiB, or an XML start (in
 * UTF-8, or in UTF-16 after its byte-order mark).
 */
export function sniffFile(bytes: Uint8Array): FileKind {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (/^(\xEF\xBB\xBF)?\s*</.test(head)) return 'xml';
  const [b0, b1] = bytes;
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    const text = new TextDecoder(b0 === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2, 258));
    if (/^\s*</.test(text)) return 'xml';
  }
  return 'other';
}

/**
 * The largest file any endpoint accepts, whatever the transport (an HTTP upload, a file on the command
 * line, a file handed to the desktop bridge): far beyond an invoice PDF or XML. One bound, published at
 * `GET /api/v1/limits` (core/api/limits.ts).
 */
export { MAX_UPLOAD_BYTES };

const MEGABYTES = MAX_UPLOAD_BYTES / 1024 / 1024;

/** 413 `file_too_large`, with the bound. */
export const fileTooLarge = (lang: Lang) =>
  apiError('file_too_large', undefined, {
    lang,
    message: {
      en: `The file exceeds the maximum upload size of ${MEGABYTES} MB.`,
      fr: `Le fichier dépasse la taille maximale d’envoi de ${MEGABYTES} Mo.`,
    },
  });

/** An optional uploaded part: absent is undefined; empty is the `detail`-only 400; too large is 413. */
export function optionalFile(req: ServiceRequest, name: string, lang: Lang): Parsed<FilePart | undefined> {
  const file = req.files[name];
  if (file && file.bytes.length === 0) return failed(emptyFileError(lang));
  if (file && file.bytes.length > MAX_UPLOAD_BYTES) return failed(fileTooLarge(lang));
  return parsed(file);
}

/** The required `file` part, of one of the `accepted` kinds (415 with `refusal` otherwise). */
export function requiredFile<K extends Exclude<FileKind, 'other'>>(
  req: ServiceRequest,
  lang: Lang,
  accepted: readonly K[],
  refusal?: LocalizedText,
): Parsed<{ readonly file: FilePart; readonly kind: K }> {
  const upload = optionalFile(req, 'file', lang);
  if (!upload.ok) return upload;
  const file = upload.value;
  if (!file) return failed(apiError('insufficient_data', { missing_fields: ['file'] }, { lang }));
  const kind = sniffFile(file.bytes);
  if (!(accepted as readonly FileKind[]).includes(kind)) {
    return failed(
      apiError('unsupported_media_type', undefined, { lang, ...(refusal ? { message: refusal } : {}) }),
    );
  }
  return parsed({ file, kind: kind as K });
}
