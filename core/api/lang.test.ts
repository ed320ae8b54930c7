import { describe, expect, it } from 'vitest';
import { chooseLang, fillText, langOfAcceptLanguage } from './lang';

describe('request language', () => {
  it('prefers the lang query, then Accept-Language by quality, then English', () => {
    expect(chooseLang('fr', 'en')).toBe('fr');
    expect(chooseLang('de', 'fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(chooseLang(undefined, 'de-DE, en;q=0.5, fr;q=0.7')).toBe('fr');
    expect(chooseLang(undefined, 'de, es')).toBe('en');
    expect(chooseLang(undefined, undefined)).toBe('en');
    expect(langOfAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en');
  });
});

describe('fillText', () => {
  it('replaces named placeholders in both languages and leaves unknown ones as they are', () => {
    const text = { en: 'line {line}, column {column} {other}', fr: 'ligne {line}, colonne {column}' };
    expect(fillText(text, { line: 3, column: 'x' })).toEqual({
      en: 'line 3, column x {other}',
      fr: 'ligne 3, colonne x',
    });
  });
});
