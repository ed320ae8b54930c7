/**
 * A packaging refusal is read by an accountant: it says what is wrong with the PDF in plain words, with
 * neither the PDF's inner vocabulary nor the clause numbers of ISO 19005 (those belong to the check's
 * findings, whose location line carries them).
 */
import { describe, expect, it } from 'vitest';
import { technicalWordsIn } from '../testing/plain-words';
import { PACKAGING_REFUSALS, packagingText, type PackagingRefusal } from './packaging-messages';

const PDF_VOCABULARY = /\b(?:trailer|catalog(?:ue)?|XFA|ICC|OutputIntent|Device(?:RGB|CMYK|Gray))\b|§/gi;

describe('packaging refusals in plain words', () => {
  const reasons = Object.keys(PACKAGING_REFUSALS) as PackagingRefusal[];

  it.each(reasons)('%s says it without the PDF’s inner words, in English and French', (reason) => {
    const text = packagingText(reason, 'Link');
    for (const lang of ['en', 'fr'] as const) {
      expect(technicalWordsIn(text[lang]), `${reason} (${lang}): ${text[lang]}`).toEqual([]);
      expect(text[lang].match(PDF_VOCABULARY) ?? [], `${reason} (${lang}): ${text[lang]}`).toEqual([]);
    }
  });

  it('quotes what the source held where the reason names it', () => {
    expect(packagingText('action', 'Launch').en).toContain('(Launch)');
    expect(packagingText('action', 'Launch').fr).toContain('(Launch)');
  });
});
