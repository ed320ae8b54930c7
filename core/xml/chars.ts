/**
 * The character classes of XML 1.0 (fifth edition): Char [2], S [3], NameStartChar [4] and NameChar
 * [4a], on UTF-16 code units (a supplementary character is a surrogate pair; see isAstralNamePair).
 */

/** A code unit that is not a Char [2] by itself: a forbidden one, or a surrogate (a Char in a pair only). */
const NOT_SINGLE_CHAR = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd]/;

/**
 * The first character that is not a Char [2], or -1 (lone surrogates, U+FFFE and U+FFFF included).
 * Every document is scanned whole: a search by a regular expression on code units (not in Unicode mode,
 * which costs several times more per character) finds the first unit that is not a Char by itself, a
 * third faster than a loop; from there on, a loop tells the surrogate pairs.
 */
export function firstNonChar(text: string): number {
  const first = text.search(NOT_SINGLE_CHAR);
  if (first === -1) return -1;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 ? c < 0xd800 || (c >= 0xe000 && c <= 0xfffd) : c === 0x09 || c === 0x0a || c === 0x0d)
      continue;
    // A high surrogate followed by a low one is a supplementary character (U+10000 to U+10FFFF).
    if (c <= 0xdbff && c >= 0xd800) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i += 1;
        continue;
      }
    }
    return i;
  }
  return -1;
}

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

export function isNameStart(c: number): boolean {
  if (c < 0x80) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
  }
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

export function isNameChar(c: number): boolean {
  if (c < 0x80) {
    return (
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x5f ||
      c === 0x3a ||
      c === 0x2d ||
      c === 0x2e
    );
  }
  return isNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

/**
 * A surrogate pair at `i` that encodes a name character: [#x10000-#xEFFFF] is both a NameStartChar and
 * a NameChar, i.e. high surrogates D800–DB7F followed by a low surrogate.
 */
export function isAstralNamePair(text: string, i: number): boolean {
  const hi = text.charCodeAt(i);
  if (hi < 0xd800 || hi > 0xdb7f) return false;
  const lo = text.charCodeAt(i + 1);
  return lo >= 0xdc00 && lo <= 0xdfff;
}
