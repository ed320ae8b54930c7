/** What the end-to-end tests do in the page and ask the server directly, shared by every spec. */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AFRelationship, PDFDocument, StandardFonts } from 'pdf-lib';
import type { Server } from './fixtures';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface Upload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** A file of e2e/fixtures, as the page receives it. */
export async function fixtureFile(name: string, mimeType: string): Promise<Upload> {
  return { name, mimeType, buffer: await readFile(path.join(fixtures, name)) };
}

/** Drops files on the drop zone the way a browser does: a DataTransfer carried by a 'drop' event. */
export async function dropFiles(page: Page, files: readonly Upload[]): Promise<void> {
  const payload = files.map((file) => ({
    ...file,
    base64: file.buffer.toString('base64'),
    buffer: undefined,
  }));
  const dataTransfer = await page.evaluateHandle((uploads) => {
    // Runs in the page; this project's types have no DOM, hence the narrow local view of DataTransfer.
    const { DataTransfer } = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: File): void } };
    };
    const transfer = new DataTransfer();
    for (const upload of uploads) {
      const bytes = Uint8Array.from(atob(upload.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], upload.name, { type: upload.mimeType }));
    }
    return transfer;
  }, payload);
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
}

/**
 * Asks the server directly what the interface asked it, with the same key, file and language (no file
 * for a convert of `invoice_data`).
 */
export async function directAnswer(
  server: Server,
  operation: string,
  file: Upload | null,
  apiKey: string | null,
  lang: string,
  fields: Readonly<Record<string, string>> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.url}/api/v1/${operation}?lang=${lang}`, {
    method: 'POST',
    body: form,
    headers: apiKey ? { 'X-API-Key': apiKey } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function saveApiKey(page: Page, apiKey: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Save' }).click();
}

/** A one-page PDF with a title; with `facturxXml`, that XML attached as its Factur-X file. */
export async function invoicePdf(name: string, facturxXml?: Buffer): Promise<Upload> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(name.replace(/\.pdf$/, '').toUpperCase(), {
    x: 50,
    y: 780,
    size: 16,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  if (facturxXml) {
    await pdf.attach(facturxXml, 'factur-x.xml', {
      mimeType: 'text/xml',
      afRelationship: AFRelationship.Data,
    });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** The interface shows what the server answers: the same status, and the same error code and message. */
export async function expectShowsServerAnswer(
  answer: Locator,
  expected: { status: number; body: Record<string, unknown> },
) {
  await expect(answer).not.toHaveAttribute('data-state', 'pending');
  await expect(answer.getByTestId('answer-status')).toHaveAttribute('data-status', String(expected.status));
  if (expected.status >= 400) {
    await expect(answer).toHaveAttribute('data-state', 'failure');
    await expect(answer.getByTestId('error-code')).toHaveText(String(expected.body.error));
    await expect(answer.getByTestId('error-message')).toHaveText(String(expected.body.message));
  } else {
    await expect(answer).toHaveAttribute('data-state', 'success');
  }
}
