import type { Translate } from '../i18n/i18n';
import type { Lang } from '../i18n/messages';

/** "1 error · 3 warnings", with each noun in the plural form the language uses for its number. */
export function countsText(t: Translate, lang: Lang, errors: number, warnings: number): string {
  const rules = new Intl.PluralRules(lang);
  const form = (n: number) => (rules.select(n) === 'one' ? 'one' : 'other');
  return `${t(`count.errors.${form(errors)}`, { n: errors })} · ${t(`count.warnings.${form(warnings)}`, { n: warnings })}`;
}
