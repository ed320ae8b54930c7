/**
 * The review of a PDF without invoice data, end to end, the same on every backend the interface talks to
 * (a real `facturx serve` in a browser, the desktop's backend worker through IPC): the form prefilled from
 * what the backend read, corrected to the invoice's true data, the France 2026 blockers cleared, the
 * conversion, and the delivered Factur-X PDF checked by our validator and read back.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName } from 'pdf-lib';
import { dropFiles, fixtureFile, type Upload } from './page-actions';

/** Asks the backend directly what the interface asks it, in English; the file is absent for invoice_data. */
export type Ask = (
  operation: 'validate' | 'extract' | 'convert',
  file: Upload | null,
  fields?: Readonly<Record<string, string>>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus', 'pdf');
/** A French invoice of the public corpus whose text the reader misreads (totals among others). */
const corpusName = 'fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC';

/** What the invoice truly holds, by `invoice_data` path (`lines[0].quantity`), as text. */
export type Truth = ReadonlyMap<string, string>;

export interface Case {
  readonly pdf: Upload;
  readonly truth: Truth;
  readonly from: string;
}

interface CorpusTruth {
  invoiceNumber: string;
  issueDate: string;
  typeCode: string;
  currency: string;
  dueDate: string | null;
  buyerReference: string | null;
  purchaseOrderReference: string | null;
  seller: {
    name: string;
    vatId: string | null;
    legalId: { id: string; scheme: string } | null;
    country: string;
  };
  buyer: {
    name: string;
    vatId: string | null;
    legalId: { id: string; scheme: string } | null;
    country: string;
  };
  totals: Record<string, string | null>;
  vatBreakdown: { category: string; rate: string; base: string; amount: string }[];
  lines: {
    id: string;
    name: string;
    quantity: string;
    unitCode: string;
    netPrice: string;
    lineTotal: string;
    vatCategory: string;
    vatRate: string;
  }[];
}

function documentLevel(
  t: CorpusTruth,
  table: 'allowances' | 'charges',
  amount: string | null | undefined,
  reason: string,
): [string, string][] {
  const rate = t.vatBreakdown.length === 1 ? t.vatBreakdown[0] : undefined;
  if (!amount || !rate) return [];
  return [
    [`${table}[0].reason`, reason],
    [`${table}[0].amount`, amount],
    [`${table}[0].vat_category_code`, rate.category],
    [`${table}[0].vat_rate`, rate.rate],
  ];
}

/** The corpus truth (taken from the original's XML) as `invoice_data` paths. */
function truthOfCorpus(t: CorpusTruth): Truth {
  const entries: [string, string | null | undefined][] = [
    ['number', t.invoiceNumber],
    ['type_code', t.typeCode],
    ['issue_date', t.issueDate],
    ['due_date', t.dueDate],
    ['currency_code', t.currency],
    ['buyer_reference', t.buyerReference],
    ['purchase_order_reference', t.purchaseOrderReference],
    ['seller.name', t.seller.name],
    ['seller.vat_id', t.seller.vatId],
    ['seller.legal_registration.value', t.seller.legalId?.id],
    ['seller.legal_registration.scheme', t.seller.legalId?.scheme],
    ['seller.address.country_code', t.seller.country],
    ['buyer.name', t.buyer.name],
    ['buyer.legal_registration.value', t.buyer.legalId?.id],
    ['buyer.legal_registration.scheme', t.buyer.legalId?.scheme],
    ['buyer.address.country_code', t.buyer.country],
    ['totals.line_total', t.totals.lineNet],
    ['totals.allowance_total', t.totals.allowances],
    ['totals.charge_total', t.totals.charges],
    ['totals.tax_exclusive', t.totals.taxExclusive],
    ['totals.tax_total', t.totals.vat],
    ['totals.tax_inclusive', t.totals.taxInclusive],
    ['totals.prepaid', t.totals.prepaid],
    ['totals.amount_due', t.totals.due],
    // The routing addresses France 2026 asks for: the SIREN, scheme 0225, as its rules advise.
    ...(['seller', 'buyer'] as const).flatMap((party): [string, string | undefined][] =>
      t[party].legalId?.scheme === '0002'
        ? [
            [`${party}.electronic_address.value`, t[party].legalId?.id],
            [`${party}.electronic_address.scheme`, '0225'],
          ]
        : [],
    ),
    // The truth gives the document level allowance and charge totals only: one of each at the one rate.
    ...documentLevel(t, 'allowances', t.totals.allowances, 'Remise'),
    ...documentLevel(t, 'charges', t.totals.charges, 'Frais'),
    ...t.vatBreakdown.flatMap((row, i): [string, string][] => [
      [`vat_breakdown[${i}].category_code`, row.category],
      [`vat_breakdown[${i}].rate`, row.rate],
      [`vat_breakdown[${i}].taxable_amount`, row.base],
      [`vat_breakdown[${i}].tax_amount`, row.amount],
    ]),
    ...t.lines.flatMap((line, i): [string, string][] => [
      [`lines[${i}].id`, line.id],
      [`lines[${i}].item.name`, line.name],
      [`lines[${i}].quantity`, line.quantity],
      [`lines[${i}].unit_code`, line.unitCode],
      [`lines[${i}].net_price`, line.netPrice],
      [`lines[${i}].vat_category_code`, line.vatCategory],
      [`lines[${i}].vat_rate`, line.vatRate],
      [`lines[${i}].net_amount`, line.lineTotal],
    ]),
  ];
  return new Map(entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/** Every leaf of an `invoice_data` payload by its path. */
function pathsOf(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsOf(v, `${prefix}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => pathsOf(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(value)]];
}

/** A PDF without its embedded files, /AF and XMP: only the pages, as the corpus makes its plain PDFs. */
async function plainOf(bytes: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes);
  for (const key of ['Names', 'AF', 'Metadata', 'OutputIntents']) doc.catalog.delete(PDFName.of(key));
  return Buffer.from(await doc.save());
}

/**
 * The PDF to review: the corpus invoice when ../shared is there; else our own, drawn by the backend from a
 * fixture invoice_data and stripped of its XML (its truth is the fixture, the form's paths are its own).
 */
export async function reviewCase(ask: Ask): Promise<Case> {
  if (existsSync(path.join(corpus, `${corpusName}.plain.pdf`))) {
    const truth = JSON.parse(
      await readFile(path.join(corpus, `${corpusName}.truth.json`), 'utf8'),
    ) as CorpusTruth;
    return {
      pdf: {
        name: `${corpusName}.plain.pdf`,
        mimeType: 'application/pdf',
        buffer: await readFile(path.join(corpus, `${corpusName}.plain.pdf`)),
      },
      truth: truthOfCorpus(truth),
      from: 'the public corpus',
    };
  }
  const json = await fixtureFile('invoice-data-fr-without-notes.json', 'application/json');
  const drawn = await ask('convert', null, { invoice_data: json.buffer.toString('utf8') });
  const pdf = (drawn.body.result as { pdf?: string } | undefined)?.pdf;
  if (!pdf) throw new Error(`the backend drew no PDF: ${JSON.stringify(drawn.body).slice(0, 400)}`);
  const data = JSON.parse(json.buffer.toString('utf8')) as Record<string, unknown>;
  // BT-23 is the France 2026 blocker the review clears: the PDF does not print it.
  delete data.business_process;
  return {
    pdf: {
      name: 'facture-texte.pdf',
      mimeType: 'application/pdf',
      buffer: await plainOf(Buffer.from(pdf, 'base64')),
    },
    truth: new Map(pathsOf(data)),
    from: 'a project fixture (../shared/corpus is absent)',
  };
}

const isAmount = (text: string) => /^-?\d+([.,]\d+)?$/.test(text.trim());
/** Two values of a field agree: numerically for amounts and quantities, else as text. */
const same = (a: string, b: string) =>
  isAmount(a) && isAmount(b)
    ? Number(a.replace(',', '.')) === Number(b.replace(',', '.'))
    : a.trim() === b.trim();

const fieldOf = (review: Locator, fieldPath: string) =>
  review.locator(`[data-testid="review-field"][data-path="${fieldPath}"]`).locator('input, select, textarea');

/** Gives a table of the form (`lines`, `vat`…, for the draft's list `list`) a row for each entry the truth has. */
async function rowsFor(review: Locator, truth: Truth, table: string, list: string) {
  const entries = new Set(
    [...truth.keys()].flatMap((k) => (k.startsWith(`${list}[`) ? [k.split(']')[0]] : [])),
  );
  const section = review.getByTestId(`review-${table}`);
  const rows = section.getByTestId(`review-${table}-row`);
  while ((await rows.count()) < entries.size) {
    const before = await rows.count();
    await section.getByRole('button', { name: /^Add to / }).click();
    await expect(rows).toHaveCount(before + 1);
  }
}

/** Sets a field of the form to a value, the way its input takes it. */
async function setField(input: Locator, value: string) {
  // This project's types have no DOM, hence the narrow view of the element.
  if ((await input.evaluate((el) => (el as unknown as { tagName: string }).tagName)) === 'SELECT')
    await input.selectOption(value);
  else await input.fill(value);
}

/** The totals of the form that disagree with the truth. */
async function wrongTotalsIn(review: Locator, truth: Truth): Promise<string[]> {
  const wrong: string[] = [];
  for (const [fieldPath, value] of truth) {
    if (!fieldPath.startsWith('totals.')) continue;
    const input = fieldOf(review, fieldPath);
    if ((await input.count()) === 1 && !same(await input.inputValue(), value)) wrong.push(fieldPath);
  }
  return wrong;
}

/** Corrects every field of the form that the truth has and the reading got wrong or missed. */
async function correctToTruth(review: Locator, truth: Truth): Promise<string[]> {
  for (const [table, list] of [
    ['lines', 'lines'],
    ['vat', 'vat_breakdown'],
    ['allowances', 'allowances'],
    ['charges', 'charges'],
  ] as const)
    await rowsFor(review, truth, table, list);
  const corrected: string[] = [];
  for (const [fieldPath, value] of truth) {
    const input = fieldOf(review, fieldPath);
    if ((await input.count()) === 0) continue;
    if (same(await input.inputValue(), value)) continue;
    await setField(input, value);
    corrected.push(fieldPath);
  }
  return corrected;
}

/** The data a Factur-X PDF carries, as the backend extracts and reads it back (its XML as invoice_data). */
async function readBack(ask: Ask, pdf: Upload): Promise<Record<string, unknown>> {
  const extracted = await ask('extract', pdf);
  expect(extracted.status).toBe(200);
  expect(extracted.body.profile).toBe('EN16931');
  const answer = await ask('convert', pdf, { dry_run: 'true' });
  expect(answer.status).toBe(200);
  expect((answer.body.result as { extraction?: { sourceType?: string } }).extraction?.sourceType).toBe(
    'embedded_xml',
  );
  return answer.body.candidateInvoiceData as Record<string, unknown>;
}

/** Chooses France 2026 and drops the PDF to review, saying where it came from; its card. */
export async function dropForReview(page: Page, reviewed: Case): Promise<Locator> {
  test.info().annotations.push({ type: 'input', description: `${reviewed.pdf.name} from ${reviewed.from}` });
  await page.getByRole('button', { name: 'France 2026' }).click();
  await dropFiles(page, [reviewed.pdf]);
  return page.getByTestId('check').filter({ hasText: reviewed.pdf.name });
}

/**
 * From the review form of `pdf` (its card open, France 2026 chosen) to its Factur-X PDF, as a user
 * does it: each prefilled field as the backend read it, Convert disabled while blocked and saying why,
 * every misread field corrected (a wrong total among them), BT-23 cleared through its finding, the legal
 * notes taken, Convert; `save` gets the delivered file as the user saves it. The file must then pass
 * our validator for France 2026 and read back as corrected. `shots` prefixes the screenshots' names.
 */
export async function reviewToFacturx(
  page: Page,
  card: Locator,
  { pdf, truth }: Case,
  ask: Ask,
  save: (saveButton: Locator) => Promise<Upload>,
  shots: string,
): Promise<void> {
  const review = card.getByTestId('review');
  await expect(review.getByTestId('review-form')).toBeVisible();
  await expect(card.getByTestId('pdf-page').first()).toBeVisible();

  // Each prefilled field says where it was read; the backend's candidate is what the form shows.
  const reading = await ask('convert', pdf, { dry_run: 'true', validation_target: 'france_2026' });
  const candidate = reading.body.candidateInvoiceData as Record<string, unknown>;
  for (const [fieldPath, value] of pathsOf(candidate)) {
    const input = fieldOf(review, fieldPath);
    if ((await input.count()) === 1) await expect(input).toHaveValue(value);
  }
  // A row of the lines is one value high, so that a long invoice shows many at once; where a value was
  // read shows under it while it has the focus.
  const quantity = review.locator('[data-testid="review-field"][data-path="lines[0].quantity"]');
  const where = quantity.locator('.provenance');
  await expect(where).toBeHidden();
  const rowHeight = (await review.getByTestId('review-lines-row').first().boundingBox())?.height ?? 0;
  const inputHeight = (await quantity.locator('input').boundingBox())?.height ?? 0;
  expect(rowHeight).toBeGreaterThan(0);
  expect(rowHeight).toBeLessThan(inputHeight * 2);
  await quantity.locator('input').focus();
  await expect(where).toBeVisible();
  await quantity.locator('input').blur();
  // The reader may get this invoice right with no help (it prints its business process and its totals
  // read true): the review of a misreading is then shown on one made by hand, the grand total typed wrong
  // and the business process (BT-23), a France 2026 blocker, left empty.
  await expect(review.getByTestId('review-status')).not.toHaveAttribute('data-state', 'checking');
  if ((await wrongTotalsIn(review, truth)).length === 0) {
    await setField(fieldOf(review, 'totals.tax_inclusive'), '99999.99');
    test.info().annotations.push({ type: 'misread by hand', description: 'totals.tax_inclusive' });
  }
  if ((await fieldOf(review, 'business_process').inputValue()) !== '') {
    await fieldOf(review, 'business_process').fill('');
    test.info().annotations.push({ type: 'misread by hand', description: 'business_process' });
  }
  await expect(review.getByTestId('review-status')).toHaveAttribute('data-state', 'blocked');
  await expect(review.getByRole('button', { name: 'Convert', exact: true })).toBeDisabled();
  await expect(review.getByTestId('convert-why')).not.toBeEmpty();
  const blocker = review.locator('[data-testid="review-finding"][data-rule="BR-FR-08_BT-23"]');
  await expect(blocker).toHaveAttribute('data-kind', 'blocking');
  await page.screenshot({ path: `test-results/${shots}-review-form.png`, fullPage: true });

  // A wrong total read from the page is corrected like every other field the reading got wrong.
  const wrongTotals = await wrongTotalsIn(review, truth);
  expect(wrongTotals.length).toBeGreaterThan(0);
  const corrected = await correctToTruth(review, truth);
  test.info().annotations.push({ type: 'corrected', description: corrected.join(', ') });
  expect(corrected).toEqual(expect.arrayContaining(wrongTotals));

  // The France 2026 blocker BT-23 is cleared through its finding, which leads to the field. The
  // corrections are checked first: a findings list that changes under the pointer would take the click
  // elsewhere.
  await expect(review.locator('[data-testid="review-finding"][data-kind="blocking"]')).toHaveCount(1);
  await expect(review.getByTestId('review-status')).not.toHaveAttribute('data-state', 'checking');
  await blocker.getByRole('button', { name: /^Go to / }).click();
  const bt23 = fieldOf(review, 'business_process');
  await expect(bt23).toBeFocused();
  await bt23.fill('S1');
  await expect(blocker).toHaveCount(0);
  // The legal notes France 2026 asks for: each finding offers the usual wording, taken in one click.
  for (const code of ['PMT', 'PMD', 'AAB']) {
    const finding = review.locator(`[data-testid="review-finding"][data-rule="BR-FR-05_BT-22_${code}"]`);
    await expect(review.getByTestId('review-status')).not.toHaveAttribute('data-state', 'checking');
    if ((await finding.count()) === 0) continue;
    await finding.getByRole('button', { name: `Add the usual ${code} note` }).click();
    await expect(finding).toHaveCount(0);
  }
  await expect(review.getByTestId('review-status')).not.toHaveAttribute('data-state', 'checking');
  await expect(review.getByTestId('review-status')).toHaveAttribute('data-state', 'ready');
  await page.screenshot({ path: `test-results/${shots}-review-ready.png`, fullPage: true });
  await review.getByRole('button', { name: 'Convert', exact: true }).click();
  const result = review.getByTestId('answer-convert');
  await expect(result).toHaveAttribute('data-state', 'success');
  const delivered = await save(result.getByRole('button', { name: 'Download Factur-X PDF' }));

  const report = await ask('validate', delivered, { validation_target: 'france_2026' });
  expect(report.status).toBe(200);
  expect(report.body.valid, JSON.stringify(report.body.issues)).toBe(true);
  expect((report.body.stages as Record<string, { passed: boolean }>).fr_ctc?.passed).toBe(true);

  const back = new Map(pathsOf(await readBack(ask, delivered)));
  for (const [fieldPath, value] of truth) {
    if (!back.has(fieldPath)) continue;
    expect(
      same(back.get(fieldPath) as string, value),
      `${fieldPath}: ${back.get(fieldPath)} ≠ ${value}`,
    ).toBe(true);
  }
  for (const fieldPath of corrected) expect(back.has(fieldPath), fieldPath).toBe(true);
  expect(back.get('business_process')).toBe('S1');
}
