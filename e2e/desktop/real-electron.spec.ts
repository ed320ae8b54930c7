import { _electron as electron } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFiles, fixtureFile } from '../page-actions';
import { expect, test } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The binary node_modules/electron unpacked (its index names it), or null before its download. */
function electronBinary(): string | null {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

test.describe('Factur-X Desk in real Electron', () => {
  const binary = electronBinary();
  test.skip(
    binary === null,
    'no Electron binary in node_modules/electron (npm install does not fetch it, and this machine cannot): ' +
      'the real-Electron test did not run; the stand-in desktop path tests cover the same shell',
  );

  test('real Electron: the built app opens, checks a dropped XML offline, and quits', async ({ display }) => {
    const config = await mkdtemp(path.join(tmpdir(), 'facturx-electron-'));
    const { ELECTRON_RUN_AS_NODE: _asNode, ...env } = process.env;
    // XDG_CONFIG_HOME puts the app's data folder in a temporary place on Linux.
    const app = await electron.launch({
      executablePath: binary!,
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), root],
      env: { ...env, DISPLAY: display, XDG_CONFIG_HOME: config },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('backend-indicator')).toContainText('Offline core');
      const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
      await dropFiles(page, [xml]);
      await expect(
        page.getByTestId('check').filter({ hasText: xml.name }).getByTestId('answer-validate'),
      ).toHaveAttribute('data-state', 'success');
      await page.screenshot({ path: 'test-results/electron-real.png' });
    } finally {
      await app.close();
      await rm(config, { recursive: true, force: true });
    }
  });
});
