import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import {
  directAnswer,
  dropFiles,
  expectShowsServerAnswer,
  invoicePdf,
  saveApiKey,
  type Upload,
} from './page-actions';

const xmlInvoice: Upload = {
  name: 'invoice.xml',
  mimeType: 'application/xml',
  buffer: Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">' +
      '<rsm:ExchangedDocument/></rsm:CrossIndustryInvoice>',
  ),
};

test.describe('Factur-X Desk in a browser, against facturx serve', () => {
  test('loads from the server without errors and switches between English and French', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factur-X Desk');
    await expect(page.getByText('Drop an invoice here')).toBeVisible();
    await expect(page.getByTestId('backend-indicator')).toContainText('Server API');

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByText('Déposez une facture ici')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choisir un fichier' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Paramètres' })).toBeVisible();
    await expect(page.getByTestId('backend-indicator')).toContainText('API du serveur');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.getByText('Déposez une facture ici')).toBeVisible();
    await page.getByRole('button', { name: 'Paramètres' }).click();
    await expect(page.getByLabel('Clé d’API')).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e-french-settings.png', fullPage: true });
    await page.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('Drop an invoice here')).toBeVisible();
    await expect(page.getByText('Déposez une facture ici')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('serves the application icon as the favicon the page names, so no icon request fails', async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    const named = await Promise.all(
      (await page.locator('link[rel="icon"]').all()).map((link) => link.getAttribute('href')),
    );
    expect(named).toEqual(['./favicon.ico', './icon.svg']);
    // What a browser asks for by itself, whether or not the page names an icon.
    const favicon = await page.request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
    expect(Buffer.from(await favicon.body())).toEqual(
      await readFile(fileURLToPath(new URL('../assets/favicon.ico', import.meta.url))),
    );
    const svg = await page.request.get('/icon.svg');
    expect([svg.status(), svg.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(failed).toEqual([]);
  });

  test('sends a dropped XML and a picked PDF with the API key and shows what the server answered', async ({
    page,
    server,
  }) => {
    await page.goto('/');
    await saveApiKey(page, server.apiKey);

    await dropFiles(page, [xmlInvoice]);
    const xmlCheck = page.getByTestId('check').filter({ hasText: xmlInvoice.name });
    await expectShowsServerAnswer(
      xmlCheck.getByTestId('answer-validate'),
      await directAnswer(server, 'validate', xmlInvoice, server.apiKey, 'en'),
    );
    await expect(xmlCheck.getByTestId('answer-extract')).toHaveCount(0);

    const pdf = await invoicePdf('facture.pdf');
    await page.getByTestId('file-input').setInputFiles(pdf);
    const pdfCheck = page.getByTestId('check').filter({ hasText: pdf.name });
    // A PDF without Factur-X data: the server refuses validate and extract, the page says what it means.
    for (const operation of ['validate', 'extract']) {
      const answer = await directAnswer(server, operation, pdf, server.apiKey, 'en');
      expect(answer.body).toMatchObject({ error: 'unextractable_pdf', reason: 'no_embedded_xml' });
    }
    await expect(pdfCheck.getByTestId('no-facturx')).toHaveText(
      'No Factur-X data in this PDF yet: review what was read, then convert it.',
    );
    await expect(pdfCheck.getByTestId('answer-validate')).toHaveCount(0);
    await expect(pdfCheck).not.toContainText('unextractable_pdf');
    await expect(page.getByTestId('error-code').filter({ hasText: 'authentication_required' })).toHaveCount(
      0,
    );

    await xmlCheck.getByTestId('answer-validate').getByText('Full answer').click();
    await page.screenshot({ path: 'test-results/e2e-answers.png', fullPage: true });
  });

  test('without an API key the interface shows the server refusing with authentication_required', async ({
    page,
    server,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();

    await dropFiles(page, [xmlInvoice]);

    const answer = page.getByTestId('answer-validate');
    const expected = await directAnswer(server, 'validate', xmlInvoice, null, 'fr');
    expect(expected.status).toBe(401);
    expect(expected.body.error).toBe('authentication_required');
    await expectShowsServerAnswer(answer, expected);
  });

  test('refuses a file that is neither PDF nor XML before calling the server', async ({ page }) => {
    const requests: string[] = [];
    // The page asks for the upload limits when it opens; what must not happen is a call for the file.
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/v1/') && !url.endsWith('/api/v1/limits')) requests.push(url);
    });
    await page.goto('/');

    await dropFiles(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);

    await expect(page.getByRole('alert')).toHaveText('notes.txt: only PDF, XML and JSON files are accepted.');
    await expect(page.getByTestId('check')).toHaveCount(0);
    expect(requests).toEqual([]);
  });
});
