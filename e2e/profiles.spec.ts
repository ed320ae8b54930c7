import { expect, test } from './fixtures';
import { dropFiles, fixtureFile, saveApiKey } from './page-actions';

const notes = {
  PMT: 'Indemnité forfaitaire pour frais de recouvrement : 40 EUR.',
  PMD: 'Pénalités de retard : trois fois le taux d’intérêt légal.',
  AAB: 'Pas d’escompte pour paiement anticipé.',
};

test.describe('Saved profiles in a browser, against facturx serve', () => {
  test('creates a seller profile in the panel, then converts an invoice_data reusing it', async ({
    page,
    server,
  }) => {
    // Dry runs then a final convert that renders, packages and validates a PDF/A-3: slow on a shared machine.
    test.slow();
    const json = await fixtureFile('invoice-data-fr-without-notes.json', 'application/json');
    await page.goto('/');
    await saveApiKey(page, server.apiKey);

    await page.getByRole('button', { name: 'Profiles' }).click();
    const panel = page.getByTestId('profiles-panel');
    await expect(panel.getByText('No saved profile yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'New seller profile' }).click();
    const editor = panel.getByTestId('profile-editor');
    await editor.getByLabel('Profile id').fill('menuiserie');
    await editor.getByLabel('Seller name').fill('Menuiserie Démo SARL');
    await editor.getByLabel('Seller legal registration identifier').fill('732829321');
    await editor.getByLabel('Seller country code').fill('FR');
    for (const [code, content] of Object.entries(notes))
      await editor.getByLabel(`Invoice note · ${code}`).fill(content);
    await editor.getByRole('button', { name: 'Save profile' }).click();
    // The SIREN's check digit is wrong: refused before anything is sent.
    await expect(editor.getByText('A SIREN has 9 digits and a valid check digit.')).toBeVisible();
    await editor.getByLabel('Seller legal registration identifier').fill('732829320');
    await editor.getByRole('button', { name: 'Save profile' }).click();

    await expect(panel.getByTestId('profiles-status')).toHaveText('Saved: menuiserie, version 1.');
    const row = panel.locator('[data-testid="profile"][data-id="menuiserie"]');
    await expect(row).toContainText('Menuiserie Démo SARL');
    await expect(row).toHaveAttribute('data-role', 'seller');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'France 2026' }).click();
    await dropFiles(page, [json]);
    const card = page.getByTestId('check').filter({ hasText: json.name });
    await card.getByRole('button', { name: 'Use saved profiles' }).click();
    await card.getByLabel('Seller profile').selectOption('menuiserie');
    await card.getByRole('button', { name: 'Convert' }).click();

    const dryRun = card.getByTestId('answer-dry-run');
    await expect(dryRun).toHaveAttribute('data-state', 'success');
    await expect(dryRun.getByTestId('dry-run-verdict')).toHaveAttribute('data-status', 'verified');
    await expect(dryRun.getByTestId('requirement')).toHaveCount(0);
    const notesRow = dryRun.locator('[data-testid="provenance-row"][data-term="BT-22"]');
    await expect(notesRow).toHaveAttribute('data-source', 'profile');
    await expect(notesRow.getByTestId('provenance-profile')).toHaveText('profile menuiserie, version 1');
    await page.screenshot({ path: 'test-results/e2e-profiles-dry-run.png', fullPage: true });

    await card.getByRole('button', { name: 'Convert' }).click();
    const result = card.getByTestId('convert-result');
    await expect(result).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
    await expect(page.getByTestId('backend-quota')).toContainText('invoices left this month');
  });
});
