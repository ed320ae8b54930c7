import type { ConvertBody } from './convert-bodies';
import { useI18n } from '../i18n/i18n';

const tones = {
  verified: 'valid',
  incomplete: 'partial',
  failed: 'invalid',
  blocked: 'invalid',
  not_run: 'partial',
  not_evaluated: 'partial',
} as const;

/** The executable verdict of a convert answer: the target status and the France 2026 readiness. */
export function ReadinessVerdict({ body, testId }: { readonly body: ConvertBody; readonly testId: string }) {
  const { t } = useI18n();
  const status = body.target.status;
  const frCtc = body.validationReadiness.frCtc;
  const requested = body.target.requested === 'france_2026' ? 'france_2026' : 'en16931';
  return (
    <div className={`verdict verdict-${tones[status]}`} data-testid={testId} data-status={status}>
      <span className="verdict-icon" aria-hidden="true">
        {status === 'verified' ? '✓' : '!'}
      </span>
      <div className="verdict-text">
        <strong>{t(`targetStatus.${status}`)}</strong>
        <span>
          {t('report.target', { target: t(`target.${requested}`) })}
          {requested === 'france_2026' && (
            <>
              {' · '}
              <span data-testid="fr-ctc-status" data-status={frCtc.status}>
                {t('convert.frCtc', { status: t(`frCtcStatus.${frCtc.status}`) })}
              </span>
            </>
          )}
        </span>
        {frCtc.advisories.length > 0 && (
          <span className="advisories" data-testid="advisories" title={frCtc.advisories.join(', ')}>
            {t('convert.advisories', { n: frCtc.advisories.length })}
          </span>
        )}
      </div>
    </div>
  );
}
