import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../core/api/openapi';
import { describedDocument, operations } from '../core/testing/openapi-walk';
import { API_ROUTES } from './api-routes';
import { PUBLIC_ROUTES } from './public-routes';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 0, start: '2026-06-01T09:00:00Z' });
});
afterAll(() => server.close());

describe('GET /api/v1/openapi.json', () => {
  it('describes every route the server answers, and nothing else', () => {
    const described = operations(describedDocument()).map(([path, method]) => `${method} ${path}`);
    const served = [
      ...Object.entries(API_ROUTES).flatMap(([path, route]) => route.methods.map((m) => `${m} ${path}`)),
      ...Object.keys(PUBLIC_ROUTES).map((path) => `POST ${path}`),
    ];
    expect(described.sort()).toEqual(served.sort());
  });

  it('is public: GET answers the description without a key, HEAD the same headers without a body', async () => {
    const get = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await get.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const head = await fetch(`${server.url}/api/v1/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await head.text()).toBe('');
    const post = await fetch(`${server.url}/api/v1/openapi.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
