import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import {
  directAnswer,
  dropFiles,
  fixtureFile,
  expectShowsServerAnswer,
  invoicePdf,
  saveApiKey,
} from './page-actions';

const noteRules = ['BR-FR-05_BT-22_PMT', 'BR-FR-05_BT-22_PMD', 'BR-FR-05_BT-22_AAB'];

test.describe('Conversion in a browser, against facturx serve', () => {
  test('converts an invoice_data JSON: France 2026 findings, prefilled notes, Check again, Factur-X PDF', async ({
    page,
    server,
  }) => {
    // Dry runs then a final convert that renders, packages and validates a PDF/A-3: slow on a shared machine.
    test.slow();
    const json = await fixtureFile('invoice-data-fr-without-notes.json', 'application/json');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await page.getByRole('button', { name: 'France 2026' }).click();

    await dropFiles(page, [json]);
    const card = page.getByTestId('check').filter({ hasText: json.name });
    await expect(card.getByTestId('answer-validate')).toHaveCount(0);
    await card.getByRole('button', { name: 'Convert' }).click();

    const dryRun = card.getByTestId('answer-dry-run');
    await expect(dryRun).toHaveAttribute('data-state', 'success');
    await expect(dryRun.getByTestId('dry-run-verdict')).toHaveAttribute('data-status', 'incomplete');
    await expect(dryRun.getByTestId('fr-ctc-status')).toHaveAttribute('data-status', 'incomplete');
    await expect(dryRun.getByTestId('requirement')).toHaveCount(3);
    for (const rule of noteRules) {
      const requirement = dryRun.locator(`[data-testid="requirement"][data-rule="${rule}"]`);
      await expect(requirement).toHaveAttribute('data-kind', 'advisory');
      await expect(requirement).toContainText('BT-22');
      await expect(requirement).toContainText('Invoice note');
    }
    await expect(dryRun.locator('[data-testid="provenance-row"][data-term="BT-1"]')).toHaveAttribute(
      'data-source',
      'document',
    );

    const form = card.getByTestId('complements');
    for (const code of ['PMT', 'PMD', 'AAB']) {
      await expect(form.getByLabel(`Note ${code}`)).not.toHaveValue('');
    }
    await page.screenshot({ path: 'test-results/e2e-convert-dry-run.png', fullPage: true });

    await form.getByRole('button', { name: 'Check again' }).click();
    await expect(dryRun.getByTestId('dry-run-verdict')).toHaveAttribute('data-status', 'verified');
    await expect(dryRun.getByTestId('fr-ctc-status')).toHaveAttribute('data-status', 'passed');
    await expect(dryRun.getByTestId('requirement')).toHaveCount(0);
    await expect(dryRun.locator('[data-testid="provenance-row"][data-term="BT-22"]')).toHaveAttribute(
      'data-source',
      'request_context',
    );

    await card.getByRole('button', { name: 'Convert' }).click();
    const result = card.getByTestId('convert-result');
    await expect(result).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
    await expect(result.getByTestId('legal-disclaimer')).toContainText('technical');
    await expect(page.getByTestId('backend-indicator')).toContainText('invoices left this month');

    const downloading = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download Factur-X PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('invoice-data-fr-without-notes-facturx.pdf');
    const saved = await download.path();
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.screenshot({ path: 'test-results/e2e-convert-done.png', fullPage: true });
  });

  test('runs the dry run again when the validation target changes after it', async ({ page, server }) => {
    const json = await fixtureFile('invoice-data-fr-without-notes.json', 'application/json');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await dropFiles(page, [json]);
    const card = page.getByTestId('check').filter({ hasText: json.name });
    await card.getByRole('button', { name: 'Convert' }).click();
    const dryRun = card.getByTestId('answer-dry-run');
    await expect(dryRun.getByTestId('dry-run-verdict')).toHaveAttribute('data-status', 'verified');
    await expect(dryRun.getByTestId('requirement')).toHaveCount(0);

    await page.getByRole('button', { name: 'France 2026' }).click();

    await expect(dryRun.getByTestId('dry-run-verdict')).toHaveAttribute('data-status', 'incomplete');
    await expect(dryRun.getByTestId('fr-ctc-status')).toHaveAttribute('data-status', 'incomplete');
    await expect(dryRun.getByTestId('requirement')).toHaveCount(3);
  });

  test('offers a PDF without embedded XML for review, or shows what the server answers to its dry run', async ({
    page,
    server,
  }) => {
    const pdf = await invoicePdf('scan-sans-xml.pdf');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await page.getByRole('button', { name: 'Français' }).click();

    await dropFiles(page, [pdf]);
    const card = page.getByTestId('check').filter({ hasText: pdf.name });
    const expected = await directAnswer(server, 'convert', pdf, server.apiKey, 'fr', {
      dry_run: 'true',
      validation_target: 'en16931',
    });
    if (expected.status < 400 && expected.body.candidateInvoiceData) {
      // The reading handed back its candidate: the page offers it as a review form beside the pages.
      // The server reads OCR pages one at a time with its one kept engine: the page's reading may be
      // answered a whole reading after the direct one.
      await expect(card.getByTestId('review-form')).toBeVisible({ timeout: 90_000 });
      await expect(card.getByTestId('pdf-page')).toHaveCount(1);
      await expect(card.getByTestId('convert-why')).not.toBeEmpty();
      return;
    }
    // Otherwise the conversion flow shows what the server answers (the text read, or a clear refusal).
    await card.getByRole('button', { name: 'Convertir' }).click();
    const dryRun = card.getByTestId('answer-dry-run');
    await expect(dryRun).not.toHaveAttribute('data-state', 'pending', { timeout: 90_000 });
    await expectShowsServerAnswer(dryRun, expected);
    if (expected.status < 400) await expect(dryRun.getByTestId('dry-run')).toBeVisible();
  });
});
