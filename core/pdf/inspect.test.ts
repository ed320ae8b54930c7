import { type PDFDict, PDFDocument, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspect } from './inspect';
import { devicePaint } from './reader/device-paint';
import { PdfDocument } from './reader/document';

const scan = (s: string): string[] => [...devicePaint(Buffer.from(s, 'latin1'))].sort();

describe('devicePaint', () => {
  it('finds k/K with four operands, and nothing in strings, names or inline images', () => {
    expect(scan('0 0 1 0 k 10 10 m')).toEqual(['DeviceCMYK']);
    expect(scan('q 0.1 .2 0 1 K Q')).toEqual(['DeviceCMYK']);
    expect(scan('(0 0 0 0 k) Tj')).toEqual([]);
    expect(scan('/F1 12 Tf 1 2 3 k')).toEqual([]);
    expect(scan('BI /W 1 ID 0 0 0 0 k EI Q')).toEqual([]);
  });

  it('finds g/G and rg/RG by their operand counts, and device spaces selected by name', () => {
    expect(scan('0.5 g 1 0 0 RG')).toEqual(['DeviceGray', 'DeviceRGB']);
    expect(scan('/DeviceRGB cs 1 0 0 sc')).toEqual(['DeviceRGB']);
    expect(scan('/CS0 cs 1 sc /G gs')).toEqual([]);
    expect(scan('BI /W 1 /H 1 /CS /G /BPC 8 ID x EI')).toEqual(['DeviceGray']);
  });

  it('reads a 4 MB run of digits as one number', () => {
    expect(devicePaint(Buffer.alloc(4_000_000, 0x31)).size).toBe(0);
  });
});

describe('inspect', () => {
  it('reports trigger events where §6.5.2 and §6.4.1 forbid them, and actions outside §6.5.1', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const ctx = pdf.context;
    const go = ctx.obj({ S: 'GoTo', D: [page.ref, 'Fit'] });
    const widget = ctx.register(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'Widget',
        Rect: [0, 0, 10, 10],
        F: 4,
        A: go,
        FT: 'Btn',
        T: PDFString.of('b'),
      }),
    );
    const link = (action: PDFDict, subtype = 'Link'): PDFRef =>
      ctx.register(ctx.obj({ Type: 'Annot', Subtype: subtype, Rect: [0, 0, 10, 10], F: 4, A: action }));
    page.node.set(
      PDFName.of('Annots'),
      ctx.obj([
        widget,
        link(ctx.obj({ S: 'Named', N: 'Print' })),
        link(ctx.obj({ S: 'Named', N: 'NextPage' })),
        link(ctx.obj({ S: 'SetState' })),
        link(ctx.obj({ S: 'URI', URI: PDFString.of('https://example.org') }), 'RichMedia'),
      ]),
    );
    page.node.set(PDFName.of('AA'), ctx.obj({ O: go }));
    pdf.catalog.set(PDFName.of('AA'), ctx.obj({ WC: go }));
    pdf.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [widget] }));
    const opened = PdfDocument.openToDraw(await pdf.save());
    if (!opened.ok) throw new Error('unreadable');
    const found = inspect(opened.doc);
    expect(found.actions.map((a) => `${a.kind} ${a.test} ${a.where}`).sort()).toEqual([
      'A 6.4.1-1 page 1 form field',
      'AA 6.5.2-1 document',
      'AA 6.5.2-2 page 1',
      'Named Print 6.5.1-2 page 1 annotation',
      'SetState 6.5.1-1 page 1 annotation',
    ]);
    expect(found.forbiddenAnnotations).toEqual(['RichMedia']);
  });
});
