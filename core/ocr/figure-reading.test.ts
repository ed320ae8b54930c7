import { describe, expect, it } from 'vitest';
import { groupLines } from '../text/lines';
import type { TextPage, TextSpan } from '../text/page-text';
import { doubtfulFigures, settle } from './figure-reading';
import { ocrPdf, OCR_LANGS } from './ocr-pdf';
import { scanPdf } from './scan-fixture';
import type { OcrWord } from './tesseract-engine';

const span = (text: string, x: number, width: number, confidence = 95): TextSpan => ({
  text,
  x,
  y: 100,
  width,
  height: 8,
  confidence,
});

const page = (spans: TextSpan[]): TextPage => ({
  number: 1,
  width: 595,
  height: 842,
  lines: groupLines(spans),
});

const word = (text: string, confidence = 92): OcrWord => ({ text, x0: 0, y0: 0, x1: 10, y1: 10, confidence });

describe('doubtfulFigures', () => {
  it('takes a figure and two digits just after it, and a figure read unsure, in a table row', () => {
    const row = [
      span('Copper', 60, 30),
      span('pipe', 94, 18),
      span('214', 300, 14),
      span('m', 318, 6),
      span('4.', 400, 8),
      span('99', 412, 9),
      span('1,067', 460, 24),
      span('86', 489, 9),
      span('355', 530, 14, 42),
      span('55%', 560, 14),
      span('55', 580, 9),
      span('%', 590, 5),
    ];
    const doubts = doubtfulFigures(page(row)).map((d) => d.spans.map((s) => s.text).join(' '));
    expect(doubts).toEqual(['4. 99', '1,067 86', '355', '55%', '55 %']);
  });

  it('takes a count run into its unit read unsure as letters ("OU" for "9U"), not one read sure', () => {
    const row = [
      span('Livre', 60, 30),
      span('OU', 300, 14, 76),
      span('lu', 330, 10, 60),
      span('27,62', 400, 24),
      span('248,58', 480, 30),
    ];
    expect(doubtfulFigures(page(row)).map((d) => d.spans[0]!.text)).toEqual(['OU', 'lu']);
    const sure = [
      span('Livre', 60, 30),
      span('OU', 300, 14, 95),
      span('27,62', 400, 24),
      span('248,58', 480, 30),
    ];
    expect(doubtfulFigures(page(sure))).toEqual([]);
  });

  it('leaves two figures a column apart, a figure that has its decimals, and a line of words', () => {
    const row = [span('2', 300, 5), span('44', 400, 9), span('4.99', 440, 18), span('12', 470, 9)];
    expect(doubtfulFigures(page(row))).toEqual([]);
    expect(doubtfulFigures(page([span('Unit', 60, 18), span('30,', 80, 12), span('12', 95, 9)]))).toEqual([]);
  });

  it('takes a figure cut at its thousands separators on any line, and no telephone number', () => {
    const totals = [
      span('Summe', 378, 25),
      span('brutto:', 405, 30),
      span('-243.', 480, 19),
      span('395,94', 501, 27),
      span('EUR', 533, 16),
    ];
    const net = [
      span('Summe', 378, 25),
      span('Positionen:', 405, 50),
      span('-204.', 480, 19),
      span('675,', 501, 16),
      span('67', 519, 9),
      span('EUR', 533, 16),
    ];
    const doubts = (spans: TextSpan[]) =>
      doubtfulFigures(page(spans)).map((d) => d.spans.map((s) => s.text).join(' '));
    expect(doubts(totals)).toEqual(['-243. 395,94']);
    expect(doubts(net)).toEqual(['-204. 675, 67']);
    // No group follows a separator: a telephone number.
    expect(
      doubts([span('Tel.', 60, 14), span('0755', 80, 18), span('123', 101, 14), span('456', 118, 14)]),
    ).toEqual([]);
  });

  it('takes a sum read with no separator before its currency in a table row', () => {
    const row = [
      span('Location', 136, 33),
      span('13,5', 316, 16),
      span('jours', 335, 20),
      span('207,00', 382, 26),
      span('€', 411, 5),
      span('279450', 495, 30),
      span('€', 532, 5),
    ];
    expect(doubtfulFigures(page(row)).map((d) => d.spans.map((s) => s.text).join(' '))).toEqual(['279450']);
    const doubt = doubtfulFigures(page(row))[0]!;
    // Read again closer with its separators: the digits kept, the amount taken.
    expect(settle(doubt, [word('2'), word('794,50')])).toEqual({ text: '2794,50', confidence: 92 });
  });
});

describe('settle', () => {
  const split = {
    spans: [span('759', 400, 14), span('17', 419, 9)],
    box: { x: 400, y: 100, width: 28, height: 8 },
  };
  const unsure = { spans: [span('355', 400, 14, 42)], box: { x: 400, y: 100, width: 14, height: 8 } };

  it('joins the halves of a split figure when the closer reading shows its separator and keeps its digits', () => {
    expect(settle(split, [word('759.17')])).toEqual({ text: '759.17', confidence: 92 });
    expect(settle(split, [word('759,'), word('17', 88)])).toEqual({ text: '759,17', confidence: 88 });
    expect(settle(split, [word('759'), word('17')])).toBeNull();
    expect(settle(split, [word('789.17')])).toBeNull();
    expect(settle(split, [word('759.17', 50)])).toBeNull();
  });

  it('gives a rate the separator the closer reading sees, and nothing else', () => {
    const rate = { spans: [span('55%', 400, 14)], box: { x: 400, y: 100, width: 14, height: 8 } };
    expect(settle(rate, [word('5,5%')])).toEqual({ text: '5,5%', confidence: 92 });
    expect(settle(rate, [word('55%', 96)])).toBeNull();
    expect(settle(rate, [word('5,8%', 96)])).toBeNull();
    const apart = {
      spans: [span('55', 400, 9), span('%', 412, 5)],
      box: { x: 400, y: 100, width: 17, height: 8 },
    };
    expect(settle(apart, [word('5,5'), word('%')])).toEqual({ text: '5,5%', confidence: 92 });
  });

  it('gives a count read as letters the digits the closer reading sees, before the same unit', () => {
    const count = { spans: [span('OU', 300, 14, 76)], box: { x: 300, y: 100, width: 14, height: 8 } };
    expect(settle(count, [word('9U', 86)])).toEqual({ text: '9U', confidence: 86 });
    expect(settle(count, [word('9'), word('U')])).toEqual({ text: '9 U', confidence: 92 });
    expect(settle(count, [word('OU', 90)])).toBeNull();
    expect(settle(count, [word('9m', 90)])).toBeNull();
    expect(settle(count, [word('9U', 60)])).toBeNull();
  });

  it('joins a split figure read unsure when both readings give its digits', () => {
    expect(settle(split, [word('759,', 71), word('17', 71)])).toEqual({ text: '759,17', confidence: 71 });
  });

  it('replaces a doubtful figure only by a figure read surer', () => {
    expect(settle(unsure, [word('35.5', 90)])).toEqual({ text: '35.5', confidence: 90 });
    expect(settle(unsure, [word('35.5', 48)])).toBeNull();
    expect(settle(unsure, [word('355h', 90)])).toBeNull();
    expect(settle(unsure, [word('35'), word('5')])).toBeNull();
  });
});

describe('ocrPdf and split figures', () => {
  it('reads a figure whose point stands a digit wide apart as one amount', { timeout: 60_000 }, async () => {
    // Tabular figures: the point set in a digit's width, as monospaced invoice print has it (200 dpi, 28 px type).
    const placed = [
      { text: 'Copper pipe', x: 150, y: 600, size: 28 },
      { text: '214', x: 700, y: 600, size: 28 },
      { text: '759', x: 1000, y: 600, size: 28 },
      { text: '.', x: 1052, y: 600, size: 28 },
      { text: '17', x: 1075, y: 600, size: 28 },
      { text: '1,067', x: 1300, y: 600, size: 28 },
      { text: '.', x: 1370, y: 600, size: 28 },
      { text: '86', x: 1393, y: 600, size: 28 },
    ];
    const r = await ocrPdf(await scanPdf(undefined, 'png', { placed }), { langs: OCR_LANGS });
    if (!r.ok) throw new Error(r.error.message);
    const words = r.text.pages[0]!.lines.flatMap((l) => l.spans.map((s) => s.text));
    expect(words).toContain('759.17');
    expect(words).toContain('1,067.86');
  });
});
