import { useI18n } from '../i18n/i18n';

import type { Translate } from '../i18n/i18n';
import type { Lang } from '../i18n/messages';

/** A byte count as people read it: bytes below 1 KB, kilobytes below 1 MB, else megabytes; one decimal. */
export function formatSize(bytes: number, lang: Lang, t: Translate): string {
  if (bytes < 1024) return t('size.bytes', { n: bytes });
  const format = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return t('size.kilobytes', { n: format(bytes / 1024) });
  return t('size.megabytes', { n: format(bytes / 1024 / 1024) });
}

export function FileSize({ bytes }: { readonly bytes: number }) {
  const { lang, t } = useI18n();
  return <>{formatSize(bytes, lang, t)}</>;
}
