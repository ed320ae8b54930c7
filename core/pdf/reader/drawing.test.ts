/**
 * The drawing operations a page expands to (drawing.ts): counted exactly on small pages of our own, the
 * forms each time drawn, with the resources a form inherits, a form that draws itself, and what only
 * looks like an operator (a string, inline image data).
 */
import { describe, expect, it } from 'vitest';
import { hugeOperandArray, nestedForms, writePdf } from '../../testing/hostile-pdf';
import { PdfDocument } from './document';
import { mostPageOperations } from './drawing';

const stream = (dict: string, text: string) => ({ dict, data: Buffer.from(text, 'latin1') });

/** A one-page PDF: the page's XObject resources and contents, then the given forms (objects 5…). */
function page(resources: string, contents: string, forms: readonly { dict: string; data: Buffer }[]) {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /XObject << ${resources} >> >> >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('', contents),
    ...forms,
  ]);
}

function operations(pdf: Uint8Array): number {
  const opened = PdfDocument.open(pdf);
  if (!opened.ok) throw new Error(opened.error.message);
  return mostPageOperations(opened.doc, Number.MAX_SAFE_INTEGER, 1024 * 1024);
}

const FORM = '/Type /XObject /Subtype /Form /BBox [0 0 10 10]';

describe('the drawing operations of a page', () => {
  it('counts each form with its operations every time it is drawn, through inherited resources', () => {
    // 2 operations of its own, 3 drawings of a 4-operation form (the page's resources are its Pages node's).
    const pdf = page('/A 5 0 R', 'q /A Do /A Do /A Do Q', [stream(FORM, '0 0 m 10 10 l S 1 g')]);
    expect(operations(pdf)).toBe(5 + 3 * 4);
  });

  it('counts forms within forms, each by the resources it is drawn with', () => {
    expect(operations(nestedForms(3, 10))).toBe(1 + (40 + 10 * (40 + 10 * 5)));
  });

  it('counts a form that draws itself once, where readers stop it', () => {
    const pdf = page('/A 5 0 R', '/A Do', [
      stream(`${FORM} /Resources << /XObject << /A 5 0 R >> >>`, '/A Do /A Do'),
    ]);
    expect(operations(pdf)).toBe(1 + 2);
  });

  it('reads no operator in a string or in inline image data', () => {
    const pdf = page('/A 5 0 R', 'BT (/A Do /A Do) Tj ET BI /W 1 /H 1 ID /A Do EI', [stream(FORM, 'n')]);
    // BT Tj ET, and BI ID of the image: the image data is skipped to EI, which ends it.
    expect(operations(pdf)).toBe(5);
  });

  it('counts each object within the arrays and dictionaries of an operator, nested ones too', () => {
    // BT TJ ET cm BDC EMC; the 4 objects within TJ's array (a hexadecimal string among them); the 6
    // within BDC's dictionary (keys, values, the array and its 2 numbers); the operands outside, none.
    // A form among the page's resources, which it does not draw: the page may draw one, and is counted.
    const pdf = page(
      '/Z 5 0 R',
      'BT [(Fac) -120 <0041ABCD> (ture)] TJ ET 1 0 0 1 0 0 cm /Span << /A [1 2] /B true >> BDC EMC',
      [stream(FORM, 'n')],
    );
    expect(operations(pdf)).toBe(6 + 4 + 6);
  });

  it('stops reading a content stream once past the bound', () => {
    const opened = PdfDocument.open(hugeOperandArray(1));
    if (!opened.ok) throw new Error(opened.error.message);
    expect(mostPageOperations(opened.doc, 1_000, 2 * 1024 * 1024)).toBe(Infinity);
    // Its megabyte is beyond the application's bound, which its operations are within: counted, half a
    // million numbers in the array, the operators around it, and none left out.
    expect(mostPageOperations(opened.doc, 1_000_000, 2 * 1024 * 1024)).toBe(512 * 1024 + 4);
  });

  it('counts the appearances of the annotations drawn over the page, and the forms they draw', () => {
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R /Resources << /XObject << /A 5 0 R >> >> ' +
        '/Annots [<< /Type /Annot /Subtype /Stamp /Rect [0 0 5 5] /AP << /N << /On 6 0 R /Off 5 0 R >> >> >>] >>',
      stream('', '0 0 m S'),
      stream(FORM, '0 0 m 10 10 l S'),
      stream(`${FORM} /Resources << /XObject << /A 5 0 R >> >>`, '/A Do /A Do /A Do'),
    ]);
    // The page's 2; the "On" state's 3 drawings of the 3-operation form; the "Off" state is that form.
    expect(operations(pdf)).toBe(2 + (3 + 3 * 3) + 3);
  });

  describe('the glyphs of Type 3 fonts, content streams drawn for each one shown', () => {
    // Glyph a: 4 operations (d0 m l S); glyph b, the costliest: 5 (d0 re f re f), drawn for b and c.
    const type3 = [
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] /CharProcs << /a 7 0 R /b 8 0 R >> ' +
        '/Encoding << /Type /Encoding /Differences [97 /a /b /b] >> /FirstChar 97 /LastChar 99 /Widths [1 1 1] >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      stream('', 'd0 0 0 m 1 1 l S'),
      stream('', 'd0 0 0 1 1 re f 0 0 1 1 re f'),
    ];
    /** A page drawing `contents` (object 4) and `more` (9…) as its `/Contents`, with `resources`. */
    const withFonts = (
      contents: string,
      more: Parameters<typeof writePdf>[0] = [],
      resources = '/Font << /T3 5 0 R /H 6 0 R >> /XObject << /X 9 0 R >>',
      pageContents = '4 0 R',
    ) =>
      writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << ${resources} >> >>`,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${pageContents} >>`,
        stream('', contents),
        ...type3,
        ...more,
      ]);
    const helveticaAndForm = '/Font << /H 6 0 R >> /XObject << /X 9 0 R >>';

    it('counts each glyph shown in a Type 3 font as its procedure, the font kept through q and Q', () => {
      // `\\143` is c; d, which the Differences leave out, counts as the costliest glyph.
      const pdf = withFonts('BT /T3 1 Tf (ab\\143d) Tj q /H 12 Tf (abcdef) Tj Q [(a) -50 <6263>] TJ ET', [
        stream(FORM, 'n'),
      ]);
      // 9 operators and the 3 objects of TJ's array; in T3 (none counted in Helvetica), a twice (4
      // each), b and c twice (5 each), d once (5).
      expect(operations(pdf)).toBe(12 + 2 * 4 + 4 * 5 + 5);
    });

    it('counts text a form shows in the font of what draws it', () => {
      const pdf = withFonts('BT /T3 1 Tf /X Do ET', [stream(FORM, '(ab) Tj')]);
      expect(operations(pdf)).toBe(4 + (1 + 2 * 5));
    });

    it('counts text a page shows before any Tf in a content stream at the costliest glyph of its own Type 3 fonts', () => {
      const pdf = withFonts(
        'BT /T3 1 Tf ET',
        [stream('', 'BT (ab) Tj ET')],
        '/Font << /T3 5 0 R /H 6 0 R >>',
        '[4 0 R 9 0 R]',
      );
      // 6 operators; the second stream's text is in the font the first chose among the page's: a and b.
      expect(operations(pdf)).toBe(6 + 4 + 5);
    });

    it('counts no glyph for text a page shows before any Tf when none of its fonts is a Type 3 font', () => {
      const pdf = withFonts('BT (ab) Tj ET', [stream(FORM, 'n')], helveticaAndForm);
      // BT Tj ET: the document's Type 3 font is none the page's content can choose.
      expect(operations(pdf)).toBe(3);
    });

    it('counts text shown before any Tf at the costliest glyph of the document, whatever fonts are at hand', () => {
      // The page's fonts hold no Type 3 font, nor do the form's own resources: the form's text is in the
      // font of what draws it, which may be any, so each byte counts as glyph b (5), the costliest.
      const pdf = withFonts(
        'BT /H 1 Tf (abc) Tj /X Do ET',
        [stream(`${FORM} /Resources << >>`, '(ab) Tj')],
        helveticaAndForm,
      );
      // 5 operators on the page (Helvetica's glyphs cost nothing); the form's Tj and its 2 glyphs.
      expect(operations(pdf)).toBe(5 + (1 + 2 * 5));
    });
  });

  it('counts the cell of a tiling pattern each time a fill or a stroke paints in it', () => {
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
        '/Resources << /Pattern << /P 5 0 R /S << /PatternType 2 /Shading << /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 1 0] /Function << /FunctionType 2 /Domain [0 1] /N 1 >> >> >> >> >> >>',
      stream(
        '',
        '/Pattern cs /P scn 0 0 100 100 re f 0 0 m 100 100 l S /P SCN q 1 g 0 0 1 1 re f Q 0 0 1 1 re B /S scn 0 0 1 1 re f',
      ),
      stream(
        '/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >>',
        '0 0 5 5 re f 5 5 5 5 re f',
      ),
    ]);
    // 18 operators; the pattern's 4 painted by the first f, and by B's fill and stroke (the fill
    // restored by Q); none for the stroke before SCN, the grey fill, or the shading pattern.
    expect(operations(pdf)).toBe(18 + 3 * 4);
  });

  it('walks a page tree deeper than the call stack', () => {
    const depth = 20_000;
    // Objects 2 … depth + 1 are Pages nodes, each the only kid of the one before; then the page, its contents.
    const nodes = Array.from(
      { length: depth },
      (_, i) => `<< /Type /Pages /Kids [${i + 3} 0 R] /Count 1 /Resources << >> >>`,
    );
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      ...nodes,
      `<< /Type /Page /MediaBox [0 0 10 10] /Contents ${depth + 3} 0 R >>`,
      stream('', '0 0 m 1 1 l S'),
    ]);
    // The page reached: it draws nothing but its content, held to its 13 bytes (3 operations).
    expect(operations(pdf)).toBe(13);
  });

  describe('a page that can draw nothing but its own content', () => {
    /** A one-page PDF whose page draws `contents` with `resources`, a form as object 5. */
    const alone = (contents: string, resources = '') =>
      writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R /Resources << ${resources} >> >>`,
        stream('', contents),
        stream(FORM, 'n'),
      ]);
    // The densest contents there are, with their operations: each (an operator, or an object within an
    // operand's array or dictionary) takes a byte of its own at least.
    const dense: [string, number][] = [
      ['q Q q Q', 4],
      ['[/ / / /] TJ', 5],
      ['[////]n', 5],
      ['[[[[]]]]n', 4],
      ['<<//>>n', 3],
      ['[()<>()<>]n', 5],
      ['a b c d e', 5],
    ];

    it('counts no more operations than its content has bytes', () => {
      for (const [contents, count] of dense) {
        // A form among its resources: the page is counted, operation by operation.
        const counted = operations(alone(contents, '/XObject << /X 5 0 R >>'));
        expect([contents, counted]).toEqual([contents, count]);
        expect(counted).toBeLessThanOrEqual(contents.length);
      }
    });

    it('is held to its bytes within the limit, and counted beyond it', () => {
      const names = (n: number) => `[${'/'.repeat(n)}]n`;
      const most = (contents: string, resources = '') => {
        const opened = PdfDocument.open(alone(contents, resources));
        if (!opened.ok) throw new Error(opened.error.message);
        return mostPageOperations(opened.doc, 20, 1024 * 1024);
      };
      // 20 bytes, 18 operations: within the bound of 20 by its bytes, not scanned.
      expect(most(names(17))).toBe(20);
      // 22 bytes are beyond it: counted, 20 operations (the names and the operator), and 21 beyond.
      expect(most(names(19))).toBe(20);
      expect(most(names(20))).toBe(Infinity);
      // A form, a tiling pattern or a Type 3 font among its resources: counted, 18 operations.
      expect(most(names(17), '/XObject << /X 5 0 R >>')).toBe(18);
      expect(most(names(17), '/Pattern << /P 5 0 R >>')).toBe(18);
      expect(most(names(17), '/Font << /F << /Type /Font /Subtype /Type3 >> >>')).toBe(18);
      // Pictures, shading patterns and other fonts draw no content stream.
      const others =
        '/XObject << /I << /Subtype /Image >> >> /Pattern << /S << /PatternType 2 >> >> /Font << /H << /Subtype /Type1 >> >>';
      expect(most(names(17), others)).toBe(20);
    });
  });

  it('stops counting past the bound', () => {
    expect(mostPageOperations(openedNested(), 1_000, 1024 * 1024)).toBe(Infinity);
  });
});

function openedNested() {
  const opened = PdfDocument.open(nestedForms(5, 10));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.doc;
}
