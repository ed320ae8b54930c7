/**
 * The seam between OCR and field extraction. Field extraction is offered `reread` (core/ocr/reread.ts):
 * a closer reading of any box of a scanned page, which the reader may ask for a term that is uncertain
 * or does not balance. When the reader asked for none, the convert takes that second look itself: the
 * lines of the terms whose words OCR was unsure of, and of the totals when they do not add up
 * (BT-109 + BT-110 = BT-112), are read again on enlarged strips; a strip's words replace the page's
 * words of that line where the strip reads them with more confidence, and the fields are extracted again
 * from the text so corrected. The second extraction is kept unless it finds fewer terms.
 */
import { Decimal } from '../decimal/decimal';
import type { FieldExtraction } from '../fields/extraction';
import type { Reread } from '../ocr/reread';
import { groupLines } from '../text/lines';
import type { Box, DocumentText, TextPage, TextSpan } from '../text/page-text';

/** Field extraction as the convert calls it: `reread` is there for the reader to use or not. */
export type ReadFields = (
  text: DocumentText,
  options: { readonly reread?: Reread },
) => FieldExtraction | Promise<FieldExtraction>;

/** An OCR word with a digit under this confidence (0–100) makes its term worth a second look. */
export const DOUBTFUL_WORD = 85;
/** At most this many strips per document: each costs about a fifth of a page's reading. */
const MAX_STRIPS = 4;

const TOTAL_TERMS = ['BT-109', 'BT-110', 'BT-112'] as const;

const centreIn = (s: Box, b: Box): boolean => {
  const x = s.x + s.width / 2;
  const y = s.y + s.height / 2;
  return x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
};

const spansIn = (page: TextPage, box: Box): TextSpan[] =>
  page.lines.flatMap((l) => l.spans.filter((s) => centreIn(s, box)));

const meanConfidence = (spans: readonly TextSpan[]): number =>
  spans.length ? spans.reduce((sum, s) => sum + (s.confidence ?? 100), 0) / spans.length : 0;

/** Whether the extracted totals fail BT-109 + BT-110 = BT-112 (unknown totals do not fail). */
export function totalsDisagree(extraction: FieldExtraction): boolean {
  const totals = extraction.invoice.totals;
  const net = Decimal.parse(totals?.taxBasisTotal?.value ?? '');
  const vat = Decimal.parse(totals?.taxTotals?.[0]?.value ?? '');
  const gross = Decimal.parse(totals?.grandTotal?.value ?? '');
  return net !== null && vat !== null && gross !== null && !net.plus(vat).equals(gross);
}

/** A place of a page worth a second look; `total` when a total was read there. */
export interface DoubtfulPlace {
  readonly page: number;
  readonly box: Box;
  readonly total: boolean;
}

/** The places worth a second look: page and line box of each doubtful term, once each, totals first. */
export function doubtfulPlaces(text: DocumentText, extraction: FieldExtraction): DoubtfulPlace[] {
  const unbalanced = totalsDisagree(extraction);
  const places = new Map<string, DoubtfulPlace>();
  for (const [term, e] of Object.entries(extraction.evidence)) {
    if (e.source !== 'ocr') continue;
    const page = text.pages.find((p) => p.number === e.page);
    if (!page) continue;
    // Figures are what a term's value is made of (amounts, dates, numbers, identifiers); a doubtful word
    // of a label or of a neighbouring column does not make the value doubtful.
    const doubtful = spansIn(page, e.box).some(
      (w) => /\d/.test(w.text) && (w.confidence ?? 100) < DOUBTFUL_WORD,
    );
    const total = (TOTAL_TERMS as readonly string[]).includes(term);
    if (doubtful || (unbalanced && total)) {
      const key = `${e.page}:${e.box.x}:${e.box.y}:${e.box.width}:${e.box.height}`;
      places.set(key, { page: e.page, box: e.box, total: total || places.get(key)?.total === true });
    }
  }
  return [...places.values()].sort((a, b) => Number(b.total) - Number(a.total)).slice(0, MAX_STRIPS);
}

/** `text` with the words inside `box` of page `number` replaced by `lines`' words when they are surer. */
export function patched(
  text: DocumentText,
  number: number,
  box: Box,
  reread: readonly TextSpan[],
): DocumentText {
  const page = text.pages.find((p) => p.number === number);
  if (!page) return text;
  const before = spansIn(page, box);
  const after = reread.filter((s) => centreIn(s, box));
  if (after.length === 0 || meanConfidence(after) <= meanConfidence(before)) return text;
  const kept = page.lines.flatMap((l) => l.spans.filter((s) => !centreIn(s, box)));
  const lines = groupLines([...kept, ...after]);
  return { ...text, pages: text.pages.map((p) => (p === page ? { ...page, lines } : p)) };
}

/**
 * Fields of an OCR text, with `reread` offered to the reader, or else the convert's own second look at
 * the doubtful terms.
 */
export async function readWithSecondLook(
  text: DocumentText,
  readFields: ReadFields,
  reread: Reread,
): Promise<FieldExtraction> {
  let asked = 0;
  const counted: Reread = (page, box) => {
    asked += 1;
    return reread(page, box);
  };
  const first = await readFields(text, { reread: counted });
  if (asked > 0) return first;
  const places = doubtfulPlaces(text, first);
  if (places.length === 0) return first;
  let corrected = text;
  for (const { page, box } of places) {
    const lines = await reread(page, box);
    corrected = patched(
      corrected,
      page,
      box,
      lines.flatMap((l) => l.spans),
    );
  }
  if (corrected === text) return first;
  const second = await readFields(corrected, {});
  return Object.keys(second.evidence).length >= Object.keys(first.evidence).length ? second : first;
}
