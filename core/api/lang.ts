/**
 * The two languages of every message the service writes, and how a request chooses one: the `lang`
 * query parameter first, then the Accept-Language header, then English.
 */
export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** A text in both languages; the service picks one per request. */
export interface LocalizedText {
  readonly en: string;
  readonly fr: string;
}

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'fr';

/** The preferred supported language of an Accept-Language header (quality values honoured), or null. */
export function langOfAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null;
  let best: { lang: Lang; quality: number } | null = null;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLang(primary)) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (Number.isFinite(quality) && quality > 0 && (!best || quality > best.quality)) {
      best = { lang: primary, quality };
    }
  }
  return best?.lang ?? null;
}

/** `lang` query value when it names a supported language, else the Accept-Language choice, else English. */
export function chooseLang(queryLang: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(queryLang)) return queryLang;
  return langOfAcceptLanguage(acceptLanguage) ?? 'en';
}

/** A text with its `{name}` placeholders replaced by `values` (the same values in both languages). */
export function fillText(
  text: LocalizedText,
  values: Readonly<Record<string, string | number>>,
): LocalizedText {
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  return { en: fill(text.en), fr: fill(text.fr) };
}
