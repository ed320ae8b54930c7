/**
 * A dash, a dot or an underscore read by OCR is boxed by its ink, a fraction of a glyph's height ("-" 0.35
 * pt high beside words 5 pt high): lines are grouped by their middles within half the lower height, so
 * such a mark starts a line of its own and draws the words after it onto that line, apart from the words
 * of its own row ("PRESTATION SUPPORT" and "- Description" read as two rows). A mark flatter than half
 * the height of the nearest word on its row, within a few glyphs across, takes that word's band.
 */
import type { TextSpan } from '../text/page-text';

const MARK = /^[\p{P}\p{S}]+$/u;
/** A mark this much lower than the word beside it is boxed by its ink alone. */
const FLAT = 0.5;
/** How far across (in the word's heights) the word beside a mark may stand. */
const REACH = 3;

export function withMarksOnTheirRows(spans: readonly TextSpan[]): TextSpan[] {
  return spans.map((mark) => {
    if (!MARK.test(mark.text)) return mark;
    let nearest: TextSpan | null = null;
    let distance = Infinity;
    for (const word of spans) {
      if (word === mark || MARK.test(word.text) || mark.height >= FLAT * word.height) continue;
      // Within the word's band, up or down, and a few glyphs away across.
      if (mark.y + mark.height < word.y - word.height / 2 || mark.y > word.y + 1.5 * word.height) continue;
      const across = Math.max(word.x - (mark.x + mark.width), mark.x - (word.x + word.width), 0);
      if (across <= REACH * word.height && across < distance) {
        nearest = word;
        distance = across;
      }
    }
    return nearest ? { ...mark, y: nearest.y, height: nearest.height } : mark;
  });
}
