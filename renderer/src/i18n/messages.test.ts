import { describe, expect, it } from 'vitest';
import { initialLang, translator } from './i18n';
import { messages } from './messages';

describe('i18n table', () => {
  const english = Object.keys(messages.en).sort();

  it('gives French exactly the English keys', () => {
    expect(Object.keys(messages.fr).sort()).toEqual(english);
  });

  it.each(Object.entries(messages))('leaves no %s text empty', (_lang, table) => {
    const empty = Object.entries(table).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const mismatched = english.filter((key) => {
      const k = key as keyof typeof messages.en;
      return placeholders(messages.en[k]).join() !== placeholders(messages.fr[k]).join();
    });
    expect(mismatched).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translator('fr')('drop.rejected', { name: 'a.txt' })).toBe(
      'a.txt : seuls les fichiers PDF, XML et JSON sont acceptés.',
    );
    expect(translator('en')('answer.status')).toBe('HTTP {status}');
  });

  it('starts in the saved language, else the browser one, else English', () => {
    const stored = (value: string | null) => ({ getItem: () => value });
    expect(initialLang(stored('fr'), ['en-GB'])).toBe('fr');
    expect(initialLang(stored(null), ['fr-FR', 'en'])).toBe('fr');
    expect(initialLang(stored('de'), ['de-DE'])).toBe('en');
  });
});
