import { useI18n } from '../i18n/i18n';
import { formatSize } from '../shared/file-size';
import type { Refusal } from './file-refusal';

/** The files of the last drop that were not sent, each with why, in plain words. */
export function RefusalNotices({ refusals }: { readonly refusals: readonly Refusal[] }) {
  const { lang, t } = useI18n();
  const text = (refusal: Refusal): string =>
    refusal.reason === 'too_large'
      ? t('drop.tooLarge', {
          name: refusal.name,
          size: formatSize(refusal.size, lang, t),
          limit: formatSize(refusal.limit, lang, t),
        })
      : t(refusal.reason === 'kind' ? 'drop.rejected' : 'drop.empty', { name: refusal.name });
  return refusals.map((refusal) => (
    <p key={refusal.name} className="notice" role="alert">
      {text(refusal)}
    </p>
  ));
}
