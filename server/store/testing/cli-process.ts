/**
 * Test helper: `facturx` commands, or scripts of the tests, as real processes run from the sources (a
 * server to kill with SIGKILL, a worker to kill in the middle of a job), each resolved once it says it
 * is ready; later lines of its output can be waited for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(root, 'bin', 'cli', 'from-sources.ts');

/** Generous: starting from the sources on a busy machine takes a while. */
const WAIT_MS = 240_000;

export interface ScriptProcess {
  readonly child: ChildProcess;
  /** The stdout line that said it was ready. */
  readonly match: RegExpExecArray;
  /** Resolves with the first stdout line (so far or to come) that matches. */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  /** What it wrote on stderr so far. */
  stderr(): string;
  /** SIGKILL, and resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), and resolves once it is gone. */
  stop(): Promise<void>;
}

/** Runs a script of this repository (`script`, relative to its root; TypeScript through tsx) with `args`. */
export function startScript(
  script: string,
  args: readonly string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<ScriptProcess> {
  const file = path.resolve(root, script);
  const argv = file.endsWith('.ts') ? ['--import', 'tsx', file, ...args] : [file, ...args];
  const child = spawn(process.execPath, argv, {
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
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (text) => {
    lines.push(text.trim());
    for (const check of [...waiting]) check();
  });
  const line = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no line ${pattern} from ${script} within ${WAIT_MS / 1000} s. stderr:\n${stderr}`));
      }, WAIT_MS);
      const check = () => {
        for (const text of lines) {
          const match = pattern.exec(text);
          if (!match) continue;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(match);
          return;
        }
      };
      waiting.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`${script} exited (${code}) before it was ready. stderr:\n${stderr}`));
    child.once('exit', early);
    line(ready).then(
      (match) => {
        child.off('exit', early);
        resolve({
          child,
          match,
          line,
          stderr: () => stderr,
          kill: () => end('SIGKILL'),
          stop: () => end('SIGTERM'),
        });
      },
      (error: unknown) => {
        child.kill('SIGKILL');
        reject(error);
      },
    );
  });
}

/** `facturx ARGS…` from the sources. */
export const startCli = (args: readonly string[], ready: RegExp, env: NodeJS.ProcessEnv = {}) =>
  startScript(CLI, args, ready, env);
