import type { BackendKind, Quota } from '../backend/backend';
import { useI18n } from '../i18n/i18n';

/** Which backend answers (offline core, this server or a hosted API) and the quota it last reported. */
export function BackendIndicator({ kind, quota }: { readonly kind: BackendKind; readonly quota?: Quota }) {
  const { t } = useI18n();
  const name = kind.type === 'offline' ? t('backend.offline') : t(`backend.${kind.type}`);
  return (
    <div className={`backend backend-${kind.type}`} data-testid="backend-indicator">
      <span className="backend-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('backend.label')}: </span>
      <span className="backend-name">{name}</span>
      {kind.type !== 'offline' && <span className="backend-origin">{new URL(kind.origin).host}</span>}
      {quota?.remaining !== undefined && (
        <span className="backend-quota" data-testid="backend-quota">
          {t('backend.quota', { remaining: quota.remaining })}
          {quota.plan && ` · ${t('backend.quotaPlan', { plan: quota.plan })}`}
        </span>
      )}
    </div>
  );
}
