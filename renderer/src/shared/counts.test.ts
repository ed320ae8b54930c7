import { describe, expect, it } from 'vitest';
import { countsText } from './counts';
import { translator } from '../i18n/i18n';

describe('countsText', () => {
  it('uses the singular for one in English and for zero and one in French', () => {
    expect(countsText(translator('en'), 'en', 1, 0)).toBe('1 error · 0 warnings');
    expect(countsText(translator('en'), 'en', 2, 1)).toBe('2 errors · 1 warning');
    expect(countsText(translator('fr'), 'fr', 0, 1)).toBe('0 erreur · 1 avertissement');
    expect(countsText(translator('fr'), 'fr', 3, 2)).toBe('3 erreurs · 2 avertissements');
  });
});
