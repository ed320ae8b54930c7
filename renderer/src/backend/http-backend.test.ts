import { describe, expect, it, vi } from 'vitest';
import { apiOrigin, httpBackend } from './http-backend';

const invoice = {
  filename: 'invoice.xml',
  bytes: new TextEncoder().encode('<x/>'),
  mediaType: 'application/xml',
};

describe('httpBackend', () => {
  it('posts the file as multipart to /api/v1/<operation> with the key, language and validation target', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ error: 'validation_service_unavailable', message: 'later' }), {
          status: 503,
        }),
    );
    const backend = httpBackend({ baseUrl: '', apiKey: ' k-123 ' }, 'http://127.0.0.1:4000', fetchImpl);

    const answer = await backend.run('validate', invoice, { lang: 'fr', validationTarget: 'france_2026' });

    expect(answer).toEqual({
      ok: false,
      status: 503,
      error: { error: 'validation_service_unavailable', message: 'later' },
    });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4000/api/v1/validate?lang=fr');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'X-API-Key': 'k-123' });
    const file = (init?.body as FormData).get('file') as File;
    expect(file.name).toBe('invoice.xml');
    expect(await file.text()).toBe('<x/>');
    expect((init?.body as FormData).get('validation_target')).toBe('france_2026');
  });

  it('aborts the request when its signal aborts and answers cancelled at once, in the language asked', async () => {
    let seen: AbortSignal | undefined;
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          seen = init?.signal ?? undefined;
          seen?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const backend = httpBackend({ baseUrl: '', apiKey: 'k' }, 'http://127.0.0.1:4000', fetchImpl);
    const cancel = new AbortController();

    const answer = backend.run(
      'convert',
      invoice,
      { lang: 'fr', validationTarget: 'en16931' },
      {},
      {
        signal: cancel.signal,
      },
    );
    cancel.abort();

    expect(await answer).toMatchObject({
      ok: false,
      status: 499,
      error: { error: 'cancelled', message: expect.stringContaining('annulée') },
    });
    expect(seen?.aborted).toBe(true);
    expect(
      await backend.run(
        'validate',
        invoice,
        { lang: 'en', validationTarget: 'en16931' },
        {},
        {
          signal: cancel.signal,
        },
      ),
    ).toMatchObject({ error: { error: 'cancelled' } });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it('sends no key header without a key, and reports an unreachable backend as a value', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const backend = httpBackend(
      { baseUrl: 'https://api.example.com/v', apiKey: '' },
      'http://localhost',
      fetchImpl,
    );

    const answer = await backend.run('extract', invoice, { lang: 'en', validationTarget: 'en16931' });

    expect(backend.kind).toEqual({ type: 'hosted', origin: 'https://api.example.com' });
    expect(fetchImpl.mock.calls[0]?.[1]?.headers).toEqual({});
    expect(answer).toMatchObject({ ok: false, status: 0, error: { error: 'backend_unreachable' } });
  });

  it('sends convert form fields besides the file, or without any file', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{"success":true}', { status: 200 }));
    const backend = httpBackend({ baseUrl: '', apiKey: '' }, 'http://127.0.0.1:4000', fetchImpl);

    const answer = await backend.run(
      'convert',
      null,
      { lang: 'en', validationTarget: 'france_2026' },
      {
        dry_run: 'true',
        invoice_data: '{"number":"F-1"}',
        seller_context: '{"document_notes":[]}',
      },
    );

    expect(answer).toEqual({ ok: true, status: 200, body: { success: true } });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4000/api/v1/convert?lang=en');
    const form = init?.body as FormData;
    expect(form.has('file')).toBe(false);
    expect(Object.fromEntries(form.entries())).toEqual({
      validation_target: 'france_2026',
      dry_run: 'true',
      invoice_data: '{"number":"F-1"}',
      seller_context: '{"document_notes":[]}',
    });
  });

  it('falls back to the page origin when the configured address is empty or invalid', () => {
    expect(apiOrigin({ baseUrl: ' ', apiKey: '' }, 'http://a:1')).toBe('http://a:1');
    expect(apiOrigin({ baseUrl: 'not a url', apiKey: '' }, 'http://a:1')).toBe('http://a:1');
  });

  it('lists, saves and deletes profiles as JSON under /api/v1/profiles, with the key and language', async () => {
    const record = { id: 'acme.fr', role: 'seller', version: 1, name: 'Acme', updatedAt: '', data: {} };
    const bodies = [{ profiles: [] }, record, { deleted: true, id: 'acme.fr', role: 'seller' }];
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify(bodies.shift()), { status: 200 }),
    );
    const backend = httpBackend({ baseUrl: '', apiKey: 'k-1' }, 'http://127.0.0.1:4000', fetchImpl);
    const data = { seller: { name: 'Acme', address: { country_code: 'FR' } } };

    expect(await backend.profiles({ method: 'GET' }, 'fr')).toEqual({
      ok: true,
      status: 200,
      body: { profiles: [] },
    });
    expect((await backend.profiles({ method: 'PUT', role: 'seller', id: 'acme.fr', data }, 'en')).ok).toBe(
      true,
    );
    await backend.profiles({ method: 'DELETE', role: 'seller', id: 'acme.fr' }, 'en');

    const sent = fetchImpl.mock.calls.map(([url, init]) => [
      String(url),
      init?.method,
      init?.headers,
      init?.body,
    ]);
    expect(sent).toEqual([
      ['http://127.0.0.1:4000/api/v1/profiles?lang=fr', 'GET', { 'X-API-Key': 'k-1' }, undefined],
      [
        'http://127.0.0.1:4000/api/v1/profiles/seller/acme.fr?lang=en',
        'PUT',
        { 'X-API-Key': 'k-1', 'Content-Type': 'application/json' },
        JSON.stringify({ data }),
      ],
      [
        'http://127.0.0.1:4000/api/v1/profiles/seller/acme.fr?lang=en',
        'DELETE',
        { 'X-API-Key': 'k-1' },
        undefined,
      ],
    ]);
  });

  it('reads a refused profile as an error value with its field, and escapes the id in the path', async () => {
    const refusal = { error: 'invalid_data_format', message: 'Invalid value.', field: 'data.seller.vat_id' };
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(refusal), { status: 422 }));
    const backend = httpBackend({ baseUrl: '', apiKey: '' }, 'http://127.0.0.1:4000', fetchImpl);

    const answer = await backend.profiles({ method: 'PUT', role: 'buyer', id: 'a/b', data: {} }, 'en');

    expect(answer).toEqual({ ok: false, status: 422, error: refusal });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe(
      'http://127.0.0.1:4000/api/v1/profiles/buyer/a%2Fb?lang=en',
    );
  });

  it('posts reports as JSON to /api/v1/report with the key and language', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ filename: 'r.pdf', pdf: 'JVBERg==' }), { status: 200 }),
    );
    const backend = httpBackend({ baseUrl: '', apiKey: 'k' }, 'http://127.0.0.1:4000', fetchImpl);
    expect(await backend.report?.([{ valid: false }], 'en')).toMatchObject({
      ok: true,
      body: { pdf: 'JVBERg==' },
    });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4000/api/v1/report?lang=en');
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ reports: [{ valid: false }] }),
      headers: { 'X-API-Key': 'k', 'Content-Type': 'application/json' },
    });
  });
});
