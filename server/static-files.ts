/**
 * The web build of the user interface, served read-only from one folder: `/` is index.html, other paths
 * must name a file inside the folder (no directory listing, no way out of it).
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { send } from './respond';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

const notFound = (res: ServerResponse, head: boolean) =>
  send(res, 404, 'Not found\n', { 'Content-Type': 'text/plain; charset=utf-8' }, head);

/** The file a URL path names inside `root`, or null when it would leave it or is not plain. */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  if (relative.split('/').some((segment) => segment === '..')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  return file.startsWith(base + path.sep) ? file : null;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  pathname: string,
): Promise<void> {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    send(
      res,
      405,
      'Method not allowed\n',
      { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' },
      false,
    );
    return;
  }
  const file = resolveStaticPath(root, pathname);
  if (!file) return notFound(res, head);
  try {
    if (!(await stat(file)).isFile()) return notFound(res, head);
    const bytes = await readFile(file);
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cache =
      path.basename(path.dirname(file)) === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
    send(res, 200, bytes, { 'Content-Type': type, 'Cache-Control': cache }, head);
  } catch {
    notFound(res, head);
  }
}
