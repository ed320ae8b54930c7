/**
 * The desk in a browser (run by bin/bench.mjs; needs `npm run build`): against a real `facturx serve`, the
 * time from dropping a file on the page to what the accountant reads, measured in the page itself —
 * a Factur-X PDF to its readable invoice (goal < 1 s, issue 11), a PDF with a text layer to its review
 * form (goal < 2 s). Each run in a fresh page, after one warm-up run; median, p95 and min.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatMeasurement, summarize } from '../core/testing/bench';
import { corpusDir } from '../core/testing/corpus-dir';
import { createApiKey, launchChromium, serve, stop } from './fixtures';
import { invoicePdf, saveApiKey, type Upload } from './page-actions';

const RUNS = 7;

/**
 * Drops `file` on the page and resolves with the milliseconds until `selector` is on the page. The page's
 * code is given as text: tsx would wrap a function's inner closures in a helper the page does not have.
 */
async function dropToVisible(page: Page, file: Upload, selector: string): Promise<number> {
  const args = { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64'), selector };
  return page.evaluate(`(async ({ name, mimeType, base64, selector }) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], name, { type: mimeType }));
    const zone = document.querySelector('[data-testid="dropzone"]');
    const started = performance.now();
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await new Promise((resolve) => {
      const look = () => (document.querySelector(selector) ? resolve() : requestAnimationFrame(look));
      look();
    });
    return performance.now() - started;
  })(${JSON.stringify(args)})`);
}

async function inputs(): Promise<{ facturx: Upload; text: Upload; from: string }> {
  const corpus = corpusDir();
  const pdf = async (file: string): Promise<Upload> => ({
    name: path.basename(file),
    mimeType: 'application/pdf',
    buffer: await readFile(file),
  });
  if (corpus) {
    const name = path.join(corpus, 'pdf', 'fnfe_Facture_F20260027-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931');
    return {
      facturx: await pdf(`${name}.facturx.pdf`),
      text: await pdf(`${name}.plain.pdf`),
      from: 'corpus fnfe F20260027 EN 16931',
    };
  }
  const xml = await readFile(path.join(import.meta.dirname, 'fixtures', 'invoice-en16931.xml'));
  return {
    facturx: await invoicePdf('facture.pdf', xml),
    text: await invoicePdf('texte.pdf'),
    from: 'project fixtures (no ../shared/corpus)',
  };
}

export default async function bench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-desk-bench-'));
  const browser = await launchChromium();
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const apiKey = await createApiKey(dataDir);
    server = await serve(dataDir);
    const { facturx, text, from } = await inputs();
    console.log(`desk bench: ${from}, ${RUNS} runs each after a warm-up, in Chromium against facturx serve`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(server.url);
    await saveApiKey(page, apiKey);
    for (const [label, file, selector, goal] of [
      ['Factur-X PDF, drop to readable invoice', facturx, '[data-testid="invoice-view"]', 1000],
      ['text PDF, drop to review form', text, '[data-testid="review-form"]', 2000],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        await page.goto(server.url);
        await page.getByTestId('dropzone').waitFor();
        const ms = await dropToVisible(page, file, selector);
        if (run > 0) times.push(ms);
      }
      const measured = summarize(times);
      console.log(
        `${formatMeasurement(label, measured)} — goal < ${goal} ms: ${measured.medianMs < goal ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    if (server) await stop(server.process);
    await browser.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
