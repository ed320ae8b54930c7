import { writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { dropFiles, fixtureFile } from './page-actions';

test.describe('First run of facturx serve in a browser', () => {
  test('the printed address opens the interface signed in: the first drop is checked with no key pasted, once', async ({
    page,
    browser,
    server,
  }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto(server.signInUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factur-X Desk');
    await expect(page).not.toHaveURL(/sign-in/);
    await expect(page.getByTestId('sign-in-needed')).toHaveCount(0);

    const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
    await dropFiles(page, [xml]);
    await expect(page.getByTestId('answer-validate')).toHaveAttribute('data-state', 'success');
    await page.screenshot({ path: 'test-results/e2e-first-run.png', fullPage: true });
    expect(refused).toEqual([]);

    // The address is spent: another browser opening it is told how to sign in, before any drop.
    const other = await browser.newContext();
    try {
      const late = await other.newPage();
      await late.goto(server.signInUrl);
      await expect(late.getByTestId('sign-in-needed')).toContainText('open the address');
    } finally {
      await other.close();
    }
  });

  test('a file over the server limit is refused before any upload, in plain words', async ({
    page,
  }, testInfo) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/validate')) sent.push(request.url());
    });
    const big = testInfo.outputPath('scan.pdf');
    await writeFile(big, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]));
    // The page asks the server its limit as it starts; the file is chosen once it has the answer.
    const limits = page.waitForResponse((response) => response.url().endsWith('/api/v1/limits'));
    await page.goto('/');
    expect((await limits).status()).toBe(200);
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByTestId('file-input').setInputFiles(big);
    await expect(page.getByRole('alert')).toHaveText(
      'scan.pdf (21 Mo) dépasse les 20 Mo acceptés ici : il n’a pas été envoyé.',
    );
    expect(sent).toEqual([]);
  });
});
