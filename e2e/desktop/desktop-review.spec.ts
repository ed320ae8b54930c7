import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BridgeResult } from '../../core/bridge/facturx-bridge';
import { dropForReview, reviewCase, reviewToFacturx, type Ask } from '../review-steps';
import { expect, skipWithoutDesktopPath, test } from './fixtures';

const standIn = 'desktop path, Electron stood in by Chromium under Xvfb';

/** The desktop's backend worker, asked through the bridge's own named operations, as the page asks it. */
const askBridge =
  (page: Page): Ask =>
  async (operation, file, fields = {}) => {
    const answer = await page.evaluate(
      async ({ operation, file, fields }) => {
        const bridge = (
          globalThis as unknown as { facturx: Record<string, (request: unknown) => Promise<BridgeResult>> }
        ).facturx;
        const files = file
          ? { file: { filename: file.name, bytes: new Uint8Array(file.bytes), mediaType: file.mimeType } }
          : {};
        return bridge[operation]!({ files, fields, query: { lang: 'en' } });
      },
      {
        operation,
        file: file ? { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] } : null,
        fields,
      },
    );
    return { status: answer.status, body: answer.body as Record<string, unknown> };
  };

test.describe(`Review of a PDF without invoice data on the ${standIn}`, () => {
  skipWithoutDesktopPath();

  test(`${standIn}: corrects what was misread, clears the France 2026 blockers, converts, and the saved Factur-X PDF passes and reads back as corrected`, async ({
    desktop,
  }) => {
    // Several dry runs, then a final convert that renders, packages and validates a PDF/A-3.
    test.slow();
    const page = desktop.window;
    const ask = askBridge(page);
    const reviewed = await reviewCase(ask);
    const card = await dropForReview(page, reviewed);
    await reviewToFacturx(
      page,
      card,
      reviewed,
      ask,
      // Saved where the native save dialog says, through the bridge's save operation.
      async (saveButton) => {
        const saved = path.join(desktop.userData, 'facture-facturx.pdf');
        desktop.app.standIn.dialogs.willSave(saved);
        await saveButton.click();
        // Whole once it ends as a PDF ends.
        await expect
          .poll(() =>
            readFile(saved)
              .then((bytes) => bytes.subarray(-8).toString('latin1').trim().endsWith('%%EOF'))
              .catch(() => false),
          )
          .toBe(true);
        return { name: path.basename(saved), mimeType: 'application/pdf', buffer: await readFile(saved) };
      },
      'desktop',
    );
  });
});
