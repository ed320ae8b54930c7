import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoicePdf, saveApiKey, type Upload } from './page-actions';

/**
 * The desk on a small screen (1024x700), in French, with the keyboard alone: a file chosen with the
 * keyboard, a Factur-X PDF seen as pages and a readable invoice, the XML tab, and a review finding that
 * leads to the field clearing it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus', 'pdf');
const fixtures = path.join(here, 'fixtures');

test.use({ viewport: { width: 1024, height: 700 } });

/**
 * Presses Tab (or `key`, Shift+Tab to go back) until `target` has the focus (at most `limit` times), as a
 * keyboard user gets there.
 */
async function tabTo(page: Page, target: Locator, limit = 400, key = 'Tab') {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < limit; i++) {
    const focused = await target.evaluate(
      // Runs in the page; this project's types have no DOM, hence the narrow view of the document.
      (el) =>
        el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      undefined,
      { timeout: 5_000 },
    );
    if (focused) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Opens the page and, with the keyboard, switches it to French (and to a target when given). */
async function openInFrench(page: Page, apiKey: string, target?: string) {
  await page.goto('/');
  await saveApiKey(page, apiKey);
  for (const name of ['Français', ...(target ? [target] : [])]) {
    await tabTo(page, page.getByRole('button', { name, exact: true }));
    await page.keyboard.press('Enter');
  }
}

/**
 * Chooses a file with the keyboard: Tab to "Choisir un fichier", Enter, which opens the file chooser.
 * On a loaded machine the headless browser sometimes never reports the chooser (the native dialog is out
 * of the page's reach): the file is then given to the same input the chooser fills, and the test says so.
 */
async function chooseWithKeyboard(page: Page, file: Upload) {
  await tabTo(page, page.getByRole('button', { name: 'Choisir un fichier' }));
  await expect(page.getByRole('button', { name: 'Choisir un fichier' })).toBeFocused();
  const choosing = page.waitForEvent('filechooser', { timeout: 20_000 }).catch(() => undefined);
  await page.keyboard.press('Enter');
  const chooser = await choosing;
  if (chooser) await chooser.setFiles(file);
  else {
    test
      .info()
      .annotations.push({ type: 'file chooser', description: 'not reported: the input was given the file' });
    await page.getByTestId('file-input').setInputFiles(file);
  }
  return page.getByTestId('check').filter({ hasText: file.name });
}

/** A Factur-X PDF: one of the public corpus, else a PDF of ours carrying the project's EN 16931 fixture. */
async function facturxPdf(): Promise<{ pdf: Upload; xml: string }> {
  const name = 'fnfe_Facture_F20260027-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931';
  if (existsSync(path.join(corpus, `${name}.facturx.pdf`)))
    return {
      pdf: {
        name: `${name}.facturx.pdf`,
        mimeType: 'application/pdf',
        buffer: await readFile(path.join(corpus, `${name}.facturx.pdf`)),
      },
      xml: await readFile(path.join(corpus, `${name}.xml`), 'utf8'),
    };
  const xml = await readFile(path.join(fixtures, 'invoice-en16931.xml'));
  return { pdf: await invoicePdf('facture-0001.pdf', xml), xml: xml.toString('utf8') };
}

const textOf = (xml: string, element: string) =>
  new RegExp(`<ram:${element}[^>]*>([^<]+)</ram:${element}>`).exec(xml)?.[1];

test.describe('Small screen, French, keyboard only', () => {
  test('a Factur-X PDF: its pages beside the readable invoice, then its XML', async ({ page, server }) => {
    // A dry run of the PDF and many key presses: slow on a shared machine.
    test.slow();
    const { pdf, xml } = await facturxPdf();
    await openInFrench(page, server.apiKey);
    const card = await chooseWithKeyboard(page, pdf);

    const invoice = card.getByTestId('invoice-view');
    await expect(invoice).toBeVisible();
    await expect(card.getByTestId('pdf-page').first()).toBeVisible();
    const seller =
      /<ram:SellerTradeParty>\s*(?:<ram:ID>[^<]*<\/ram:ID>\s*|<ram:GlobalID[^>]*>[^<]*<\/ram:GlobalID>\s*)*<ram:Name>([^<]+)</.exec(
        xml,
      )?.[1];
    expect(seller).toBeTruthy();
    await expect(invoice.getByTestId('party-BG-4')).toContainText(seller as string);
    await expect(invoice.getByTestId('invoice-line')).toHaveCount(
      (xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g) ?? []).length,
    );
    await expect(invoice.getByTestId('invoice-totals')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Imprimer la facture' })).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e-document-1024-fr.png' });
    // Its lines fit the small window whole, and the pages stay in view beside the invoice read down to its totals.
    const lines = invoice.getByTestId('invoice-lines');
    const overflow = await lines.evaluate((table) => {
      // Runs in the page; this project's types have no DOM, hence the narrow view of the table.
      const box = table as unknown as { scrollWidth: number; parentElement: { clientWidth: number } };
      return box.scrollWidth - box.parentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await invoice.getByTestId('invoice-totals').scrollIntoViewIfNeeded();
    await expect(card.getByTestId('pdf-view')).toBeInViewport({ ratio: 0.5 });
    await page.screenshot({ path: 'test-results/e2e-document-totals-1024-fr.png' });

    // The tabs follow the ARIA pattern: Tab reaches the current one, the arrows move between them.
    await tabTo(page, card.getByRole('tab', { name: 'Facture' }));
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'XML' })).toBeFocused();
    await expect(card.getByTestId('xml-text')).toContainText(textOf(xml, 'ID') as string);
    await page.screenshot({ path: 'test-results/e2e-document-xml-1024-fr.png' });
  });

  test('a PDF without invoice data: a France 2026 finding leads to its field, typed in, and clears', async ({
    page,
    server,
  }) => {
    // A dry run of the reading, then one of the corrected invoice: slow on a shared machine.
    test.slow();
    const plain = path.join(corpus, 'fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC.plain.pdf');
    const pdf: Upload = existsSync(plain)
      ? { name: path.basename(plain), mimeType: 'application/pdf', buffer: await readFile(plain) }
      : await invoicePdf('facture-sans-xml.pdf');
    await openInFrench(page, server.apiKey, 'France 2026');
    const card = await chooseWithKeyboard(page, pdf);
    const review = card.getByTestId('review');
    await expect(review.getByTestId('review-form')).toBeVisible();
    const field = review.locator('[data-testid="review-field"][data-path="business_process"] input');
    await expect(review.getByTestId('review-status')).not.toHaveAttribute('data-state', 'checking');
    if ((await field.inputValue()) !== '') {
      // The reader found the business process printed on this invoice: left empty by hand, by keyboard,
      // it is the France 2026 blocker this test clears.
      await tabTo(page, field);
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      test.info().annotations.push({ type: 'emptied by hand', description: 'business_process' });
    }
    await expect(review.getByTestId('review-status')).toHaveAttribute('data-state', 'blocked');
    await expect(review.getByTestId('convert-why')).toContainText(/bloquant/);
    await page.screenshot({ path: 'test-results/e2e-review-1024-fr.png' });

    const blocker = review.locator('[data-testid="review-finding"][data-rule="BR-FR-08_BT-23"]');
    await tabTo(page, blocker.getByRole('button', { name: /^Aller à/ }));
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await page.keyboard.type('S1');
    await expect(field).toHaveValue('S1');
    await expect(blocker).toHaveCount(0);
    await page.screenshot({ path: 'test-results/e2e-review-cleared-1024-fr.png' });

    // Its dates are written as the French page writes them, whatever the browser's locale, and typed so.
    const issueDate = review.locator('[data-testid="review-field"][data-path="issue_date"] input');
    await expect(issueDate).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
    await expect(issueDate).toHaveValue(/^(\d{2}\/\d{2}\/\d{4})?$/);
    await tabTo(page, issueDate, 40, 'Shift+Tab');
    await expect(issueDate).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('15/09/2026');
    await expect(issueDate).toHaveValue('15/09/2026');
    await page.keyboard.press('ArrowUp');
    await expect(issueDate).toHaveValue('16/09/2026');
    await expect(issueDate).not.toHaveAttribute('aria-invalid', 'true');
  });
});
