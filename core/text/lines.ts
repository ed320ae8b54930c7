/**
 * Spans into lines, for the PDF text layer and for OCR words alike. A span joins the line whose vertical
 * middle band it overlaps most; lines are then read left to right. The tolerance is relative to the
 * span height, so a page scanned slightly askew (under a degree) still yields one line per printed line
 * across its width. A gap wider than about two average character widths is a column break, kept as two
 * or more spaces so that "Total HT    1 234,56" still tells label from value.
 */
import type { TextLine, TextSpan } from './page-text';

interface Building {
  spans: TextSpan[];
  /** Running middle and height, for the next span to compare with. */
  middle: number;
  height: number;
}

const middleOf = (s: TextSpan): number => s.y + s.height / 2;

export function groupLines(spans: readonly TextSpan[]): TextLine[] {
  const sorted = spans.filter((s) => s.text.trim() !== '').sort((a, b) => a.x - b.x);
  const lines: Building[] = [];
  for (const span of sorted) {
    const middle = middleOf(span);
    let best: Building | null = null;
    let bestDistance = Infinity;
    for (const line of lines) {
      const tolerance = Math.min(line.height, span.height) * 0.5;
      const distance = Math.abs(line.middle - middle);
      if (distance <= tolerance && distance < bestDistance) {
        best = line;
        bestDistance = distance;
      }
    }
    if (best) {
      best.spans.push(span);
      // Follow the line's last span: a skewed line drifts slowly from one end to the other.
      best.middle = middle;
      best.height = Math.max(best.height * 0.7 + span.height * 0.3, 1);
    } else {
      lines.push({ spans: [span], middle, height: Math.max(span.height, 1) });
    }
  }
  return lines.map((l) => toLine(l.spans)).sort((a, b) => a.y - b.y || a.x - b.x);
}

function toLine(spans: readonly TextSpan[]): TextLine {
  const ordered = [...spans].sort((a, b) => a.x - b.x);
  const chars = ordered.reduce((n, s) => n + s.text.length, 0);
  const charWidth = ordered.reduce((w, s) => w + s.width, 0) / Math.max(chars, 1);
  let text = '';
  let end = -Infinity;
  for (const span of ordered) {
    if (text !== '') {
      const gap = span.x - end;
      const spaces = gap > charWidth * 2 ? Math.max(2, Math.round(gap / Math.max(charWidth, 0.1))) : 1;
      // The text so far ends with a span's trimmed text, never a space: a test of it (each time reading
      // the whole line) would only make long lines quadratic.
      text += gap < charWidth * 0.15 ? '' : ' '.repeat(Math.min(spaces, 8));
    }
    text += span.text.trim();
    end = Math.max(end, span.x + span.width);
  }
  // Folded, not spread: a line of a hundred thousand spans would overflow the call stack.
  const x = ordered.reduce((m, s) => Math.min(m, s.x), Infinity);
  const y = ordered.reduce((m, s) => Math.min(m, s.y), Infinity);
  const right = ordered.reduce((m, s) => Math.max(m, s.x + s.width), -Infinity);
  const bottom = ordered.reduce((m, s) => Math.max(m, s.y + s.height), -Infinity);
  return { spans: ordered, text, x, y, width: right - x, height: bottom - y };
}
