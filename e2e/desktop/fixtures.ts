import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '../fixtures';
import {
  desktopPathMissing,
  launchHeadedChromium,
  startDesktopApp,
  startXvfb,
  type DesktopApp,
} from './desktop-app';

/** The desktop app of one test: its current run, and a restart on the same data folder. */
export interface Desktop {
  readonly userData: string;
  readonly app: DesktopApp;
  /** The main window of the current run. */
  readonly window: Page;
  /** Quits the app and starts it again, as a user closing and reopening it. */
  restart(): Promise<Page>;
}

export const test = base.extend<{ desktop: Desktop }, { display: string; desktopBrowser: Browser }>({
  display: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const xvfb = await startXvfb();
      try {
        await use(xvfb.display);
      } finally {
        await xvfb.stop();
      }
    },
    { scope: 'worker' },
  ],
  desktopBrowser: [
    async ({ display }, use) => {
      const browser = await launchHeadedChromium(display);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  desktop: async ({ desktopBrowser }, use) => {
    const userData = await mkdtemp(path.join(tmpdir(), 'facturx-desktop-'));
    let app = await startDesktopApp(desktopBrowser, userData);
    try {
      await use({
        userData,
        get app() {
          return app;
        },
        get window() {
          return app.window;
        },
        async restart() {
          await app.quit();
          app = await startDesktopApp(desktopBrowser, userData);
          return app.window;
        },
      });
    } finally {
      await app.quit();
      await rm(userData, { recursive: true, force: true });
    }
  },
});

/** Skips a describe block, saying why, where the stand-in desktop path cannot run. */
export function skipWithoutDesktopPath(): void {
  const missing = desktopPathMissing();
  test.skip(missing !== null, missing ?? '');
}

export { expect } from '../fixtures';
