/**
 * The glyphs of a unit that tesseract gives as others, read back as the unit's, each word so read kept
 * at most GUESSED confidence (a likely reading, never a sure one):
 * - the superscript two of a square metre ("m²", "mm²", "g/m²"): the French, English and German models
 *   have no glyph for it and give "?" in its place, sure of it ("mm?" at 95 %). A "?" run into a metre
 *   unit (after a figure, a slash or the word's start, never inside a word: "Item?"; maybe before a
 *   comma) is read "²", a square being far more often billed than a cube;
 * - the litre "l" after a count ("10 l"), read "|": a "|" a word space after a figure, ending its cell
 *   (nothing after it on the row within a glyph's height), is read "l". One inside a sentence ("article
 *   262 | du Code", a roman one) stays.
 */
import type { TextSpan } from '../text/page-text';

const METRE_UNREAD = /(^|[^\p{L}])([cdkm]?m)\?([,.;:)]?)$/u;
/** The confidence (0–100) a word read with a glyph guessed keeps at most. */
const GUESSED = 60;

const guessed = (span: TextSpan, text: string): TextSpan => ({
  ...span,
  text,
  confidence: Math.min(span.confidence ?? 100, GUESSED),
});

/** Within `height` of each other across, on one row: a word space, not a column's gap. */
const near = (left: TextSpan, right: TextSpan, height: number): boolean =>
  right.x - (left.x + left.width) < height && Math.abs(right.y - left.y) < height / 2;

/** The words of one reading (in its order: left to right along each line) with their units read back. */
export function withUnitGlyphs(spans: readonly TextSpan[]): TextSpan[] {
  return spans.map((span, i) => {
    if (METRE_UNREAD.test(span.text)) return guessed(span, span.text.replace(METRE_UNREAD, '$1$2²$3'));
    if (span.text !== '|') return span;
    const [before, after] = [spans[i - 1], spans[i + 1]];
    const litre =
      before !== undefined &&
      /\d$/.test(before.text) &&
      near(before, span, span.height) &&
      !(after && near(span, after, span.height));
    return litre ? guessed(span, 'l') : span;
  });
}
