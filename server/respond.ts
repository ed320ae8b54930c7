/** Writing answers: JSON bodies with the security headers, and the error values of core/api. */
import type { ServerResponse } from 'node:http';
import type { ApiErrorResult } from '../core/api/errors';
import { SECURITY_HEADERS } from './security-headers';

export function send(
  res: ServerResponse,
  status: number,
  body: Uint8Array | string,
  headers: Readonly<Record<string, string>>,
  head: boolean,
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(head ? undefined : body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  head = false,
  headers: Readonly<Record<string, string>> = {},
): void {
  send(
    res,
    status,
    JSON.stringify(body),
    { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    head,
  );
}

export const sendError = (
  res: ServerResponse,
  error: ApiErrorResult,
  head = false,
  headers: Readonly<Record<string, string>> = {},
): void => sendJson(res, error.status, error.body, head, headers);
