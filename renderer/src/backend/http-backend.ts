import { toAnswer, type Answer, type Backend, type FileOperation, type InvoiceFile } from './backend';

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

/** The backend reached over HTTP: multipart requests to /api/v1/<operation>, authenticated by X-API-Key. */
export function httpBackend(
  settings: HttpSettings,
  pageOrigin: string,
  fetchImpl: typeof fetch = fetch,
): Backend {
  const origin = apiOrigin(settings, pageOrigin);
  const apiKey = settings.apiKey.trim();
  return {
    kind: { type: origin === pageOrigin ? 'server' : 'hosted', origin },
    async run(
      operation: FileOperation,
      file: InvoiceFile | null,
      { lang, validationTarget },
      fields = {},
    ): Promise<Answer> {
      const url = new URL(`/api/v1/${operation}`, origin);
      url.searchParams.set('lang', lang);
      const form = new FormData();
      if (file) form.append('file', new Blob([file.bytes], { type: file.mediaType }), file.filename);
      form.append('validation_target', validationTarget);
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          body: form,
          headers: apiKey === '' ? {} : { 'X-API-Key': apiKey },
        });
        return toAnswer(response.ok, response.status, await readBody(response));
      } catch (reason) {
        return {
          ok: false,
          status: 0,
          error: { error: 'backend_unreachable', message: `${url.origin}: ${String(reason)}` },
        };
      }
    },
  };
}
