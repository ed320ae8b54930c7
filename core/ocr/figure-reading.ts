/**
 * The doubtful figures of a page, read again closer (stacked-reading.ts). Read with the whole page, a
 * figure set in a font whose separator stands apart (tabular figures give the point a digit's width) is
 * split in two at its separator, which is then often lost: "759.17" comes back as the words "759" and
 * "17", "855,58" as "855," and "58", and the table reader sees two cells and no amount. Doubtful in a
 * table row: a rate of two digits or more with no separator ("55%", "55 %" for 5,5 %: the comma lost), a
 * figure read with low confidence ("35.5" read "355"), a sum read with no separator before its currency
 * ("279450 €"), and a count run into its unit whose digits OCR took for letters ("OU" for "9U", "lu" for
 * "1 u"), read unsure. Doubtful on any line: a figure cut at its thousands separators ("-243." "395,94").
 * Each is cut out and read again enlarged, where the separator is seen; the closer reading replaces the
 * first only when it is one amount or rate that keeps the digits of the first (it only adds their
 * separator); for a doubtful word, when it is a figure read surer than the first; for a count read as
 * letters, when it gives digits before the same unit.
 */
import { loadImage } from '@napi-rs/canvas';
import { boxOf, type Box, type TextPage, type TextSpan } from '../text/page-text';
import { STOPPED, type Stopped } from './deadline';
import { figureRow } from './gap-reading';
import { pictureBox, type Levelling } from './level';
import type { PageImage } from './page-images';
import { readStacked, type ReadBlock } from './stacked-reading';
import type { OcrWord } from './tesseract-engine';

/** A figure that may have been cut at its decimal separator: digits, maybe grouped, no decimals yet. */
const HEAD = /^[-−]?\d[\d.,'’]*$/;
const HAS_DECIMALS = /[.,]\d{1,2}$/;
/** What follows the separator: two decimals. */
const CENTS = /^\d{2}$/;
/** A thousands group cut off its figure: three digits, then its separator, or the decimal one and two decimals. */
const GROUP = /^\d{3}(?:[.,'’]|[.,]\d{2})?$/;
const SEPARATOR_LAST = /[.,'’]$/;
/** A whole amount with two decimals, as the closer reading must give it for a split figure. */
const AMOUNT = /^[-−]?\d{1,3}(?:[.,'’ ]?\d{3})*[.,]\d{2}$/;
/** A figure read alone. */
const FIGURE = /^[-−]?\d[\d.,'’]*\d$|^\d$/;
/**
 * A sum of money read with no separator at all ("279450 €" for 2 794,50 €), its currency beside it: OCR
 * lost both the thousands space and the decimal comma.
 */
const BARE_SUM = /^[-−]?\d{4,}$/;
const CURRENCY = /^(?:€|EUR)$/;
/** A rate of two digits or more without a separator ("55%" for 5,5 %), maybe its sign a word apart. */
const WHOLE_RATE = /^\d{2,3}\s?%$/;
const PERCENT = /^%$/;
/** A rate with its decimals, as the closer reading must give it for a rate whose separator was lost. */
const RATE = /^\d{1,2}[.,]\d{1,2}\s?%$/;
/**
 * A word of a table row that may be a count run into its unit, its digits read as the letters they look
 * like (O, o, S, I, l, |, B, Z, G), or a digit among them: up to four such glyphs, then a unit of one to
 * three letters.
 */
const COUNT_LIKE = /^[\dOoSIl|BZG]{1,4}(\p{L}{1,3}\.?)$/u;
/** A count and its unit, as the closer reading must give it for a count read as letters. */
const COUNT = /^\d{1,4}(?:[.,]\d{1,3})?\s?(\p{L}{1,3}\.?)$/u;
/** Widest gap between the two halves of a split figure, in glyph heights (a column gap is wider). */
const SPLIT_GAP = 1.2;
/** A figure read with less confidence (0–100) than this is read again. */
const DOUBTFUL = 85;
/** How much surer (confidence points) the closer reading of a doubtful word must be to replace it. */
const SURER = 10;
/** Least confidence of a closer reading that replaces the first. */
const MIN_CONFIDENCE = 75;
/** Least confidence of a closer reading that keeps the first one's digits and adds their separator. */
const KEPT_MIN_CONFIDENCE = 60;
/** Margin around a cut, as a share of its height. */
const MARGIN = 0.35;
/** Most places read again on one page. */
const MAX_PLACES = 80;

export interface Doubt {
  /** The words of the first reading (one doubtful word, or the two halves of a split figure). */
  readonly spans: readonly TextSpan[];
  readonly box: Box;
}

const digits = (text: string): string => text.replace(/\D/g, '');

/**
 * The words from `i` that are one figure cut apart: a head without decimals, then its groups of three
 * digits each after the separator that precedes it ("-243." "395,94"), and maybe its two decimals
 * ("1,067" "86"), each close to the last. `grouped`: a thousands group was cut off, which no list of
 * numbers in a sentence looks like, so that the cut is read again on any line, not on table rows only.
 */
function splitFigure(spans: readonly TextSpan[], i: number): { pieces: number; grouped: boolean } | null {
  const head = spans[i]!;
  if (!HEAD.test(head.text) || HAS_DECIMALS.test(head.text)) return null;
  let pieces = 1;
  let grouped = false;
  while (i + pieces < spans.length) {
    const last = spans[i + pieces - 1]!;
    const next = spans[i + pieces]!;
    if (next.x - (last.x + last.width) >= SPLIT_GAP * Math.max(last.height, next.height)) break;
    if (CENTS.test(next.text)) {
      pieces += 1;
      break;
    }
    if (!GROUP.test(next.text) || !SEPARATOR_LAST.test(last.text)) break;
    pieces += 1;
    grouped = true;
    if (HAS_DECIMALS.test(next.text)) break;
  }
  return pieces > 1 ? { pieces, grouped } : null;
}

/** The split figures of the page, and the doubtful figures of its table rows. */
export function doubtfulFigures(page: TextPage): Doubt[] {
  const doubts: Doubt[] = [];
  for (const line of page.lines) {
    const row = figureRow(line);
    const spans = line.spans;
    for (let i = 0; i < spans.length; i++) {
      const a = spans[i]!;
      const b = spans[i + 1];
      const split = splitFigure(spans, i);
      if (split && (row || split.grouped)) {
        const pieces = spans.slice(i, i + split.pieces);
        doubts.push({ spans: pieces, box: boxOf(pieces) });
        i += split.pieces - 1;
      } else if (!row) {
        continue;
      } else if (b && /^\d{2,3}$/.test(a.text) && PERCENT.test(b.text)) {
        doubts.push({ spans: [a, b], box: boxOf([a, b]) });
        i++;
      } else if (
        WHOLE_RATE.test(a.text) ||
        (BARE_SUM.test(a.text) && CURRENCY.test(b?.text ?? '')) ||
        ((FIGURE.test(a.text) || COUNT_LIKE.test(a.text)) && (a.confidence ?? 100) < DOUBTFUL)
      ) {
        doubts.push({ spans: [a], box: boxOf([a]) });
      }
    }
  }
  return doubts.slice(0, MAX_PLACES);
}

/** What replaces the doubt's words, from the words the closer reading found on its cut; null: nothing. */
export function settle(doubt: Doubt, read: readonly OcrWord[]): { text: string; confidence: number } | null {
  if (read.length === 0) return null;
  const confidence = Math.min(...read.map((w) => w.confidence));
  // Read again, the words may still stand apart, but with their separator seen: "855," "58".
  const joined = read.map((w) => w.text).join('');
  const kept = digits(joined) === doubt.spans.map((s) => digits(s.text)).join('');
  const first = doubt.spans[0]!;
  const rate = WHOLE_RATE.test(doubt.spans.map((s) => s.text).join(''));
  // Both readings give the same digits: the closer one only adds the separator, however unsure its glyphs.
  if (kept && confidence >= KEPT_MIN_CONFIDENCE && (rate ? RATE : AMOUNT).test(joined))
    return { text: joined, confidence };
  if (doubt.spans.length > 1 || rate || confidence < MIN_CONFIDENCE) return null;
  // A count read as letters: the closer reading has its digits, before the same unit.
  const unit = COUNT_LIKE.exec(first.text)?.[1];
  const count = COUNT.exec(joined);
  if (unit && count && !FIGURE.test(first.text))
    return count[1]!.toLowerCase() === unit.toLowerCase()
      ? { text: read.map((w) => w.text).join(' '), confidence }
      : null;
  if (read.length > 1) return null;
  return FIGURE.test(joined) && confidence >= (first.confidence ?? 100) + SURER
    ? { text: joined, confidence }
    : null;
}

/**
 * The page's words with its doubtful figures read again (`spans`: the page's words, as `page` groups
 * them); the same words when none changed; STOPPED when the reading was stopped.
 */
export async function readFigures(
  picture: PageImage,
  page: TextPage,
  spans: readonly TextSpan[],
  level: Levelling,
  readBlock: ReadBlock,
): Promise<readonly TextSpan[] | Stopped> {
  const doubts = doubtfulFigures(page);
  if (doubts.length === 0) return spans;
  const sx = picture.pixelWidth / picture.width;
  const sy = picture.pixelHeight / picture.height;
  const cuts = doubts.map((d) => {
    const p = pictureBox(d.box, level);
    const margin = MARGIN * p.height;
    return {
      x: (p.x - margin) * sx,
      y: (p.y - margin) * sy,
      width: (p.width + 2 * margin) * sx,
      height: (p.height + 2 * margin) * sy,
    };
  });
  const image = await loadImage(Buffer.from(picture.picture));
  const read = await readStacked(image, cuts, sx, readBlock);
  if (read === STOPPED) return STOPPED;
  if (!read) return spans;
  const replaced = new Map<TextSpan, TextSpan | null>();
  for (const [i, doubt] of doubts.entries()) {
    const closer = settle(doubt, read[i]!);
    if (closer === null || (doubt.spans.length === 1 && closer.text === doubt.spans[0]!.text)) continue;
    const [first, ...rest] = doubt.spans;
    // The first reading's box (levelled already), the closer reading's text and confidence.
    replaced.set(first!, { ...closer, ...doubt.box });
    for (const s of rest) replaced.set(s, null);
  }
  if (replaced.size === 0) return spans;
  return spans.flatMap((s) => {
    const r = replaced.get(s);
    return r === undefined ? [s] : r === null ? [] : [r];
  });
}
