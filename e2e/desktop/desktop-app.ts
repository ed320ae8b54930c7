/**
 * Runs the built desktop app on the Electron stand-in: an X server (Xvfb) on a free display, a headed
 * Debian Chromium on it, and dist/electron/main.cjs loaded with the stand-in as its `electron`.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { chromiumFlags, systemChromium } from '../fixtures';
import { electronStandIn, type ElectronStandIn } from './electron-stand-in';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const mainFile = path.join(root, 'dist', 'electron', 'main.cjs');

const onPath = (command: string): boolean =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, command)));

/** Why the stand-in desktop path cannot run here, or null when it can. */
export function desktopPathMissing(): string | null {
  const missing = [
    ...(existsSync(systemChromium) ? [] : ['Debian chromium']),
    ...(onPath('Xvfb') ? [] : ['Xvfb (Debian xvfb)']),
    ...(existsSync(mainFile) ? [] : ['the built desktop shell (npm run build)']),
  ];
  return missing.length === 0 ? null : `missing ${missing.join(', ')}: the desktop path tests did not run`;
}

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":3". */
  readonly display: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Xvfb on the first free display, which it names itself (-displayfd) once it accepts clients. */
export async function startXvfb(): Promise<VirtualDisplay> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    (child.stdio[3] as Readable).once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`Xvfb exited with code ${code}: ${stderr}`)));
  });
  return {
    display: `:${number}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Debian's Chromium with a window on `display`; file: pages may load their own scripts, as in Electron. */
export function launchHeadedChromium(display: string): Promise<Browser> {
  return chromium.launch({
    executablePath: systemChromium,
    headless: false,
    args: [...chromiumFlags, '--allow-file-access-from-files'],
    env: { ...process.env, DISPLAY: display },
  });
}

export interface DesktopApp {
  /** The main window's page. */
  readonly window: Page;
  readonly standIn: ElectronStandIn;
  /** The app's data folder (`app.getPath('userData')`). */
  readonly userData: string;
  quit(): Promise<void>;
}

/**
 * Starts the built main process on the stand-in, a fresh run each time (the main module is loaded anew
 * and registers its handlers again), and resolves once its window has loaded the built page.
 */
export async function startDesktopApp(browser: Browser, userData: string): Promise<DesktopApp> {
  const standIn = electronStandIn({ browser, userData });
  const requireFromMain = createRequire(mainFile);
  const electronEntry = requireFromMain.resolve('electron');
  const real = requireFromMain.cache[electronEntry];
  const stood = new Module(electronEntry);
  stood.exports = standIn.module;
  stood.loaded = true;
  requireFromMain.cache[electronEntry] = stood;
  delete requireFromMain.cache[mainFile];
  try {
    requireFromMain(mainFile);
  } finally {
    if (real) requireFromMain.cache[electronEntry] = real;
    else delete requireFromMain.cache[electronEntry];
  }
  const window = await standIn.firstWindow();
  return { window, standIn, userData, quit: () => standIn.quit() };
}
