/**
 * Test helper: small source PDFs made with pdf-lib, for the cases the corpus does not cover.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts, cmyk } from 'pdf-lib';

/**
 * A one-page PDF without text (so without fonts), optionally with a JavaScript OpenAction, a CMYK fill, a
 * hidden link, a named action as its OpenAction, trigger events (/AA) on the catalog or the page, or an
 * annotation of the given subtype.
 */
export async function blankPdf(
  opts: {
    javascript?: boolean;
    objectStreams?: boolean;
    cmyk?: boolean;
    hiddenLink?: boolean;
    namedAction?: string;
    triggers?: 'catalog' | 'page';
    annotation?: string;
  } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({
    x: 50,
    y: 50,
    width: 100,
    height: 40,
    ...(opts.cmyk ? { color: cmyk(0, 0.5, 1, 0) } : {}),
  });
  if (opts.hiddenLink) {
    const link = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 150, 90], Border: [0, 0, 0], F: 2 }),
    );
    page.node.set(PDFName.of('Annots'), doc.context.obj([link]));
  }
  if (opts.annotation) {
    const annot = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: opts.annotation, Rect: [50, 50, 150, 90], F: 4 }),
    );
    page.node.set(PDFName.of('Annots'), doc.context.obj([annot]));
  }
  if (opts.namedAction) {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'Named', N: opts.namedAction }));
  }
  if (opts.triggers) {
    const goTo = doc.context.obj({ S: 'GoTo', D: [page.ref, 'Fit'] });
    (opts.triggers === 'catalog' ? doc.catalog : page.node).set(
      PDFName.of('AA'),
      doc.context.obj({ O: goTo }),
    );
  }
  if (opts.javascript) {
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
    );
  }
  return doc.save({ useObjectStreams: opts.objectStreams ?? true });
}

/** A PDF whose trailer declares encryption. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await blankPdf({ objectStreams: false })).toString('latin1');
  return Buffer.from(
    text.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 >>'),
    'latin1',
  );
}

/** A PDF using one of the standard 14 fonts, which pdf-lib does not embed. */
export async function unembeddedFontPdf(font: StandardFonts = StandardFonts.Helvetica): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(font === StandardFonts.Symbol ? '\u03b1\u03b2' : 'Facture N° 1 – 1 234,50 €', {
    x: 50,
    y: 700,
    font: await doc.embedFont(font),
  });
  return doc.save();
}
