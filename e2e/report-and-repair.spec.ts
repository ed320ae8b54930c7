import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { directAnswer, dropFiles, fixtureFile, invoicePdf, saveApiKey, type Upload } from './page-actions';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const xmlFixture = (name: string) => fixtureFile(name, 'application/xml');

interface ReportIssue {
  readonly ruleId: string;
  readonly message: string;
  readonly stage: string;
}

const issuesOf = (body: Record<string, unknown>) => body.issues as ReportIssue[];

test.describe('Validation report, extraction and repair in a browser, against facturx serve', () => {
  test('shows the findings of a broken XML in English and French, repairs it, shows the XML before and after side by side and downloads the repaired XML', async ({
    page,
    server,
  }) => {
    const broken = await xmlFixture('invoice-decimal-comma-no-seller-name.xml');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);

    await dropFiles(page, [broken]);
    const english = await directAnswer(server, 'validate', broken, server.apiKey, 'en');
    expect(english.status).toBe(200);
    expect(english.body.valid).toBe(false);
    // The target's findings, then apart those of the declared profile's own rules.
    const profileIssues = (english.body.profileConformance as { issues: ReportIssue[] }).issues;
    const expectedRules = [...issuesOf(english.body), ...profileIssues].map((issue) => issue.ruleId);
    expect(expectedRules).toContain('BR-06');

    const check = page.getByTestId('check').filter({ hasText: broken.name });
    await expect(check.getByTestId('verdict')).toHaveAttribute('data-valid', 'false');
    await expect(check.getByTestId('verdict')).toContainText('Not valid');
    await expect(check.getByTestId('issue-rule')).toHaveText(expectedRules, { useInnerText: true });
    await expect(check.getByTestId('stage-schematron')).toHaveAttribute('data-state', 'failed');
    await expect(check.getByTestId('stage-fr_ctc')).toHaveAttribute('data-state', 'skipped');
    await expect(check.getByTestId('legal-disclaimer')).toHaveText(String(english.body.legalDisclaimer));
    // Each finding in plain words; the XML element is only in its detail line (the location).
    const messages = await check.getByTestId('issue-message').allInnerTexts();
    expect(messages).toHaveLength(expectedRules.length);
    for (const message of messages) expect(message).not.toMatch(/\b(?:ram|rsm|udt|qdt):|schemeID|\/\//);
    await expect(check.locator('.issue-location').first()).toContainText('/rsm:CrossIndustryInvoice');
    await page.screenshot({ path: 'test-results/e2e-report.png', fullPage: true });

    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Effacer' }).click();
    await page.getByRole('button', { name: 'Oui, effacer la liste' }).click();
    await dropFiles(page, [broken]);
    const french = await directAnswer(server, 'validate', broken, server.apiKey, 'fr');
    const sellerName = issuesOf(french.body).find((issue) => issue.ruleId === 'BR-06');
    expect(sellerName?.message).not.toBe(issuesOf(english.body).find((i) => i.ruleId === 'BR-06')?.message);
    const frenchCheck = page.getByTestId('check').filter({ hasText: broken.name });
    await expect(
      frenchCheck
        .getByTestId('findings-data')
        .locator('[data-testid="issue"][data-rule="BR-06"]')
        .getByTestId('issue-message'),
    ).toHaveText(String(sellerName?.message));
    await expect(frenchCheck.getByTestId('verdict')).toContainText('Non valide');

    await frenchCheck.getByRole('button', { name: 'Réparer' }).click();
    const repaired = await directAnswer(server, 'repair', broken, server.apiKey, 'fr');
    const before = (repaired.body.validation_before as { summary: { errorCount: number } }).summary
      .errorCount;
    const after = (repaired.body.validation_after as { summary: { errorCount: number } }).summary.errorCount;
    const change = frenchCheck.locator('[data-testid="change"][data-rule="R002"]');
    await expect(change).toContainText('85,00');
    await expect(change).toContainText('85.00');
    await expect(frenchCheck.getByTestId('repair-counts')).toHaveText(
      `Erreurs : ${before} avant → ${after} après`,
    );
    // Before and after side by side: the changed line on each side, marked with the rule that changed it.
    const row = frenchCheck.getByTestId('diff-row').filter({ hasText: '85,00' });
    await expect(row.locator('.diff-before')).toContainText('<ram:ChargeAmount>85,00</ram:ChargeAmount>');
    await expect(row.locator('.diff-after')).toContainText('<ram:ChargeAmount>85.00</ram:ChargeAmount>');
    await expect(frenchCheck.getByTestId('diff-note').locator('[data-rule="R002"]').first()).toBeVisible();
    await frenchCheck.getByTestId('xml-diff').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/e2e-repair-fr.png', fullPage: true });

    const downloading = page.waitForEvent('download');
    await frenchCheck.getByRole('button', { name: 'Télécharger le XML réparé' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('invoice-decimal-comma-no-seller-name-repaired.xml');
    const content = await readFile(await download.path(), 'utf8');
    expect(content).toContain('<ram:ChargeAmount>85.00</ram:ChargeAmount>');
    expect(content).not.toContain('85,00');
  });

  test('checks against France 2026 when chosen, sending validation_target', async ({ page, server }) => {
    const valid = await xmlFixture('invoice-en16931.xml');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);
    await page.getByRole('button', { name: 'France 2026' }).click();

    await dropFiles(page, [valid]);

    const expected = await directAnswer(server, 'validate', valid, server.apiKey, 'en', {
      validation_target: 'france_2026',
    });
    const check = page.getByTestId('check').filter({ hasText: valid.name });
    await expect(check.getByTestId('verdict')).toHaveAttribute('data-valid', String(expected.body.valid));
    // The target in the report is the server's reading of the validation_target field the page sent.
    expect(expected.body.target).toBe('france_2026');
    await expect(check.getByTestId('verdict')).toContainText('Checked against France 2026');
    await expect(check.getByTestId('stage-fr_ctc')).toHaveAttribute('data-state', 'passed');
    await expect(check.getByTestId('repair-offer')).toHaveCount(0);

    const unroutable: Upload = {
      name: 'invoice-without-seller-address.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        valid.buffer
          .toString('utf8')
          .replace(
            /\s*<ram:URIUniversalCommunication>\s*<ram:URIID schemeID="0225">732829320<\/ram:URIID>\s*<\/ram:URIUniversalCommunication>/,
            '',
          ),
      ),
    };
    await dropFiles(page, [unroutable]);
    const blocked = await directAnswer(server, 'validate', unroutable, server.apiKey, 'en', {
      validation_target: 'france_2026',
    });
    const blockers = issuesOf(blocked.body).filter((issue) => issue.stage === 'fr_ctc');
    expect(blockers.length).toBeGreaterThan(0);
    const blockerGroup = page
      .getByTestId('check')
      .filter({ hasText: unroutable.name })
      .getByTestId('issues-fr_ctc');
    await expect(blockerGroup.getByRole('heading')).toHaveText('France 2026 preflight blockers');
    await expect(blockerGroup.getByTestId('issue-message')).toHaveText(
      blockers.map((issue) => issue.message),
    );
    await page.screenshot({ path: 'test-results/e2e-france-2026.png', fullPage: true });
  });

  test('shows the profile of the XML inside a Factur-X PDF, its data and container verdicts, and downloads it', async ({
    page,
    server,
  }) => {
    const pdf = await invoicePdf(
      'facture-0001.pdf',
      await readFile(path.join(fixtures, 'invoice-en16931.xml')),
    );
    await page.goto('/');
    await saveApiKey(page, server.apiKey);

    await page.getByTestId('file-input').setInputFiles(pdf);

    const expected = await directAnswer(server, 'extract', pdf, server.apiKey, 'en');
    expect(expected.status).toBe(200);
    const check = page.getByTestId('check').filter({ hasText: pdf.name });
    await expect(check.getByTestId('extract-profile')).toHaveText(String(expected.body.profile));
    await expect(check.getByTestId('report')).toBeVisible();
    // A PDF drawn by pdf-lib is no PDF/A-3: the data passes, the container does not, and the page says so.
    const report = await directAnswer(server, 'validate', pdf, server.apiKey, 'en');
    const stages = report.body.stages as Record<string, { passed: boolean; skipped: boolean }>;
    expect(stages.schematron?.passed && !stages.pdfa?.passed).toBe(true);
    await expect(check.getByTestId('verdict-data')).toHaveAttribute('data-state', 'passed');
    await expect(check.getByTestId('verdict-container')).toHaveAttribute('data-state', 'failed');
    await expect(check.getByTestId('verdict-summary')).toContainText(
      'The invoice data itself is fine; only the PDF container around it does not meet PDF/A-3 or Factur-X.',
    );
    // The declared profile's verdict, apart, in the server's own words.
    const conformance = report.body.profileConformance as { statement: string; conforms: boolean | null };
    await expect(check.getByTestId('profile-statement')).toHaveText(conformance.statement);
    await expect(check.getByTestId('verdict-profile')).toHaveAttribute(
      'data-state',
      conformance.conforms === null ? 'not_checked' : conformance.conforms ? 'passed' : 'failed',
    );
    await page.screenshot({ path: 'test-results/e2e-extract.png', fullPage: true });

    const downloading = page.waitForEvent('download');
    await check.getByRole('button', { name: 'Download XML' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('facture-0001.xml');
    expect(await readFile(await download.path())).toEqual(
      await readFile(path.join(fixtures, 'invoice-en16931.xml')),
    );
  });
});
