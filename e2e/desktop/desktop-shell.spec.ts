import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bridgeOperations, type FacturxBridge } from '../../core/bridge/facturx-bridge';
import { scanPdf } from '../../core/ocr/scan-fixture';
import { dropFiles, fixtureFile, invoicePdf } from '../page-actions';
import { expect, skipWithoutDesktopPath, test } from './fixtures';

const standIn = 'desktop path, Electron stood in by Chromium under Xvfb';

test.describe(`Factur-X Desk on the ${standIn} (real main, preload, IPC handlers and backend worker)`, () => {
  skipWithoutDesktopPath();

  test(`${standIn}: the built main process opens its window on the built page, with the bridge and no Node`, async ({
    desktop,
  }) => {
    const page = desktop.window;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factur-X Desk');
    await expect(page.getByTestId('backend-indicator')).toContainText('Offline core');
    expect(page.url()).toMatch(/^file:\/\/.*\/dist\/renderer\/index\.html$/);
    expect(page.viewportSize()).toEqual({ width: 1180, height: 820 });
    const seen = await page.evaluate(() => {
      const scope = globalThis as unknown as Record<string, unknown>;
      return {
        operations: Object.keys((scope.facturx ?? {}) as object).sort(),
        node: typeof scope.require === 'undefined' && typeof scope.process === 'undefined',
      };
    });
    expect(seen).toEqual({ operations: [...bridgeOperations].sort(), node: true });
    // The main process's own choices, as Electron would have received them.
    const [window] = (
      desktop.app.standIn.module.BrowserWindow as { getAllWindows(): { options: object; visible: boolean }[] }
    ).getAllWindows();
    expect(window?.visible).toBe(true);
    expect(window?.options).toMatchObject({
      title: 'Factur-X Desk',
      icon: expect.stringMatching(/assets[/\\]icon\.png$/),
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect(desktop.app.standIn.session).toEqual({ headerListeners: 1, permissionHandlers: 2 });
    await page.screenshot({ path: 'test-results/desktop-start.png' });
    expect(problems).toEqual([]);
  });

  test(`${standIn}: a dropped XML and Factur-X PDF are checked by the backend worker through IPC`, async ({
    desktop,
  }) => {
    const page = desktop.window;
    const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const pdf = await invoicePdf('facture-desktop.pdf', xml.buffer);
    await dropFiles(page, [xml, pdf]);

    const xmlCheck = page.getByTestId('check').filter({ hasText: xml.name });
    await expect(xmlCheck.getByTestId('answer-validate')).toHaveAttribute('data-state', 'success');
    const pdfCheck = page.getByTestId('check').filter({ hasText: pdf.name });
    await expect(pdfCheck.getByTestId('answer-extract')).toHaveAttribute('data-state', 'success');
    await expect(pdfCheck.getByTestId('extract-profile')).toHaveText('EN16931');

    // The extracted XML goes through the bridge's save operation and the main process's save dialog.
    const saved = path.join(desktop.userData, 'extracted.xml');
    desktop.app.standIn.dialogs.willSave(saved);
    await pdfCheck.getByRole('button', { name: 'Download XML' }).click();
    await expect.poll(() => readFile(saved, 'utf8').catch(() => '')).toBe(xml.buffer.toString('utf8'));
    expect(desktop.app.standIn.dialogs.shown).toEqual([
      { kind: 'save', options: { defaultPath: 'facture-desktop.xml' } },
    ]);
    await page.screenshot({ path: 'test-results/desktop-checked.png', fullPage: true });
  });

  test(`${standIn}: a file over the service's limit is refused before it crosses the bridge`, async ({
    desktop,
  }, testInfo) => {
    const page = desktop.window;
    // What the backend worker's limits service answers through IPC: the page's refusal holds to it.
    const said = await page.evaluate(() =>
      (globalThis as unknown as { facturx: { limits: () => Promise<unknown> } }).facturx.limits(),
    );
    expect(said).toEqual({ ok: true, status: 200, body: { maxUploadBytes: 20 * 1024 * 1024 } });
    const big = testInfo.outputPath('scan.pdf');
    await writeFile(big, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]));
    await page.getByTestId('file-input').setInputFiles(big);
    await expect(page.getByRole('alert')).toHaveText(
      'scan.pdf (21 MB) is larger than the 20 MB accepted here: it was not sent.',
    );
    await expect(page.getByTestId('check')).toHaveCount(0);
  });

  test(`${standIn}: a selection is exported into the folder chosen in the native dialog, with the report and CSV`, async ({
    desktop,
  }) => {
    const page = desktop.window;
    const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const files = [
      { ...xml, name: 'valid-1.xml' },
      { ...xml, name: 'valid-2.xml' },
      await invoicePdf('facture-1.pdf', xml.buffer),
      await invoicePdf('facture-2.pdf', xml.buffer),
    ];
    await dropFiles(page, files);
    await expect(page.getByTestId('queue-counter')).toContainText('0 in progress', { timeout: 120_000 });
    const folder = path.join(desktop.userData, 'export');
    await mkdir(folder);
    await writeFile(path.join(folder, 'valid-1.xml'), 'already here');
    desktop.app.standIn.dialogs.willOpen([folder]);

    await page.getByRole('checkbox', { name: 'Select all shown documents' }).check();
    await page.getByRole('button', { name: 'Export to a folder' }).click();

    await expect(page.getByTestId('export-saved')).toHaveText(`8 files saved in ${folder}.`);
    expect((await readdir(folder)).sort()).toEqual(
      [
        'facture-1.pdf',
        'facture-1.xml',
        'facture-2.pdf',
        'facture-2.xml',
        'valid-1 (2).xml',
        'valid-1.xml',
        'valid-2.xml',
        'validation-report.pdf',
        'validation-summary.csv',
      ].sort(),
    );
    expect(await readFile(path.join(folder, 'valid-1.xml'), 'utf8')).toBe('already here');
    expect((await readFile(path.join(folder, 'facture-1.xml'))).equals(xml.buffer)).toBe(true);
    expect((await readFile(path.join(folder, 'validation-report.pdf'))).subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    expect(desktop.app.standIn.dialogs.shown.at(-1)).toEqual({
      kind: 'open',
      options: { properties: ['openDirectory', 'createDirectory'] },
    });
  });

  test(`${standIn}: the backend worker draws a validation report PDF through the bridge`, async ({
    desktop,
  }) => {
    const xml = await fixtureFile('invoice-en16931.xml', 'application/xml');
    const answer = await desktop.window.evaluate(
      async (bytes) => {
        const bridge = (
          globalThis as unknown as {
            facturx: Record<string, (...args: unknown[]) => Promise<{ body: unknown }>>;
          }
        ).facturx;
        const file = { filename: 'facture.xml', bytes: new Uint8Array(bytes), mediaType: 'application/xml' };
        const report = await bridge.validate!({ files: { file }, fields: {}, query: { lang: 'en' } });
        return bridge.report!([report.body], 'en');
      },
      [...xml.buffer],
    );
    expect(answer).toMatchObject({
      ok: true,
      body: { filename: 'facture-validation-report.pdf', pdf: expect.stringMatching(/^JVBERi0/) },
    });
  });

  test(`${standIn}: a convert's OCR progress comes from the backend worker over IPC, and its cancel stops it there`, async ({
    desktop,
  }) => {
    const scan = await scanPdf();
    const outcome = await desktop.window.evaluate(
      async (bytes) => {
        const bridge = (globalThis as unknown as { facturx: FacturxBridge }).facturx;
        const seen: unknown[] = [];
        const stop = bridge.onConvertProgress((callId, progress) => {
          seen.push({ callId, ...progress });
          if (progress.stage === 'ocr' && progress.step === 'recognising') void bridge.cancelConvert(callId);
        });
        const file = { filename: 'scan.pdf', bytes: new Uint8Array(bytes), mediaType: 'application/pdf' };
        const answer = await bridge.convert(
          { files: { file }, fields: { dry_run: 'true' }, query: { lang: 'fr' } },
          'scan-1',
        );
        stop();
        return { answer, seen };
      },
      [...scan],
    );

    expect(outcome.seen).toEqual([
      { callId: 'scan-1', stage: 'reading' },
      { callId: 'scan-1', stage: 'ocr', page: 1, pages: 1, step: 'drawing' },
      { callId: 'scan-1', stage: 'ocr', page: 1, pages: 1, step: 'recognising' },
    ]);
    expect(outcome.answer).toMatchObject({
      ok: false,
      status: 499,
      body: { error: 'cancelled', message: expect.stringContaining('annulée') },
    });
  });

  test(`${standIn}: saved profiles stay in the app's data folder across a restart`, async ({ desktop }) => {
    const save = (page: typeof desktop.window) =>
      page.evaluate(() =>
        (
          globalThis as unknown as { facturx: { profiles: (...args: unknown[]) => Promise<unknown> } }
        ).facturx.profiles(
          {
            method: 'PUT',
            role: 'buyer',
            id: 'client-dupont',
            data: { buyer: { name: 'Dupont SARL', address: { country_code: 'FR' } } },
          },
          'en',
        ),
      );
    const list = (page: typeof desktop.window) =>
      page.evaluate(() =>
        (
          globalThis as unknown as { facturx: { profiles: (...args: unknown[]) => Promise<unknown> } }
        ).facturx.profiles({ method: 'GET' }, 'en'),
      );

    expect(await save(desktop.window)).toMatchObject({ ok: true, status: 200 });
    const page = await desktop.restart();
    expect(await list(page)).toMatchObject({
      ok: true,
      body: { profiles: [expect.objectContaining({ role: 'buyer', id: 'client-dupont' })] },
    });
  });
});
