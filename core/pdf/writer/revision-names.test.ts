import { describe, expect, it } from 'vitest';
import { writePdf } from '../../testing/hostile-pdf';
import { PdfDocument } from '../reader/document';
import { PdfName, PdfRef } from '../reader/objects';
import { writeRevision } from './revision';

describe('a rewritten PDF once the name table is full', () => {
  it('leaves out the source’s object streams, names compared by their text', () => {
    // A long-running process has met 10,000 names before these: `ObjStm` is then made anew each time.
    for (let i = 0; i < 10_000; i++) PdfName.of(`Met${i}`);
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      { dict: '/Type /ObjStm /N 0 /First 0', data: new Uint8Array(0) },
    ]);
    // Bytes before the header: the file cannot take an incremental update, it is rewritten.
    const opened = PdfDocument.open(Buffer.concat([Buffer.from('junk\n'), pdf]));
    if (!opened.ok) throw new Error(opened.error.message);
    const written = writeRevision(opened.doc, {
      objects: new Map([[5, null]]),
      root: new PdfRef(1, 0),
      info: new PdfRef(5, 0),
      id: [new Uint8Array(16), new Uint8Array(16)],
    });
    const text = Buffer.from(written).toString('latin1');
    expect(text).toContain('/Type /Catalog');
    expect(text).not.toContain('/ObjStm');
  });
});
