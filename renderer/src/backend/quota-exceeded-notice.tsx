import type { Quota } from './backend';
import { useI18n } from '../i18n/i18n';

interface Props {
  readonly quota: Quota & { readonly exceeded: NonNullable<Quota['exceeded']> };
  /** The backend's origin, against which its relative links (`/pricing`) are read. */
  readonly origin: string;
}

/** The link as the browser would follow it, or null when the backend sent something that is no address. */
function linkOf(href: string, origin: string): string | null {
  try {
    const url = new URL(href, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A 402 `quota_exceeded`: the plan, its quota and period, and the next steps the backend offers. */
export function QuotaExceededNotice({ quota, origin }: Props) {
  const { lang, t } = useI18n();
  const { periodStart, nextSteps } = quota.exceeded;
  const since = periodStart === undefined ? Number.NaN : Date.parse(periodStart);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  const links = nextSteps.flatMap((step) => {
    const href = linkOf(step.href, origin);
    return href ? [{ ...step, href }] : [];
  });
  return (
    <section className="notice quota-exceeded" role="alert" data-testid="quota-exceeded">
      <h2>{t('quota.title')}</h2>
      <p>
        {quota.plan && <span data-testid="quota-plan">{t('backend.quotaPlan', { plan: quota.plan })}</span>}
        {quota.limit !== undefined && (
          <span data-testid="quota-limit">
            {quota.plan && ' · '}
            {t('quota.limit', { limit: quota.limit })}
          </span>
        )}
        {!Number.isNaN(since) && (
          <span data-testid="quota-period">
            {' · '}
            {t('quota.period', { date: date.format(since) })}
          </span>
        )}
      </p>
      {links.length > 0 && (
        <ul className="next-steps">
          {links.map((step) => (
            <li key={`${step.action}-${step.href}`}>
              <a
                className="button secondary"
                href={step.href}
                target="_blank"
                rel="noreferrer"
                data-action={step.action}
              >
                {step.label}
              </a>
              {step.description && <small className="field-hint">{step.description}</small>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
