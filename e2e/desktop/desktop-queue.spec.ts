import type { Page } from '@playwright/test';
import type { QueueEntry } from '../../core/bridge/work-queue';
import { scanPdf } from '../../core/ocr/scan-fixture';
import { dropFiles, fixtureFile, invoicePdf, type Upload } from '../page-actions';
import { expect, skipWithoutDesktopPath, test } from './fixtures';

const standIn = 'desktop path, Electron stood in by Chromium under Xvfb';

/** Each line of the queue: file, kind, profile, data verdict, container verdict, status. */
async function lines(page: Page): Promise<string[][]> {
  const rows = await page.getByTestId('queue-row').all();
  return Promise.all(rows.map(async (row) => (await row.locator('td').allTextContents()).slice(1)));
}

/** What the app's store holds, asked through the bridge's own named operation. */
const kept = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { facturx: { queueList(): Promise<QueueEntry[]> } }).facturx
      .queueList()
      .then((entries) => entries.map(({ file, status }) => ({ name: file.filename, status }))),
  );

/** The state the app's store keeps of one entry (its answers, its review), as JSON text. */
const keptState = (page: Page, name: string) =>
  page.evaluate(
    (wanted) =>
      (globalThis as unknown as { facturx: { queueList(): Promise<QueueEntry[]> } }).facturx
        .queueList()
        .then((entries) => entries.find((entry) => entry.file.filename === wanted)?.state ?? ''),
    name,
  );

test.describe(`The batch queue on the ${standIn}, kept in the app's data folder`, () => {
  skipWithoutDesktopPath();

  test(`${standIn}: the queue comes back after a restart, a review's corrections with it, what was under way as not finished, and removed entries stay gone`, async ({
    desktop,
  }) => {
    test.slow();
    const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const files: Upload[] = [
      { ...xml, name: 'valid.xml' },
      await invoicePdf('facturx.pdf', xml.buffer),
      await invoicePdf('plain.pdf'),
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await scanPdf()) },
    ];
    let page = desktop.window;
    await expect(page.getByTestId('results-kept')).toContainText('kept on this computer');
    await dropFiles(page, files);
    await expect(page.getByTestId('queue-counter')).toHaveText(
      '4 documents: 1 valid, 1 not valid or refused, 2 to convert, 0 converted, 0 in progress',
      { timeout: 120_000 },
    );
    await expect
      .poll(() => kept(page), { timeout: 60_000 })
      .toEqual(files.map((file) => ({ name: file.name, status: 'finished' })));
    const before = await lines(page);

    // A correction made in the plain PDF's review form is kept with it in the store.
    const openPlain = () =>
      page
        .getByTestId('queue-row')
        .filter({ hasText: 'plain.pdf' })
        .getByRole('button', { name: 'plain.pdf' })
        .click();
    const numberField = () =>
      page
        .getByTestId('check')
        .filter({ hasText: 'plain.pdf' })
        .locator('[data-testid="review-field"][data-path="number"] input');
    await openPlain();
    await numberField().fill('CORRECTED-42');
    await expect.poll(() => keptState(page, 'plain.pdf'), { timeout: 60_000 }).toContain('CORRECTED-42');

    // The scan's conversion reads it by OCR, which takes a while: the app closes during it.
    await page.getByRole('checkbox', { name: 'Select scan.pdf' }).check();
    await page.getByRole('button', { name: 'Convert all that are ready' }).click();
    await expect(page.getByTestId('queue-row').filter({ hasText: 'scan.pdf' })).toHaveAttribute(
      'data-status',
      'converting',
    );
    await expect
      .poll(async () => (await kept(page)).find((entry) => entry.name === 'scan.pdf')?.status)
      .toBe('under_way');

    page = await desktop.restart();
    const scanRow = page.getByTestId('queue-row').filter({ hasText: 'scan.pdf' });
    await expect(scanRow).toHaveAttribute('data-status', 'interrupted');
    await expect(scanRow.getByTestId('queue-status')).toHaveText(
      'Not finished when the app closed: check it again',
    );
    const after = await lines(page);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after[3]?.slice(0, 3)).toEqual(before[3]?.slice(0, 3));
    await expect(page.getByTestId('check')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/desktop-queue-restored.png', fullPage: true });
    // Opened again, the plain PDF shows its review as the accountant left it.
    await openPlain();
    await expect(numberField()).toHaveValue('CORRECTED-42');

    // Removed, the XML is gone from the store; checked again, the scan waits for its conversion again.
    await page.getByRole('checkbox', { name: 'Select valid.xml' }).check();
    await page.getByRole('button', { name: 'Remove from the list' }).click();
    await page.getByRole('checkbox', { name: 'Select scan.pdf' }).check();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(scanRow).toHaveAttribute('data-status', 'to_convert');
    await expect
      .poll(() => kept(page))
      .toEqual([
        { name: 'facturx.pdf', status: 'finished' },
        { name: 'plain.pdf', status: 'finished' },
        { name: 'scan.pdf', status: 'finished' },
      ]);

    page = await desktop.restart();
    await expect(page.getByTestId('queue-counter')).toHaveText(
      '3 documents: 0 valid, 1 not valid or refused, 2 to convert, 0 converted, 0 in progress',
    );
    expect((await lines(page)).map((line) => line[0])).toEqual(['facturx.pdf', 'plain.pdf', 'scan.pdf']);
  });
});
