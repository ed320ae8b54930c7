/**
 * Whether OCR text holds a corpus invoice's BT-1 invoice number and BT-112 grand total verbatim, as a
 * reader of the page would write them: the truth's decimal string `1234.56` may be printed `1234,56`,
 * `1.234,56`, `1 234,56` or `1,234.56`. Used by the corpus tests and the OCR benchmark.
 */
import type { DocumentText } from '../text/page-text';

/** The ways an invoice commonly prints a decimal amount string. */
export function amountSpellings(amount: string): string[] {
  const [whole = '', fraction] = amount.replace(/^-/, '').split('.');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  const out = new Set<string>();
  for (const [thousands, decimal] of [
    ['', ','],
    ['', '.'],
    ['.', ','],
    [' ', ','],
    ['\u202f', ','],
    [',', '.'],
  ] as const) {
    const integer = groups.join(thousands);
    out.add(fraction === undefined ? integer : `${integer}${decimal}${fraction}`);
  }
  return [...out];
}

/** The document's lines, one per text line, pages one after the other. */
export function plainText(text: DocumentText): string {
  return text.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
}

export interface TruthHits {
  /** BT-1 */
  readonly invoiceNumber: boolean;
  /** BT-112 */
  readonly grandTotal: boolean;
}

export function truthHits(text: string, invoiceNumber: string, grandTotal: string): TruthHits {
  const flat = text.replace(/\s+/g, ' ');
  const amount = new RegExp(
    `(^|[^0-9.,])(${amountSpellings(grandTotal)
      .map((s) => s.replace(/[.\s\u202f]/g, (c) => (c === '.' ? '\\.' : ' ')))
      .join('|')})($|[^0-9])`,
  );
  return { invoiceNumber: flat.includes(invoiceNumber), grandTotal: amount.test(flat) };
}
