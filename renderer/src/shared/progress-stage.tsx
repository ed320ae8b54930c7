import type { ConvertProgress } from '../../../core/api/convert-progress';
import { useI18n } from '../i18n/i18n';

/** Where a convert under way is, in words; OCR also as a bar of pages. */
export function ProgressStage({ progress }: { readonly progress: ConvertProgress }) {
  const { t } = useI18n();
  if (progress.stage !== 'ocr') return <>{t(`queue.progress.${progress.stage}`)}</>;
  const words = t('queue.progress.ocr', { page: progress.page, pages: progress.pages });
  return (
    <>
      {words}{' '}
      <progress
        className="queue-progress"
        value={progress.page - 1}
        max={progress.pages}
        aria-label={words}
      />
    </>
  );
}
