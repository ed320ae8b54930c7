import { readFile } from 'node:fs/promises';
import { test, type Server } from './fixtures';
import { directAnswer, saveApiKey } from './page-actions';
import { dropForReview, reviewCase, reviewToFacturx, type Ask } from './review-steps';

/** The server, asked directly with the key the page uses. */
const askServer =
  (server: Server): Ask =>
  (operation, file, fields = {}) =>
    directAnswer(server, operation, file, server.apiKey, 'en', fields);

test.describe('Review of a PDF without invoice data, against facturx serve', () => {
  test('corrects what was misread, clears the France 2026 blockers, converts, and the Factur-X PDF passes and reads back as corrected', async ({
    page,
    server,
  }) => {
    // Several dry runs, then a final convert that renders, packages and validates a PDF/A-3.
    test.slow();
    const ask = askServer(server);
    const reviewed = await reviewCase(ask);
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    const card = await dropForReview(page, reviewed);
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
