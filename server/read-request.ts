/**
 * From an HTTP request to the transport-neutral service request: the body read under a size limit, the
 * multipart form parsed by the platform's own `Request.formData()`, text fields and files apart.
 */
import type { IncomingMessage } from 'node:http';
import { apiError, type ApiErrorResult } from '../core/api/errors';
import type { Lang } from '../core/api/lang';
import { fileTooLarge, MAX_UPLOAD_BYTES } from '../core/service/request';
import type { FilePart, ServiceRequest } from '../core/service/types';

/**
 * The largest request body accepted on any endpoint: one file of the largest size the services accept,
 * and room for the form's other fields (a file within the bound is then judged by the service, as on the
 * command line and the desktop).
 */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

export type Read<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiErrorResult };

/** The whole body, or 413 as soon as it is known to exceed `limit` (the rest is then discarded). */
export async function readBody(req: IncomingMessage, limit: number, lang: Lang): Promise<Read<Buffer>> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > limit) {
    req.resume();
    return { ok: false, error: fileTooLarge(lang) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      return { ok: false, error: fileTooLarge(lang) };
    }
    chunks.push(chunk);
  }
  return { ok: true, value: Buffer.concat(chunks, size) };
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What a route takes as its body: a form (multipart or url-encoded), or one JSON document. */
export type BodyKind = 'form' | 'json';

/**
 * Parses a multipart or url-encoded body into fields and files, or keeps a JSON body as the `body` field
 * for the service to check; an empty body is an empty form. `pathFields` are what the path named.
 */
export async function serviceRequest(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  lang: Lang,
  kind: BodyKind = 'form',
  pathFields: Readonly<Record<string, string>> = {},
): Promise<Read<ServiceRequest>> {
  const fields: Record<string, string> = { ...pathFields };
  const files: Record<string, FilePart> = {};
  const contentType = header(req, 'content-type') ?? '';
  if (kind === 'json' && body.length > 0) {
    if (!/^application\/json\b/i.test(contentType)) {
      return {
        ok: false,
        error: apiError('unsupported_media_type', undefined, {
          lang,
          message: {
            en: 'Send the request as application/json.',
            fr: 'Envoyez la requête en application/json.',
          },
        }),
      };
    }
    fields.body = body.toString('utf8');
  } else if (body.length > 0) {
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
      return {
        ok: false,
        error: apiError('unsupported_media_type', undefined, {
          lang,
          message: {
            en: 'Send the request as multipart/form-data.',
            fr: 'Envoyez la requête en multipart/form-data.',
          },
        }),
      };
    }
    let form: FormData;
    try {
      form = await new Request(url, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      }).formData();
    } catch {
      return {
        ok: false,
        error: apiError(
          'invalid_data_format',
          { field: 'body' },
          {
            lang,
            status: 400,
            message: { en: 'Malformed form body.', fr: 'Corps de formulaire mal formé.' },
          },
        ),
      };
    }
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else {
        files[name] = {
          filename: value.name,
          bytes: new Uint8Array(await value.arrayBuffer()),
          ...(value.type ? { mediaType: value.type } : {}),
        };
      }
    }
  }
  const idempotencyKey = header(req, 'idempotency-key');
  const acceptLanguage = header(req, 'accept-language');
  const prefer = header(req, 'prefer');
  return {
    ok: true,
    value: {
      fields,
      files,
      query: Object.fromEntries(url.searchParams),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(acceptLanguage ? { acceptLanguage } : {}),
      ...(prefer ? { prefer } : {}),
    },
  };
}
