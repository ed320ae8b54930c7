import { useI18n } from '../i18n/i18n';

/** A 202 convert answer: accepted and still processing, so no deliverable yet, only the job id. */
export function AcceptedJobView({ jobId }: { readonly jobId: string }) {
  const { t } = useI18n();
  return (
    <div className="convert-result" data-testid="convert-accepted">
      <p className="outcome outcome-incomplete">
        <strong>{t('convert.accepted')}</strong> ·{' '}
        <code data-testid="job-id" data-job-id={jobId}>
          {t('convert.jobId', { jobId })}
        </code>
      </p>
      <p className="group-hint">{t('convert.acceptedHint')}</p>
    </div>
  );
}
