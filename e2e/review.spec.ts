import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, type Server } from './fixtures';
import { directAnswer, dropFiles, saveApiKey, type Upload } from './page-actions';
import { reviewCase, reviewToFacturx, type Ask } from './review-steps';

/** The server, asked directly with the key the page uses. */
const askServer =
  (server: Server): Ask =>
  (operation, file, fields = {}) =>
    directAnswer(server, operation, file, server.apiKey, 'en', fields);

async function openReview(page: Page, server: Server, pdf: Upload) {
  await page.goto('/');
  await saveApiKey(page, server.apiKey);
  await page.getByRole('button', { name: 'France 2026' }).click();
  await dropFiles(page, [pdf]);
  return page.getByTestId('check').filter({ hasText: pdf.name });
}

test.describe('Review of a PDF without invoice data, against facturx serve', () => {
  test('corrects what was misread, clears the France 2026 blockers, converts, and the Factur-X PDF passes and reads back as corrected', async ({
    page,
    server,
  }) => {
    // Several dry runs, then a final convert that renders, packages and validates a PDF/A-3.
    test.slow();
    const ask = askServer(server);
    const reviewed = await reviewCase(ask);
    test
      .info()
      .annotations.push({ type: 'input', description: `${reviewed.pdf.name} from ${reviewed.from}` });
    const card = await openReview(page, server, reviewed.pdf);
    await reviewToFacturx(
      page,
      card,
      reviewed,
      ask,
      async (saveButton) => {
        const downloading = page.waitForEvent('download');
        await saveButton.click();
        const download = await downloading;
        return {
          name: download.suggestedFilename(),
          mimeType: 'application/pdf',
          buffer: await readFile(await download.path()),
        };
      },
      'e2e',
    );
  });
});
