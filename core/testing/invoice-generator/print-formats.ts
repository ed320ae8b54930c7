/**
 * How amounts, quantities and dates are printed on real invoices: digit grouping and decimal mark
 * (1.234,56 · 1 234,56 · 1,234.56 · 1'234.56), the currency as a code or a sign before or after, and
 * dates as 31.12.2025, 31/12/2025, 2025-12-31, 31 décembre 2025, December 31, 2025 or 31 Dec 2025.
 */
import { Decimal } from '../../decimal/decimal';
import type { Language } from './vocabulary';

export interface NumberStyle {
  /** Between groups of three digits ('' for none). */
  readonly group: string;
  readonly decimal: ',' | '.';
}

export interface MoneyStyle {
  readonly number: NumberStyle;
  /** The currency as printed beside an amount ('' for a bare number). */
  readonly mark: string;
  readonly placement: 'before' | 'after';
}

export function formatNumber(value: Decimal, scale: number, style: NumberStyle): string {
  const fixed = value.toFixed(scale);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, style.group);
  return (negative ? '-' : '') + grouped + (fraction !== undefined ? style.decimal + fraction : '');
}

/** A quantity as printed: no decimals when whole, else as many as it has (at least `minScale`). */
export function formatQuantity(value: Decimal, style: NumberStyle, minScale = 0): string {
  const scale = Math.max(minScale, value.normalized().scale);
  return formatNumber(value, scale, style);
}

export function formatMoney(value: Decimal, style: MoneyStyle, scale = 2): string {
  const text = formatNumber(value, scale, style.number);
  if (style.mark === '') return text;
  if (style.placement === 'after') return `${text} ${style.mark}`;
  // A sign mark sticks to the figures ('-£12.00', '$1,200.00'); a code keeps its space ('EUR -12,00').
  if (style.mark.length === 1 && style.mark !== '€') {
    return text.startsWith('-') ? `-${style.mark}${text.slice(1)}` : `${style.mark}${text}`;
  }
  return `${style.mark} ${text}`;
}

export type DateStyle = 'dmy-dot' | 'dmy-slash' | 'iso' | 'long' | 'short-month' | 'dmy-dot-short';

const MONTHS: Readonly<Record<Language, readonly string[]>> = {
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** Abbreviated month names as printed ('Dez.', 'déc.', 'Dec'): short names stay whole ('Mai', 'mai'). */
function shortMonth(language: Language, month: number): string {
  const name = MONTHS[language][month]!;
  if (language === 'en') return name.slice(0, 3);
  if (name.length <= 4) return name;
  const cut = language === 'fr' && /^(juillet|juin)$/.test(name) ? name.slice(0, 4) : name.slice(0, 3);
  return `${cut}.`;
}

/**
 * A date printed in a style; `american` prints English long dates month first ('December 31, 2025'),
 * else day first ('31 December 2025').
 */
export function formatDate(iso: string, style: DateStyle, language: Language, american = false): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  switch (style) {
    case 'dmy-dot':
      return `${dd}.${mm}.${y}`;
    case 'dmy-dot-short':
      return `${dd}.${mm}.${String(y).slice(2)}`;
    case 'dmy-slash':
      return `${dd}/${mm}/${y}`;
    case 'iso':
      return iso;
    case 'long': {
      const month = MONTHS[language][m - 1]!;
      if (language === 'de') return `${d}. ${month} ${y}`;
      if (language === 'fr') return `${d === 1 ? '1er' : d} ${month} ${y}`;
      return american ? `${month} ${d}, ${y}` : `${d} ${month} ${y}`;
    }
    case 'short-month': {
      const month = shortMonth(language, m - 1);
      if (language === 'de') return `${d}. ${month} ${y}`;
      return american ? `${month} ${d}, ${y}` : `${d} ${month} ${y}`;
    }
  }
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A rate as printed: '19 %', '19%', '19,0 %', '5,5 %', '20.00%'. */
export function formatRate(
  rate: Decimal,
  style: NumberStyle,
  scale: number | 'natural',
  space: boolean,
): string {
  const text =
    scale === 'natural' ? formatQuantity(rate, style) : formatNumber(rate, Math.max(scale, 0), style);
  return `${text}${space ? ' ' : ''}%`;
}

export const percentOf = (value: Decimal, percent: Decimal): Decimal =>
  value.times(percent).dividedBy(Decimal.of(100), 2, 'half-away')!;
