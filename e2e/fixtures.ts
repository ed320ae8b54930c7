import { test as base, chromium, type Browser } from '@playwright/test';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'bin', 'facturx.js');

export interface Server {
  /** Base address of the running `facturx serve`, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** A key created with `facturx keys create` in the server's data directory. */
  readonly apiKey: string;
  /** The one-time sign-in address the server printed (it listens on loopback). */
  readonly signInUrl: string;
}

export async function createApiKey(dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cli, 'keys', 'create', '--email', 'e2e@example.com', '--data-dir', dataDir, '--json'],
    { cwd: root },
  );
  const created = JSON.parse(stdout) as { apiKey?: unknown };
  if (typeof created.apiKey !== 'string') throw new Error(`keys create printed no apiKey: ${stdout}`);
  return created.apiKey;
}

/** Starts `facturx serve` on a free port and resolves with its addresses once it has printed them. */
export function serve(dataDir: string): Promise<{ url: string; signInUrl: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`facturx serve did not print its addresses within 20 s. stderr:\n${stderr}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`facturx serve exited with code ${code} before listening. stderr:\n${stderr}`));
    });
    let url = '';
    createInterface({ input: child.stdout }).on('line', (line) => {
      url ||= /^listening on (http:\/\/\S+)$/.exec(line.trim())?.[1] ?? '';
      const signInUrl = /^open (http:\/\/\S+)$/.exec(line.trim())?.[1];
      if (!url || !signInUrl) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url, signInUrl, process: child });
    });
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Chromium's switches for this machine: root, no GPU, and no connection attempts of its own. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Debian's Chromium (`npm test` installs it when missing and it can). */
export const systemChromium = '/usr/bin/chromium';

/** Debian's Chromium when installed, else the one packed in @sparticuz/chromium; never a download. */
export async function launchChromium(): Promise<Browser> {
  if (existsSync(systemChromium))
    return chromium.launch({ executablePath: systemChromium, args: chromiumFlags });
  const { default: packed } = await import('@sparticuz/chromium');
  // Its serverless defaults switch web security off (the tests must see the page as users do) and run
  // one process, which dies with the first browser context Playwright closes.
  const unwanted = new Set([
    '--disable-web-security',
    '--allow-running-insecure-content',
    '--single-process',
  ]);
  const args = packed.args.filter((arg) => !unwanted.has(arg));
  return chromium.launch({
    executablePath: await packed.executablePath(),
    args: [...args, ...chromiumFlags],
  });
}

export const test = base.extend<object, { server: Server; browser: Browser }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-e2e-'));
      try {
        const apiKey = await createApiKey(dataDir);
        const server = await serve(dataDir);
        try {
          await use({ url: server.url, apiKey, signInUrl: server.signInUrl });
        } finally {
          await stop(server.process);
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  browser: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
