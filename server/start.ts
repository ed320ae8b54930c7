/**
 * `facturx serve`: the /api/v1 routes and the web build of the user interface on one node:http server,
 * with its store (SQLite in the data directory, or a shared PostgreSQL). `close()` stops accepting, lets
 * requests in flight finish, and closes the store.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv4, type AddressInfo } from 'node:net';
import path from 'node:path';
import { apiError } from '../core/api/errors';
import { bearerTokens, type BearerTokens } from '../core/service/bearer-tokens';
import { localSignIn } from '../core/service/local-sign-in';
import { API_PREFIX, handleApi } from './api-routes';
import { engineThreads } from './engine-threads';
import { startJobs, type JobOptions } from './jobs/start-jobs';
import { packageRoot } from './package-root';
import { handlePublic, PUBLIC_PREFIX } from './public-routes';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, tokenBucketLimiter } from './rate-limit';
import { sendError } from './respond';
import { serveStatic } from './static-files';
import { startMaintenance } from './store/maintenance';
import { openStore } from './store/open-store';

export interface ServerOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  readonly dataDir: string;
  /** A PostgreSQL address shared with other servers; without it, SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  /** The web build of the renderer; default dist/renderer of this package. */
  readonly staticDir?: string;
  readonly now?: () => Date;
  /** Requests per minute per API key or client address (default 120); 0 turns limiting off. */
  readonly rateLimitPerMinute?: number;
  /** Work answered 202: threads, the time after which a call becomes a job, leases. */
  readonly jobs?: JobOptions;
  /**
   * Threads that run validations, extractions and repairs off the thread that answers requests (so
   * that the server uses every core); 0 (the default) runs them on the answering thread.
   */
  readonly engineThreads?: number;
}

export interface RunningServer {
  /** The address actually listened on, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /**
   * On loopback, the address that opens the interface signed in for this machine, once
   * (`<url>/#sign-in=<token>`: a fragment, so the token is in no request line or log).
   */
  readonly signInUrl?: string;
  close(): Promise<void>;
}

/** Only the machine itself can reach a server listening here, so whoever opens it is its user. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));

/** dist/renderer beside the package.json above this module (works from the sources and the bundle). */
export const defaultStaticDir = (): string => path.join(packageRoot(), 'dist', 'renderer');

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const now = options.now ?? (() => new Date());
  const storage = await openStore(
    { dataDir: options.dataDir, ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}) },
    now(),
  );
  let running: Awaited<ReturnType<typeof startJobs>>;
  try {
    running = await startJobs(storage, options.databaseUrl, now, options.jobs);
  } catch (error) {
    await storage.close();
    throw error;
  }
  let tokens: BearerTokens;
  try {
    const secret = await storage.serverSecret(
      'bearer-token-key',
      randomBytes(32).toString('base64url'),
      now().toISOString(),
    );
    tokens = bearerTokens(Buffer.from(secret, 'base64url'));
  } catch (error) {
    await running.stop();
    await storage.close();
    throw error;
  }
  const maintenance = await startMaintenance(storage, now, running.jobs);
  const threads = options.engineThreads ? engineThreads(options.engineThreads) : null;
  const staticDir = options.staticDir ?? defaultStaticDir();
  const limiter = tokenBucketLimiter(options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, () =>
    now().getTime(),
  );
  let origin = '';
  const host = options.host ?? '127.0.0.1';
  const signIn = isLoopbackHost(host) ? localSignIn(storage) : null;
  const deps = {
    storage,
    now,
    limiter,
    jobs: running.jobs,
    tokens,
    ...(threads ? { engines: threads.engines } : {}),
    dataDir: options.dataDir,
    origin: () => origin,
    localSignIn: signIn,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === API_PREFIX.slice(0, -1) || url.pathname.startsWith(API_PREFIX)) {
        await handleApi(req, res, url, deps);
      } else if (url.pathname.startsWith(PUBLIC_PREFIX)) {
        await handlePublic(req, res, url, deps);
      } else {
        await serveStatic(req, res, staticDir, url.pathname);
      }
    } catch (error) {
      console.error(`facturx serve: ${req.method} ${url.pathname}: ${String(error)}`);
      if (!res.headersSent) sendError(res, apiError('internal_error'));
      else res.destroy();
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  server.requestTimeout = 120_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await threads?.close();
    await maintenance.stop();
    await running.stop();
    await storage.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${shownHost}:${port}`;

  return {
    url: origin,
    ...(signIn ? { signInUrl: `${origin}/#sign-in=${signIn.token}` } : {}),
    close: async () => {
      const closed = new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      server.closeIdleConnections();
      await closed;
      await threads?.close();
      await maintenance.stop();
      await running.stop();
      await storage.close();
    },
  };
}
