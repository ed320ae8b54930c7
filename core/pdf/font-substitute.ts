/**
 * Embedding for the standard fonts a source PDF uses without embedding them (PDF/A-3 §6.2.11.4.1 wants
 * every font program in the file). Helvetica/Arial, Times and Courier are replaced by the metric-compatible
 * Liberation fonts from assets/, embedded whole as simple TrueType fonts (§6.2.11.6: a non-symbolic
 * TrueType font keeps WinAnsiEncoding and its program carries the (3,1) Unicode cmap, which Liberation
 * has), with `/Widths` taken from the program itself so that the two agree (§6.2.11.5). Anything else
 * (Symbol, Dingbats, other encodings, fonts that are direct objects) is left for the caller to refuse.
 */
import type Fontkit from '@pdf-lib/fontkit';
import { loadFontkit } from './heavy-modules';
import { deflateSync } from 'node:zlib';
import { readAsset } from './assets';
import type { FontUse } from './inspect';
import { noteDeflated } from './reader/written-flate';
import type { PdfDocument } from './reader/document';
import { PdfDict, type PdfObject, type PdfRef, PdfStream, nameOf } from './reader/objects';
import { dict, name } from './writer/serialize';

/** WinAnsiEncoding codes 0x80–0x9F (ISO 32000-1 annex D); 0x20–0x7E and 0xA0–0xFF are Latin-1. */
const WIN_ANSI_HIGH: Readonly<Record<number, number>> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

function winAnsiToUnicode(code: number): number | undefined {
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_HIGH[code];
}

/** The Liberation file standing in for a standard font name, or null when there is none. */
export function substituteFile(baseFont: string): string | null {
  const n = baseFont
    .replace(/^[A-Z]{6}\+/, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  let family: string;
  if (/^(helvetica|arial)/.test(n)) family = 'Sans';
  else if (/^times/.test(n)) family = 'Serif';
  else if (/^courier/.test(n)) family = 'Mono';
  else return null;
  const bold = /bold|black|heavy/.test(n);
  const italic = /italic|oblique/.test(n);
  const style = bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : 'Regular';
  return `fonts/Liberation${family}-${style}.ttf`;
}

/** A font program from assets/, deflated once for every file it is embedded in. */
interface Program {
  readonly bytes: Uint8Array;
  readonly compressed: Uint8Array;
  readonly font: ReturnType<typeof Fontkit.create>;
}
const programs = new Map<string, Program>();

function program(file: string): Program | null {
  const hit = programs.get(file);
  if (hit) return hit;
  const bytes = readAsset(file);
  if (!bytes) return null;
  const entry = { bytes, compressed: deflateSync(bytes), font: loadFontkit().create(bytes) };
  programs.set(file, entry);
  return entry;
}

/** A font that cannot be handled: not embedded and not substitutable, or its substitute file missing. */
export type Substitution =
  { ok: true } | { ok: false; reason: 'not_substitutable' | 'substitute_missing'; name: string };

/**
 * Adds to `objects` a replacement for every non-embedded font of `fonts` (new font dictionary under the
 * same number, new descriptor and font file), or says which font cannot be handled.
 */
export function substituteFonts(
  doc: PdfDocument,
  fonts: readonly FontUse[],
  objects: Map<number, PdfObject>,
  alloc: () => PdfRef,
): Substitution {
  const done = new Set<number>();
  const files = new Map<string, PdfRef>();
  for (const use of fonts) {
    if (use.embedded || (use.ref && done.has(use.ref.num))) continue;
    const f = use.dict;
    const subtype = nameOf(doc.resolve(f.get('Subtype')));
    const encoding = nameOf(doc.resolve(f.get('Encoding')));
    const file = substituteFile(use.name);
    if (
      !use.ref ||
      !file ||
      !['Type1', 'TrueType', 'MMType1'].includes(subtype ?? '') ||
      encoding !== 'WinAnsiEncoding'
    ) {
      return { ok: false, reason: 'not_substitutable', name: use.name };
    }
    const prog = program(file);
    if (!prog) return { ok: false, reason: 'substitute_missing', name: file };
    const { font } = prog;
    const scale = 1000 / font.unitsPerEm;
    const first = 32;
    const last = 255;
    const widths: number[] = [];
    for (let code = first; code <= last; code++) {
      const cp = winAnsiToUnicode(code);
      widths.push(
        cp !== undefined && font.hasGlyphForCodePoint(cp)
          ? Math.round(font.glyphForCodePoint(cp).advanceWidth * scale)
          : 0,
      );
    }
    let fileRef = files.get(file);
    if (!fileRef) {
      fileRef = alloc();
      objects.set(
        fileRef.num,
        new PdfStream(dict({ Length1: prog.bytes.length, Filter: name('FlateDecode') }), prog.compressed),
      );
      // Noted as written for each file: its read-back measures the program (its hundreds of kilobytes
      // could inflate beyond the bounds) without inflating it again.
      noteDeflated(prog.compressed, prog.bytes);
      files.set(file, fileRef);
    }
    const bold = /Bold/.test(file);
    const italic = /Italic/.test(file);
    /** Font descriptor flags (§9.8.2): FixedPitch 1, Serif 2, Nonsymbolic 32, Italic 64. */
    const flags = (file.includes('Mono') ? 1 : 0) | (file.includes('Serif') ? 2 : 0) | 32 | (italic ? 64 : 0);
    const baseFont = nameOf(doc.resolve(f.get('BaseFont'))) ?? use.name;
    const descriptorRef = alloc();
    objects.set(
      descriptorRef.num,
      dict({
        Type: name('FontDescriptor'),
        FontName: name(baseFont),
        Flags: flags,
        FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((v) =>
          Math.round(v * scale),
        ),
        ItalicAngle: Math.round(font.italicAngle),
        Ascent: Math.round(font.ascent * scale),
        Descent: Math.round(font.descent * scale),
        CapHeight: Math.round(font.capHeight * scale),
        StemV: bold ? 120 : 80,
        FontFile2: fileRef,
      }),
    );
    objects.set(
      use.ref.num,
      new PdfDict(new Map(f.map))
        .set('Subtype', name('TrueType'))
        .set('FirstChar', first)
        .set('LastChar', last)
        .set('Widths', widths)
        .set('FontDescriptor', descriptorRef),
    );
    done.add(use.ref.num);
  }
  return { ok: true };
}
