import {
  toAnswer,
  unlessCancelled,
  type Answer,
  type Backend,
  type FileOperation,
  type InvoiceFile,
  type ProfilesRequest,
  uploadLimitsOf,
} from './backend';

export interface HttpSettings {
  /** Base address of the API; empty means the origin that served the page. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

/** The origin requests go to: the configured one, else the page's own. */
export function apiOrigin(settings: HttpSettings, pageOrigin: string): string {
  const configured = settings.baseUrl.trim();
  if (configured === '') return pageOrigin;
  try {
    return new URL(configured).origin;
  } catch {
    return pageOrigin;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The path of a profiles request: the collection, or one record by role and id. */
function profilesPath(request: ProfilesRequest): string {
  return request.method === 'GET'
    ? '/api/v1/profiles'
    : `/api/v1/profiles/${request.role}/${encodeURIComponent(request.id)}`;
}

/**
 * The backend reached over HTTP, authenticated by X-API-Key: multipart requests to /api/v1/<operation>,
 * JSON requests to /api/v1/profiles.
 */
export function httpBackend(
  settings: HttpSettings,
  pageOrigin: string,
  fetchImpl: typeof fetch = fetch,
): Backend {
  const origin = apiOrigin(settings, pageOrigin);
  const apiKey = settings.apiKey.trim();
  const keyHeader: Record<string, string> = apiKey === '' ? {} : { 'X-API-Key': apiKey };

  async function send(url: URL, init: RequestInit): Promise<Answer> {
    try {
      const response = await fetchImpl(url, init);
      return toAnswer(response.ok, response.status, await readBody(response));
    } catch (reason) {
      return {
        ok: false,
        status: 0,
        error: { error: 'backend_unreachable', message: `${url.origin}: ${String(reason)}` },
      };
    }
  }

  return {
    kind: { type: origin === pageOrigin ? 'server' : 'hosted', origin },
    async limits() {
      return uploadLimitsOf(await send(new URL('/api/v1/limits', origin), { method: 'GET' }));
    },
    // No progress over HTTP (the API streams none): a convert is only shown as under way.
    run(
      operation: FileOperation,
      file: InvoiceFile | null,
      { lang, validationTarget },
      fields = {},
      control = {},
    ) {
      const { signal } = control;
      const url = new URL(`/api/v1/${operation}`, origin);
      url.searchParams.set('lang', lang);
      const form = new FormData();
      if (file) form.append('file', new Blob([file.bytes], { type: file.mediaType }), file.filename);
      form.append('validation_target', validationTarget);
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      // Aborting the request is the cancel: the server stops a convert whose client is gone.
      return unlessCancelled(signal, lang, () =>
        send(url, { method: 'POST', body: form, headers: keyHeader, ...(signal ? { signal } : {}) }),
      );
    },
    report(reports, lang) {
      const url = new URL('/api/v1/report', origin);
      url.searchParams.set('lang', lang);
      return send(url, {
        method: 'POST',
        body: JSON.stringify({ reports }),
        headers: { ...keyHeader, 'Content-Type': 'application/json' },
      });
    },
    profiles(request, lang) {
      const url = new URL(profilesPath(request), origin);
      url.searchParams.set('lang', lang);
      return send(
        url,
        request.method === 'PUT'
          ? {
              method: 'PUT',
              body: JSON.stringify({ data: request.data }),
              headers: { ...keyHeader, 'Content-Type': 'application/json' },
            }
          : { method: request.method, headers: keyHeader },
      );
    },
  };
}
