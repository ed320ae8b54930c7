/**
 * Test helper: small source PDFs made with pdf-lib, for the cases the corpus does not cover.
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** A one-page PDF without text (so without fonts), optionally with a JavaScript OpenAction. */
export async function blankPdf(
  opts: { javascript?: boolean; objectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 50, width: 100, height: 40 });
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

/** A PDF using Helvetica, one of the standard 14 fonts pdf-lib does not embed. */
export async function unembeddedFontPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Facture 1', { x: 50, y: 700 });
  return doc.save();
}
