import { describe, expect, it } from 'vitest';
import type { TextSpan } from '../text/page-text';
import { withUnitGlyphs } from './unit-glyphs';

const word = (text: string, x = 0, confidence = 95): TextSpan => ({
  text,
  x,
  y: 100,
  width: text.length * 4,
  height: 8,
  confidence,
});
const read = (...words: TextSpan[]) => withUnitGlyphs(words).map((w) => w.text);

describe('withUnitGlyphs', () => {
  it('reads the "?" OCR gives for the "²" of a metre unit, and is no longer sure of the word', () => {
    expect(['m?', 'mm?', 'g/m?,', '15m?', 'cm?'].map((t) => read(word(t))[0])).toEqual([
      'm²',
      'mm²',
      'g/m²,',
      '15m²',
      'cm²',
    ]);
    expect(withUnitGlyphs([word('mm?')])[0]!.confidence).toBe(60);
    expect(withUnitGlyphs([word('mm?', 0, 40)])[0]!.confidence).toBe(40);
  });

  it('leaves a question after a word, and a word without one', () => {
    for (const text of ['Item?', 'Programm?', 'mm', '?', 'm?x']) expect(read(word(text))).toEqual([text]);
  });

  it('reads "|" a word space after a count, ending its cell, as a litre; not one inside a sentence', () => {
    expect(read(word('Wandfarbe', 0), word('10', 40), word('|', 51), word('34', 120))).toEqual([
      'Wandfarbe',
      '10',
      'l',
      '34',
    ]);
    expect(read(word('article', 0), word('262', 32), word('|', 47), word('du', 51))).toEqual([
      'article',
      '262',
      '|',
      'du',
    ]);
    expect(read(word('Farbe', 0), word('|', 40))).toEqual(['Farbe', '|']);
  });
});
