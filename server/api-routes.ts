/**
 * The /api/v1 routes: which service answers, with which methods, and whether credentials are needed.
 * Unknown paths are 404, known paths with another method 405, and no authenticated route runs a line of
 * service code without a valid key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiError } from '../core/api/errors';
import { chooseLang, type Lang } from '../core/api/lang';
import { authenticate } from '../core/service/auth';
import { services, type ServiceName } from '../core/service';
import type { BearerTokens } from '../core/service/bearer-tokens';
import type { EngineChoice, Engines } from '../core/service/engines';
import type { Jobs } from '../core/service/jobs';
import type { Storage } from '../core/service/storage';
import type { ServiceContext, ServiceResult } from '../core/service/types';
import { addressCaller, admit, type RateLimiter } from './rate-limit';
import { MAX_BODY_BYTES, readBody, serviceRequest, type BodyKind } from './read-request';
import { send, sendError, sendJson } from './respond';

export const API_PREFIX = '/api/v1/';

interface Route {
  readonly service: ServiceName;
  readonly methods: readonly string[];
  readonly authenticated: boolean;
  readonly body?: BodyKind;
}

export const API_ROUTES: Readonly<Record<string, Route>> = {
  '/api/v1/convert': { service: 'convert', methods: ['POST'], authenticated: true },
  '/api/v1/extract': { service: 'extract', methods: ['POST'], authenticated: true },
  '/api/v1/repair': { service: 'repair', methods: ['POST'], authenticated: true },
  '/api/v1/validate': { service: 'validate', methods: ['POST'], authenticated: true },
  '/api/v1/integration-contract': { service: 'contract', methods: ['GET', 'HEAD'], authenticated: false },
  '/api/v1/openapi.json': { service: 'openapi', methods: ['GET', 'HEAD'], authenticated: false },
  '/api/v1/limits': { service: 'limits', methods: ['GET', 'HEAD'], authenticated: false },
  '/api/v1/report': { service: 'report', methods: ['POST'], authenticated: true, body: 'json' },
  '/api/v1/profiles': { service: 'profiles', methods: ['GET'], authenticated: true },
  '/api/v1/profiles/{role}/{id}': {
    service: 'profiles',
    methods: ['PUT', 'DELETE'],
    authenticated: true,
    body: 'json',
  },
  '/api/v1/jobs/{id}': { service: 'jobs', methods: ['GET'], authenticated: true },
  '/api/v1/auth/token': { service: 'token', methods: ['POST'], authenticated: true, body: 'json' },
};

/** The profile operation each method of the profiles routes is. */
const PROFILE_OPERATIONS: Readonly<Record<string, string>> = { GET: 'list', PUT: 'save', DELETE: 'delete' };

/**
 * The route of a path, with what the path names: a profile's role and id (percent-decoded; the service
 * checks them).
 */
function matchRoute(pathname: string): { route: Route; fields: Record<string, string> } | null {
  const path = pathname.replace(/\/+$/, '');
  const exact = API_ROUTES[path];
  if (exact) return { route: exact, fields: {} };
  const profile = /^\/api\/v1\/profiles\/([^/]+)\/([^/]+)$/.exec(path);
  const job = /^\/api\/v1\/jobs\/([^/]+)$/.exec(path);
  try {
    if (profile) {
      return {
        route: API_ROUTES['/api/v1/profiles/{role}/{id}']!,
        fields: { role: decodeURIComponent(profile[1]!), id: decodeURIComponent(profile[2]!) },
      };
    }
    if (job) return { route: API_ROUTES['/api/v1/jobs/{id}']!, fields: { id: decodeURIComponent(job[1]!) } };
  } catch {
    // A malformed percent-encoding names nothing.
  }
  return null;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export interface ApiDependencies {
  readonly storage: Storage;
  readonly now: () => Date;
  /** Per API key on authenticated routes, per client address on the others and on refused keys. */
  readonly limiter: RateLimiter;
  /** Where long work becomes a job; absent, every call runs to its end. */
  readonly jobs?: Jobs;
  /** Signs and verifies bearer tokens; absent, `Authorization: Bearer` takes API keys only. */
  readonly tokens?: BearerTokens;
  /** Where validations, extractions and repairs run; absent, on the thread that answers. */
  readonly engines?: Engines;
}

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ApiDependencies,
): Promise<void> {
  const lang: Lang = chooseLang(url.searchParams.get('lang') ?? undefined, header(req, 'accept-language'));
  const head = req.method === 'HEAD';
  const matched = matchRoute(url.pathname);
  if (!matched) return sendError(res, apiError('not_found', undefined, { lang }), head);
  const { route } = matched;
  if (!route.methods.includes(req.method ?? '')) {
    return sendError(res, apiError('method_not_allowed', undefined, { lang }), head, {
      Allow: route.methods.join(', '),
    });
  }
  let tenant = '';
  let credential: ServiceContext['caller'];
  let caller = addressCaller(req);
  if (route.authenticated) {
    const auth = await authenticate(
      deps.storage,
      { apiKey: header(req, 'x-api-key'), authorization: header(req, 'authorization') },
      lang,
      deps.tokens ? { tokens: deps.tokens, now: deps.now() } : undefined,
    );
    if (!auth.ok) {
      if (!admit(deps.limiter, caller, req, res, lang)) return;
      req.resume();
      return sendError(res, auth.error, head, { 'WWW-Authenticate': 'Bearer' });
    }
    tenant = auth.tenant;
    credential = { keyId: auth.keyId, via: auth.via };
    caller = `key:${auth.keyId}`;
  }
  if (!admit(deps.limiter, caller, req, res, lang)) return;
  const body =
    req.method === 'POST' || req.method === 'PUT'
      ? await readBody(req, MAX_BODY_BYTES, lang)
      : { ok: true as const, value: Buffer.alloc(0) };
  if (!body.ok) return sendError(res, body.error, head, { Connection: 'close' });
  const fields =
    route.service === 'profiles'
      ? { ...matched.fields, operation: PROFILE_OPERATIONS[req.method ?? ''] ?? '' }
      : matched.fields;
  const request = await serviceRequest(req, url, body.value, lang, route.body, fields);
  if (!request.ok) return sendError(res, request.error, head);

  const ctx: ServiceContext & EngineChoice = {
    tenant,
    storage: deps.storage,
    now: deps.now,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
    ...(credential ? { caller: credential } : {}),
    ...(deps.tokens ? { tokens: deps.tokens } : {}),
    ...(deps.engines ? { engines: deps.engines } : {}),
  };
  let result: ServiceResult<unknown>;
  if (route.service === 'convert') {
    // A client that goes away before its answer cancels the convert: OCR stops instead of running on.
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.once('close', onClose);
    result = await services.convert(request.value, ctx, { signal: gone.signal });
    res.off('close', onClose);
  } else {
    result = await services[route.service](request.value, ctx);
  }
  if (
    route.service === 'convert' &&
    wantsPdf(req) &&
    sendPdf(res, result, request.value.files.file?.filename)
  )
    return;
  sendJson(res, result.status, result.body, head);
}

const wantsPdf = (req: IncomingMessage): boolean => /\bapplication\/pdf\b/i.test(header(req, 'accept') ?? '');

/** `Accept: application/pdf` on convert: the PDF itself when the answer carries one. */
function sendPdf(
  res: ServerResponse,
  result: ServiceResult<unknown>,
  sourceName: string | undefined,
): boolean {
  if (!result.ok) return false;
  const pdf = (result.body as { result?: { pdf?: unknown } }).result?.pdf;
  if (typeof pdf !== 'string') return false;
  const base = (sourceName ?? 'invoice').replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'invoice';
  send(
    res,
    200,
    Buffer.from(pdf, 'base64'),
    {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${base}-facturx.pdf"`,
      'Cache-Control': 'no-store',
    },
    false,
  );
  return true;
}
