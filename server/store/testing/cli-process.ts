/**
 * Test helper: `facturx` commands as real processes from the sources (a server to kill with SIGKILL, a
 * worker to kill in the middle of a job), each resolved once it says it is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = path.join(root, 'bin', 'cli', 'from-sources.ts');

/** Generous: starting from the sources on a busy machine takes a while. */
const READY_MS = 120_000;

export interface CliProcess {
  readonly child: ChildProcess;
  /** The first stdout line that matched `ready`. */
  readonly match: RegExpExecArray;
  /** What it wrote on stderr so far. */
  stderr(): string;
  /** SIGKILL, and resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), and resolves once it is gone. */
  stop(): Promise<void>;
}

export function startCli(
  args: readonly string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<CliProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await gone;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`facturx ${args[0]} was not ready within ${READY_MS / 1000} s. stderr:\n${stderr}`));
    }, READY_MS);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`facturx ${args[0]} exited (${code}) before it was ready. stderr:\n${stderr}`));
    };
    child.once('exit', early);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line.trim());
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', early);
      resolve({ child, match, stderr: () => stderr, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') });
    });
  });
}
