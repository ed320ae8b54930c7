import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { langs, messages, type Lang, type MessageKey } from './messages';

export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

interface I18n {
  readonly lang: Lang;
  readonly setLang: (lang: Lang) => void;
  readonly t: Translate;
}

const storageKey = 'facturx.lang';

export function translator(lang: Lang): Translate {
  return (key, values = {}) =>
    messages[lang][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
}

/** The saved choice, else the browser's preference, else English. */
export function initialLang(storage: Pick<Storage, 'getItem'>, preferred: readonly string[]): Lang {
  const saved = storage.getItem(storageKey);
  const isLang = (value: string | null): value is Lang => langs.some((lang) => lang === value);
  if (isLang(saved)) return saved;
  const fromBrowser = preferred.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLang);
  return fromBrowser ?? 'en';
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { readonly children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(() => initialLang(localStorage, navigator.languages));
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang: (next) => {
        localStorage.setItem(storageKey, next);
        setLangState(next);
      },
      t: translator(lang),
    }),
    [lang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
