import { useI18n } from '../i18n/i18n';

/** A byte count as people read it: bytes below 1 KB, else kilobytes with one decimal in the UI language. */
export function FileSize({ bytes }: { readonly bytes: number }) {
  const { lang, t } = useI18n();
  if (bytes < 1024) return <>{t('size.bytes', { n: bytes })}</>;
  const kilobytes = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(bytes / 1024);
  return <>{t('size.kilobytes', { n: kilobytes })}</>;
}
