/**
 * XPath 2.0 string functions as the BR-FR artefact applies them to element values. They differ from
 * JavaScript's look-alikes in ways that change verdicts: `normalize-space` collapses only the four XML
 * white space characters, `string-length` counts code points (not UTF-16 units), `number()` yields NaN
 * instead of failing, and the regex class `\d` matches every Unicode decimal digit.
 */
import { parseDouble } from '../xpath/cast';

const XML_SPACE_RUN = /[ \t\r\n]+/g;
const HAS_XML_SPACE = /[ \t\r\n]/;
const EDGE_SPACE = /^ | $/g;

/** `normalize-space(s)`. */
export function normalizeSpace(s: string): string {
  if (!HAS_XML_SPACE.test(s)) return s;
  // Not String.prototype.trim: that would also strip no-break and other Unicode spaces.
  return s.replace(XML_SPACE_RUN, ' ').replace(EDGE_SPACE, '');
}

/** `string-length(s)`: the number of Unicode code points. */
export function stringLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A low surrogate completes a pair already counted.
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** `number(s)`: the xs:double value, NaN when the text is not a number (never an error). */
export function xpathNumber(s: string | undefined): number {
  if (s === undefined) return NaN;
  return parseDouble(s) ?? NaN;
}
