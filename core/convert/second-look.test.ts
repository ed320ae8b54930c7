import { describe, expect, it } from 'vitest';
import type { FieldExtraction } from '../fields/extraction';
import type { Reread } from '../ocr/reread';
import { groupLines } from '../text/lines';
import type { Box, DocumentText, TextSpan } from '../text/page-text';
import { doubtfulPlaces, patched, readWithSecondLook, totalsDisagree, type ReadFields } from './second-look';

const word = (text: string, x: number, y: number, confidence: number): TextSpan => ({
  text,
  x,
  y,
  width: text.length * 6,
  height: 10,
  confidence,
});

const scan = (spans: TextSpan[]): DocumentText => ({
  source: 'ocr',
  pages: [{ number: 1, width: 595, height: 842, lines: groupLines(spans) }],
  confidence: 90,
});

const totalLine: Box = { x: 40, y: 100, width: 200, height: 12 };

/** A reader that reads BT-112 from the word after "TTC", sure as that word. */
const reader: ReadFields = (text) => {
  const spans = text.pages[0]!.lines.flatMap((l) => l.spans);
  const at = spans.findIndex((s) => s.text === 'TTC');
  const value = spans[at + 1];
  const extraction: FieldExtraction = {
    invoice: value ? { totals: { grandTotal: { value: value.text.replace(',', '.') } } } : {},
    evidence: value
      ? {
          'BT-112': {
            page: 1,
            box: totalLine,
            text: value.text,
            confidence: (value.confidence ?? 100) / 100,
            source: 'ocr',
          },
        }
      : {},
    language: null,
  };
  return extraction;
};

describe('second look at a scan', () => {
  const page = scan([word('Total', 40, 101, 95), word('TTC', 80, 101, 95), word('1 284,56', 110, 101, 52)]);
  const strip: Reread = async () =>
    groupLines([word('Total', 40, 101, 96), word('TTC', 80, 101, 96), word('1 234,56', 110, 101, 93)]);

  it('finds the term whose figures OCR doubted, and not one read surely', () => {
    expect(doubtfulPlaces(page, reader(page, {}) as FieldExtraction)).toEqual([
      { page: 1, box: totalLine, total: true },
    ]);
    const sure = scan([word('Total', 40, 101, 95), word('TTC', 80, 101, 95), word('1 234,56', 110, 101, 93)]);
    expect(doubtfulPlaces(sure, reader(sure, {}) as FieldExtraction)).toEqual([]);
  });

  it('replaces the words of the box only with a surer reading', async () => {
    const better = patched(
      page,
      1,
      totalLine,
      (await strip(1, totalLine)).flatMap((l) => l.spans),
    );
    expect(better.pages[0]!.lines[0]!.text).toBe('Total TTC 1 234,56');
    const worse = patched(page, 1, totalLine, [word('1 2B4,5G', 110, 101, 20)]);
    expect(worse).toBe(page);
  });

  it('reads the fields again from the corrected text when the reader did not ask itself', async () => {
    const read = await readWithSecondLook(page, reader, strip);
    expect(read.invoice.totals?.grandTotal?.value).toBe('1 234.56');
    expect(read.evidence['BT-112']?.confidence).toBe(0.93);
  });

  it('leaves it to the reader when the reader asked for strips itself', async () => {
    let asked = 0;
    const asking: ReadFields = async (text, { reread }) => {
      await reread?.(1, totalLine);
      asked += 1;
      return reader(text, {});
    };
    const read = await readWithSecondLook(page, asking, strip);
    expect(asked).toBe(1);
    expect(read.invoice.totals?.grandTotal?.value).toBe('1 284.56');
  });

  it('tells totals that do not add up', () => {
    const totals = (net: string, vat: string, gross: string): FieldExtraction => ({
      invoice: {
        totals: { taxBasisTotal: { value: net }, taxTotals: [{ value: vat }], grandTotal: { value: gross } },
      },
      evidence: {},
      language: null,
    });
    expect(totalsDisagree(totals('100.00', '20.00', '120.00'))).toBe(false);
    expect(totalsDisagree(totals('100.00', '20.00', '126.00'))).toBe(true);
  });
});
