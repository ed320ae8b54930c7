import type { Requirement } from './convert-bodies';
import { useI18n } from '../i18n/i18n';
import { TermLabel } from '../shared/term-label';

/** The France 2026 preflight findings of a dry run, blocking ones first. */
export function RequirementList({ requirements }: { readonly requirements: readonly Requirement[] }) {
  const { t } = useI18n();
  if (requirements.length === 0) return <p className="no-issues">{t('requirements.none')}</p>;
  const ordered = [
    ...requirements.filter((r) => r.kind === 'blocking'),
    ...requirements.filter((r) => r.kind === 'advisory'),
  ];
  return (
    <ul className="issues" data-testid="requirements">
      {ordered.map((requirement, index) => {
        const severity = requirement.kind === 'blocking' ? 'fatal' : 'warning';
        return (
          <li
            key={`${requirement.ruleId}-${index}`}
            className={`issue issue-${severity}`}
            data-testid="requirement"
            data-rule={requirement.ruleId}
            data-kind={requirement.kind}
          >
            <div className="issue-head">
              <span className={`severity severity-${severity}`}>{t(`requirement.${requirement.kind}`)}</span>
              <code className="rule-id" title={t('issue.rule')}>
                {requirement.ruleId}
              </code>
              {requirement.bt && <TermLabel term={requirement.bt} />}
            </div>
            <p className="issue-message">{requirement.message}</p>
          </li>
        );
      })}
    </ul>
  );
}
