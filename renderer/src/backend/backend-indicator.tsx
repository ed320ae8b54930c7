import type { BackendKind, Quota } from './backend';
import { useI18n } from '../i18n/i18n';

/**
 * Which backend answers (offline core, this server or a hosted API) and, for an API, the monthly quota it
 * last reported. The offline core is unlimited and shows none.
 */
export function BackendIndicator({ kind, quota }: { readonly kind: BackendKind; readonly quota?: Quota }) {
  const { t } = useI18n();
  const name = kind.type === 'offline' ? t('backend.offline') : t(`backend.${kind.type}`);
  const shown = kind.type === 'offline' ? undefined : quota;
  return (
    <div className={`backend backend-${kind.type}`} data-testid="backend-indicator">
      <span className="backend-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('backend.label')}: </span>
      <span className="backend-name">{name}</span>
      {kind.type !== 'offline' && <span className="backend-origin">{new URL(kind.origin).host}</span>}
      {shown && (shown.remaining !== undefined || shown.plan) && (
        <span
          className={shown.exceeded ? 'backend-quota backend-quota-exceeded' : 'backend-quota'}
          data-testid="backend-quota"
        >
          {shown.remaining !== undefined &&
            (shown.limit === undefined
              ? t('backend.quota', { remaining: shown.remaining })
              : t('backend.quotaOf', { remaining: shown.remaining, limit: shown.limit }))}
          {shown.remaining !== undefined && shown.plan && ' · '}
          {shown.plan && t('backend.quotaPlan', { plan: shown.plan })}
        </span>
      )}
    </div>
  );
}
