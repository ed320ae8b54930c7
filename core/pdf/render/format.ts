/**
 * Display forms of the model's exact values: decimals as written (grouped, never rounded, amounts with at
 * least two decimals) and ISO dates, in French or English conventions.
 */
import { Decimal } from '../../decimal/decimal';
import type { Lang } from '../../service/types';

/** `"1234.5"` → `1 234,50` (fr) or `1,234.50` (en); `minDigits` pads the fraction with zeros. */
export function formatDecimal(text: string | undefined, lang: Lang, minDigits = 0): string {
  if (text === undefined) return '';
  const t = text.trim();
  if (Decimal.parse(t) === null) return t;
  const negative = t.startsWith('-');
  const [intPart = '0', frac = ''] = t.replace(/^[+-]/, '').split('.');
  const digits = intPart.replace(/^0+(?=\d)/, '');
  const group = lang === 'fr' ? '\u00a0' : ',';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = frac.padEnd(minDigits, '0');
  return `${negative ? '-' : ''}${grouped}${fraction ? (lang === 'fr' ? ',' : '.') + fraction : ''}`;
}

/** An amount of the model (`{ value }`) with at least two decimals. */
export const formatAmount = (amount: { readonly value: string } | undefined, lang: Lang): string =>
  formatDecimal(amount?.value, lang, 2);

/** `YYYY-MM-DD` → `DD/MM/YYYY` (fr) or unchanged (en); anything else as it is. */
export function formatDate(iso: string | undefined, lang: Lang): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m || lang === 'en') return iso;
  return `${m[3]}/${m[2]}/${m[1]}`;
}
