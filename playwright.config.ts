import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the real interface against a real `facturx serve`, which e2e/fixtures.ts starts on a
 * free port with its own data directory; the browser is a local Chromium, never a download.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  retries: 0,
  // Generous limits: the tests are about what the page does, not how fast; the machine is shared and a
  // dry run or an OCR pass can take many seconds under load.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  forbidOnly: true,
  reporter: 'list',
  use: {
    screenshot: 'only-on-failure',
    trace: 'off',
    viewport: { width: 1280, height: 860 },
  },
});
