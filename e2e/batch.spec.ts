import { readFile } from 'node:fs/promises';
import { pdfjsText } from '../core/pdf/pdfjs-testing';
import { zipEntries } from '../core/testing/zip-entries';
import { expect, test } from './fixtures';
import { dropFiles, fixtureFile, invoicePdf, saveApiKey, type Upload } from './page-actions';

const renamed = (upload: Upload, name: string): Upload => ({ ...upload, name });

test.describe('The batch desk in a browser, against facturx serve', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('ten files are ten lines with a counter; all exported by keyboard as one zip with the report PDF and CSV', async ({
    page,
    server,
  }) => {
    test.slow();
    const valid = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const broken = await fixtureFile('invoice-decimal-comma-no-seller-name.xml', 'application/xml');
    const files = [
      ...[1, 2, 3, 4].map((n) => renamed(valid, `valid-${n}.xml`)),
      renamed(broken, 'broken-1.xml'),
      renamed(broken, 'broken-2.xml'),
      await invoicePdf('plain-1.pdf'),
      await invoicePdf('plain-2.pdf'),
      await invoicePdf('facturx-1.pdf', valid.buffer),
      await invoicePdf('facturx-2.pdf', valid.buffer),
    ];
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await dropFiles(page, files);

    const counter = page.getByTestId('queue-counter');
    await expect(counter).toContainText('0 in progress', { timeout: 120_000 });
    // The Factur-X PDFs drawn here are not PDF/A-3: their data passes, their container does not.
    await expect(counter).toHaveText(
      '10 documents: 4 valid, 4 not valid or refused, 2 to convert, 0 converted, 0 in progress',
    );
    await expect(page.getByTestId('queue-row')).toHaveCount(10);
    await expect(page.getByTestId('check')).toHaveCount(0);
    const height = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document
          .documentElement.scrollHeight,
    );
    expect(height).toBeLessThan(1400);
    await page.screenshot({ path: 'test-results/e2e-batch-queue.png', fullPage: true });

    await page.getByRole('checkbox', { name: 'Select all shown documents' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('queue-selected')).toHaveText('10 selected');
    const exportButton = page.getByRole('button', { name: 'Export (zip)' });
    await exportButton.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('facturx-export.zip');
    const entries = zipEntries(new Uint8Array(await readFile((await download.path())!)));
    expect([...entries.keys()].sort()).toEqual(
      [
        ...files.map((f) => f.name),
        'facturx-1.xml',
        'facturx-2.xml',
        'validation-report.pdf',
        'validation-summary.csv',
      ].sort(),
    );
    for (const f of files) expect(Buffer.from(entries.get(f.name)!).equals(f.buffer), f.name).toBe(true);
    expect(Buffer.from(entries.get('facturx-1.xml')!).equals(valid.buffer)).toBe(true);
    const csv = new TextDecoder().decode(entries.get('validation-summary.csv')).split('\r\n');
    expect(csv).toHaveLength(10); // a header, eight validated documents, the final line end
    expect(csv.find((line) => line.startsWith('broken-1.xml'))).toContain('Not valid');
    const report = (await pdfjsText(entries.get('validation-report.pdf')!)).join('\n');
    expect(report).toContain('Validation report: 8 documents');
    expect(report).toContain('broken-2.xml');

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(counter).toContainText('0 en cours', { timeout: 120_000 });
    await expect(counter).toHaveText(
      '10 documents : 4 valides, 4 non valides ou refusés, 2 à convertir, 0 convertis, 0 en cours',
    );
    await page.screenshot({ path: 'test-results/e2e-batch-queue-fr.png', fullPage: true });
  });

  test('a row under way is cancelled: its request is aborted and the row says so, in both languages', async ({
    page,
    server,
  }) => {
    const valid = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const files = ['held-1.xml', 'valid-1.xml', 'valid-2.xml', 'valid-3.xml'].map((n) => renamed(valid, n));
    // held-1.xml's check never reaches the server: the row stays under way until cancelled, whatever the load.
    await page.route('**/api/v1/validate**', async (route) => {
      if (!route.request().postDataBuffer()?.includes('held-1.xml')) await route.continue();
    });
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(request.url()));
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await dropFiles(page, files);

    const counter = page.getByTestId('queue-counter');
    await expect(counter).toContainText('3 valid', { timeout: 120_000 });
    await expect(counter).toContainText('1 in progress');
    const heldRow = page.getByTestId('queue-row').filter({ hasText: 'held-1.xml' });
    await expect(heldRow.getByTestId('queue-status')).toContainText('Checking');
    await heldRow.getByRole('button', { name: 'Cancel held-1.xml' }).click();

    await expect(heldRow.getByTestId('queue-status')).toHaveText('Cancelled');
    await expect(counter).toHaveText(
      '4 documents: 3 valid, 0 not valid or refused, 0 to convert, 0 converted, 0 in progress',
    );
    await expect.poll(() => aborted.filter((url) => url.includes('/api/v1/validate'))).toHaveLength(1);

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(counter).toContainText('1 en cours', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Annuler held-1.xml' }).click();
    await expect(heldRow.getByTestId('queue-status')).toHaveText('Annulé');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('convert all that are ready: the JSONs whose dry run passes are converted and exported, the plain PDFs say why not', async ({
    page,
    server,
  }) => {
    test.slow();
    const json = await fixtureFile('invoice-data-fr-without-notes.json', 'application/json');
    const files = [
      renamed(json, 'data-1.json'),
      renamed(json, 'data-2.json'),
      await invoicePdf('plain-1.pdf'),
      await invoicePdf('plain-2.pdf'),
    ];
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await dropFiles(page, files);
    const counter = page.getByTestId('queue-counter');
    await expect(counter).toContainText('4 to convert, 0 converted, 0 in progress', { timeout: 120_000 });

    await page.getByRole('checkbox', { name: 'Select all shown documents' }).check();
    await page.getByRole('button', { name: 'Convert all that are ready' }).click();
    await expect(counter).toHaveText(
      '4 documents: 0 valid, 0 not valid or refused, 2 to convert, 2 converted, 0 in progress',
      { timeout: 150_000 },
    );
    const status = (name: string) =>
      page.getByTestId('queue-row').filter({ hasText: name }).getByTestId('queue-status');
    await expect(status('data-1.json')).toHaveText('Converted to Factur-X');
    await expect(status('data-2.json')).toHaveText('Converted to Factur-X');
    for (const name of ['plain-1.pdf', 'plain-2.pdf']) {
      await expect(status(name)).toContainText('Not converted');
      // Why not, in plain words: no error code, no HTTP.
      const why = (await status(name).getByTestId('queue-why').textContent()) ?? '';
      expect(why.length).toBeGreaterThan(10);
      expect(why).not.toMatch(/\b[a-z]+_[a-z_]+\b|HTTP|\b4\d\d\b/);
    }
    await page.screenshot({ path: 'test-results/e2e-batch-converted.png', fullPage: true });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export (zip)' }).click();
    const entries = zipEntries(new Uint8Array(await readFile((await (await downloading).path())!)));
    for (const name of ['data-1-facturx.pdf', 'data-2-facturx.pdf']) {
      expect(
        Buffer.from(entries.get(name) ?? [])
          .subarray(0, 5)
          .toString('latin1'),
        name,
      ).toBe('%PDF-');
    }
    expect([...entries.keys()].filter((name) => name.startsWith('plain-'))).toEqual([
      'plain-1.pdf',
      'plain-2.pdf',
    ]);
  });
});
