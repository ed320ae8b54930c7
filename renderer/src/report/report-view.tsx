import type { ReactNode } from 'react';
import './report.css';
import type { StageResult, ValidationIssue, ValidationReportBody } from '../../../core/api/validation-report';
import { readSide, summaryOf, type SideReading, type StageName } from '../../../core/api/verdict-sides';
import { TERM_NAMES } from '../../../core/model/terms';
import { useI18n, type Translate } from '../i18n/i18n';
import { countsText } from '../shared/counts';

const knownSkipReasons = ['not_a_pdf', 'target_en16931', 'profile_not_recognised'] as const;

function skipText(reason: string | null, t: Translate): string | null {
  const known = knownSkipReasons.find((candidate) => candidate === reason);
  return known ? t(`skip.${known}`) : reason;
}

function StageLine({ name, result }: { readonly name: StageName; readonly result: StageResult }) {
  const { lang, t } = useI18n();
  const state = result.skipped ? 'skipped' : result.passed ? 'passed' : 'failed';
  const detail = result.skipped
    ? skipText(result.skip_reason, t)
    : countsText(t, lang, result.error_count, result.warning_count);
  return (
    <li className={`stage stage-${state}`} data-testid={`stage-${name}`} data-state={state}>
      <span className="stage-mark" aria-hidden="true" />
      <span className="stage-name">{t(`stage.${name}`)}</span>
      <span className="stage-state">{t(`stageState.${state}`)}</span>
      {detail && <span className="stage-detail">{detail}</span>}
    </li>
  );
}

/** One of the two verdicts: its state, then each check it is made of. */
function VerdictCard({ verdict }: { readonly verdict: SideReading }) {
  const { lang, t } = useI18n();
  const tone = { passed: 'valid', failed: 'invalid', not_checked: 'neutral' }[verdict.state];
  return (
    <section
      className={`verdict-card verdict-${tone}`}
      data-testid={`verdict-${verdict.side}`}
      data-state={verdict.state}
      aria-label={t(`verdict.${verdict.side}`)}
    >
      <header className="verdict-card-head">
        <span className="verdict-icon" aria-hidden="true">
          {{ passed: '✓', failed: '!', not_checked: '–' }[verdict.state]}
        </span>
        <div className="verdict-text">
          <span className="verdict-side">{t(`verdict.${verdict.side}`)}</span>
          <strong>{t(`verdict.${verdict.state}`)}</strong>
        </div>
        {verdict.state !== 'not_checked' && (
          <span className="verdict-counts">{countsText(t, lang, verdict.errors, verdict.warnings)}</span>
        )}
      </header>
      {verdict.state === 'not_checked' && verdict.side === 'container' ? (
        <p className="group-hint">{t('verdict.noContainer')}</p>
      ) : (
        <ul className="stages" aria-label={t('report.stages')}>
          {verdict.stages.map(({ name, result }) => (
            <StageLine key={name} name={name} result={result} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The third verdict, apart from the target's: does the document follow the Factur-X profile it declares,
 * in the report's own words.
 */
function ProfileVerdict({
  verdict,
  statement,
}: {
  readonly verdict: SideReading;
  readonly statement: string;
}) {
  const { lang, t } = useI18n();
  const tone = { passed: 'valid', failed: 'invalid', not_checked: 'neutral' }[verdict.state];
  return (
    <section
      className={`verdict-card verdict-line verdict-${tone}`}
      data-testid="verdict-profile"
      data-state={verdict.state}
      aria-label={t('verdict.profile')}
    >
      <header className="verdict-card-head">
        <span className="verdict-icon" aria-hidden="true">
          {{ passed: '✓', failed: '!', not_checked: '–' }[verdict.state]}
        </span>
        <div className="verdict-text">
          <span className="verdict-side">{t('verdict.profile')}</span>
          <strong data-testid="profile-statement">{statement}</strong>
        </div>
        {verdict.state !== 'not_checked' && (
          <span className="verdict-counts">{countsText(t, lang, verdict.errors, verdict.warnings)}</span>
        )}
      </header>
    </section>
  );
}

interface FindingProps {
  readonly issue: ValidationIssue;
  /** The value the invoice holds for the finding's term, when known. */
  readonly value: string | undefined;
}

/** A finding in plain words: the term it is about, what the rule says, the value found, what to do. */
function Finding({ issue, value }: FindingProps) {
  const { lang, t } = useI18n();
  const term = issue.bt ? TERM_NAMES[issue.bt]?.[lang] : undefined;
  const stage = issue.stage as StageName;
  return (
    <li
      className={`issue issue-${issue.severity}`}
      data-testid="issue"
      data-rule={issue.ruleId}
      data-bt={issue.bt ?? undefined}
    >
      <div className="issue-head">
        <span className={`severity severity-${issue.severity}`}>{t(`severity.${issue.severity}`)}</span>
        <strong className="issue-term">{term ?? t('finding.general')}</strong>
      </div>
      <p className="issue-message" data-testid="issue-message">
        {issue.message}
      </p>
      {value !== undefined && (
        <p className="issue-value" data-testid="issue-value">
          {t('finding.value', { value })}
        </p>
      )}
      <p className="issue-action">
        {issue.severity === 'warning' ? t('finding.recommendation') : t(`action.${stage}`)}
      </p>
      <p className="issue-detail">
        <span title={t('issue.rule')} data-testid="issue-rule">
          {issue.ruleId}
        </span>
        {issue.bt && <span title={t('issue.term')}>{issue.bt}</span>}
        {issue.location && (
          <span className="issue-location">
            <span className="visually-hidden">{t('issue.location')}: </span>
            <code>{issue.location}</code>
          </span>
        )}
      </p>
    </li>
  );
}

function Findings({
  verdict,
  values,
}: {
  readonly verdict: SideReading;
  readonly values: Readonly<Record<string, string>>;
}) {
  const { t } = useI18n();
  if (verdict.issues.length === 0) return null;
  return (
    <section className="findings" data-testid={`findings-${verdict.side}`}>
      <h4>{t(`findings.${verdict.side}`)}</h4>
      {verdict.stages.map(({ name }) => {
        const found = verdict.issues.filter((issue) => issue.stage === name);
        if (found.length === 0) return null;
        const blockers = name === 'fr_ctc';
        return (
          <section
            key={name}
            className={blockers ? 'issue-group blockers' : 'issue-group'}
            data-testid={`issues-${name}`}
          >
            <h5>{blockers ? t('report.blockers') : t(`stage.${name}`)}</h5>
            {blockers && <p className="group-hint">{t('report.blockersHint')}</p>}
            <ul className="issues">
              {found.map((issue, index) => (
                <Finding
                  key={`${issue.ruleId}-${index}`}
                  issue={issue}
                  value={issue.bt ? values[issue.bt] : undefined}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

interface Props {
  readonly report: ValidationReportBody;
  /** The invoice's values by business term (`BT-112` → `"1234.50"`), to say which value a finding is about. */
  readonly values?: Readonly<Record<string, string>>;
  /** What can be done about the findings (the repair offer), shown after them. */
  readonly children?: ReactNode;
}

/**
 * A validation report as an accountant reads it: two verdicts side by side, the invoice data and the PDF
 * container, a sentence saying what they mean together, then what to correct on each side.
 */
export function ReportView({ report, values = {}, children }: Props) {
  const { lang, t } = useI18n();
  const data = readSide(report, 'data');
  const container = readSide(report, 'container');
  const profile = readSide(report, 'profile');
  const summary = summaryOf(data, container);
  const target = t(`target.${report.target}`);
  return (
    <div className="report" data-testid="report">
      <div
        className={`verdict verdict-${report.valid ? 'valid' : 'invalid'}`}
        data-testid="verdict"
        data-valid={report.valid}
      >
        <div className="verdict-text">
          <strong>{t(report.valid ? 'report.valid' : 'report.invalid')}</strong>
          <span>
            {report.profile ? t('report.profile', { profile: report.profile }) : t('report.noProfile')}
            {' · '}
            {t('report.target', { target })}
          </span>
        </div>
        <span className="verdict-counts">
          {countsText(t, lang, report.summary.errorCount, report.summary.warningCount)}
        </span>
        <p className="verdict-summary" data-testid="verdict-summary">
          {t(`summary.data.${summary.data}`, { target })}
          {summary.container !== 'none' && <> {t(`summary.container.${summary.container}`)}</>}
        </p>
      </div>
      <div className="verdicts">
        <VerdictCard verdict={data} />
        <VerdictCard verdict={container} />
      </div>
      <ProfileVerdict verdict={profile} statement={report.profileConformance.statement} />
      {report.issues.length === 0 && profile.issues.length === 0 ? (
        <p className="no-issues">{t('report.noIssues')}</p>
      ) : (
        <>
          <Findings verdict={data} values={values} />
          <Findings verdict={container} values={values} />
          <Findings verdict={profile} values={values} />
        </>
      )}
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
