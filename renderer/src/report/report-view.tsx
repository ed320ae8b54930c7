import type { ValidationIssue, ValidationReportBody } from '../../../core/api/validation-report';
import type { ReactNode } from 'react';
import { countsText } from '../shared/counts';
import { useI18n, type Translate } from '../i18n/i18n';

type Stage = ValidationIssue['stage'];

/** The order an accountant reads the checks in: the XML itself, then its rules, then the PDF around it. */
const stageOrder: readonly Stage[] = ['xsd', 'schematron', 'fr_ctc', 'pdfa', 'facturx_pdf'];

const knownSkipReasons = ['not_a_pdf', 'target_en16931'] as const;

function skipText(reason: string | null, t: Translate): string | null {
  const known = knownSkipReasons.find((candidate) => candidate === reason);
  return known ? t(`skip.${known}`) : reason;
}

function StageList({ report }: { readonly report: ValidationReportBody }) {
  const { lang, t } = useI18n();
  return (
    <ul className="stages" aria-label={t('report.stages')}>
      {stageOrder.map((stage) => {
        const result = report.stages[stage];
        const state = result.skipped ? 'skipped' : result.passed ? 'passed' : 'failed';
        const detail = result.skipped
          ? skipText(result.skip_reason, t)
          : countsText(t, lang, result.error_count, result.warning_count);
        return (
          <li
            key={stage}
            className={`stage stage-${state}`}
            data-testid={`stage-${stage}`}
            data-state={state}
          >
            <span className="stage-mark" aria-hidden="true" />
            <span className="stage-name">{t(`stage.${stage}`)}</span>
            <span className="stage-state">{t(`stageState.${state}`)}</span>
            {detail && <span className="stage-detail">{detail}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function IssueItem({ issue }: { readonly issue: ValidationIssue }) {
  const { t } = useI18n();
  return (
    <li className={`issue issue-${issue.severity}`} data-testid="issue" data-rule={issue.ruleId}>
      <div className="issue-head">
        <span className={`severity severity-${issue.severity}`}>{t(`severity.${issue.severity}`)}</span>
        <code className="rule-id" title={t('issue.rule')} data-testid="issue-rule">
          {issue.ruleId}
        </code>
        {issue.bt && (
          <span className="business-term" title={t('issue.term')}>
            {issue.bt}
          </span>
        )}
      </div>
      <p className="issue-message" data-testid="issue-message">
        {issue.message}
      </p>
      {issue.location && (
        <p className="issue-location">
          <span className="visually-hidden">{t('issue.location')}: </span>
          <code>{issue.location}</code>
        </p>
      )}
    </li>
  );
}

function IssueGroups({ issues }: { readonly issues: readonly ValidationIssue[] }) {
  const { t } = useI18n();
  if (issues.length === 0) return <p className="no-issues">{t('report.noIssues')}</p>;
  return stageOrder.map((stage) => {
    const found = issues.filter((issue) => issue.stage === stage);
    if (found.length === 0) return null;
    const blockers = stage === 'fr_ctc';
    return (
      <section
        key={stage}
        className={blockers ? 'issue-group blockers' : 'issue-group'}
        data-testid={`issues-${stage}`}
      >
        <h4>{blockers ? t('report.blockers') : t(`stage.${stage}`)}</h4>
        {blockers && <p className="group-hint">{t('report.blockersHint')}</p>}
        <ul className="issues">
          {found.map((issue, index) => (
            <IssueItem key={`${issue.ruleId}-${index}`} issue={issue} />
          ))}
        </ul>
      </section>
    );
  });
}

interface Props {
  readonly report: ValidationReportBody;
  /** What can be done about the findings (the repair offer), shown after them. */
  readonly children?: ReactNode;
}

/** A validation report as an accountant reads it: the verdict, each check, then the findings by check. */
export function ReportView({ report, children }: Props) {
  const { lang, t } = useI18n();
  const verdict = report.valid ? 'valid' : 'invalid';
  return (
    <div className="report" data-testid="report">
      <div className={`verdict verdict-${verdict}`} data-testid="verdict" data-valid={report.valid}>
        <span className="verdict-icon" aria-hidden="true">
          {report.valid ? '✓' : '!'}
        </span>
        <div className="verdict-text">
          <strong>{t(`report.${verdict}`)}</strong>
          <span>
            {report.profile ? t('report.profile', { profile: report.profile }) : t('report.noProfile')}
            {' · '}
            {t('report.target', { target: t(`target.${report.target}`) })}
          </span>
        </div>
        <span className="verdict-counts">
          {countsText(t, lang, report.summary.errorCount, report.summary.warningCount)}
        </span>
      </div>
      <StageList report={report} />
      <h3 className="report-heading">{t('report.issues')}</h3>
      <IssueGroups issues={report.issues} />
      {report.notes?.map((note) => (
        <p key={note} className="note">
          {note}
        </p>
      ))}
      {children}
      <p className="legal" data-testid="legal-disclaimer">
        {report.legalDisclaimer}
      </p>
    </div>
  );
}
