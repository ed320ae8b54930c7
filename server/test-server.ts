/**
 * Test helper: a real server on a free port with its data in a temporary folder, a clock the test
 * moves forward, and launch-plan keys made before it starts.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiKey } from '../core/service/auth';
import { OUTBOX_DIR } from './outbox';
import { startServer } from './start';
import { openStore } from './store/open-store';

export interface TestServer {
  readonly url: string;
  /** The one-time sign-in address (the server listens on loopback). */
  readonly signInUrl: string;
  readonly dataDir: string;
  /** The keys of `keyEmails`, in order. */
  readonly keys: readonly string[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): Date;
  /** POST /api/v1/validate of a tiny non-invoice XML (422 once past authentication). */
  validate(apiKey: string, lang?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestServer(options: {
  readonly rateLimitPerMinute: number;
  readonly start: string;
  readonly keyEmails?: readonly string[];
}): Promise<TestServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'facturx-test-server-'));
  const dataDir = path.join(dir, 'data');
  let clock = Date.parse(options.start);
  const now = () => new Date(clock);
  const storage = await openStore({ dataDir });
  const keys = [];
  for (const email of options.keyEmails ?? []) {
    keys.push((await createApiKey(storage, { email, plan: 'launch' }, now())).apiKey);
  }
  await storage.close();
  const server = await startServer({
    port: 0,
    dataDir,
    staticDir: dir,
    rateLimitPerMinute: options.rateLimitPerMinute,
    now,
  });
  if (!server.signInUrl) throw new Error('a server on loopback prints a sign-in address');
  return {
    url: server.url,
    signInUrl: server.signInUrl,
    dataDir,
    keys,
    advance: (ms) => void (clock += ms),
    now,
    validate: (apiKey, lang = 'en') => {
      const form = new FormData();
      form.append('file', new Blob(['<x/>'], { type: 'application/xml' }), 'x.xml');
      return fetch(`${server.url}/api/v1/validate?lang=${lang}`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey },
        body: form,
      });
    },
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The token of the last activation message a server of `dataDir` wrote for `email`. */
export async function activationTokenSentTo(dataDir: string, email: string): Promise<string> {
  const folder = path.join(dataDir, OUTBOX_DIR);
  const messages = [];
  for (const name of (await readdir(folder)).sort()) {
    const eml = await readFile(path.join(folder, name), 'utf8');
    if (eml.includes(`To: <${email}>`)) messages.push(eml);
  }
  const token = /^ {2}([A-Za-z0-9_-]{43})\r$/m.exec(messages.at(-1) ?? '')?.[1];
  if (!token) throw new Error(`no activation message for ${email}`);
  return token;
}
