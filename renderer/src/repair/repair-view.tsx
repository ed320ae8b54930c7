import type { ReactNode } from 'react';
import type { RepairBody } from '../backend/answer-bodies';
import { useI18n } from '../i18n/i18n';
import { downloadBase64, xmlFilename } from '../shared/download';

const undoneReasons = [
  'max_changes_allowed',
  'do_not_modify_amounts',
  'do_not_invent_missing_parties',
  'not_certain',
] as const;

type RepairOutcome = 'successful' | 'partial' | 'unchanged';

function outcomeOf(repair: RepairBody): RepairOutcome {
  if (repair.repairSuccessful) return 'successful';
  return repair.diff_summary.length > 0 ? 'partial' : 'unchanged';
}

/** How each outcome looks: a partial repair is progress, not a failure. */
const bannerTone = { successful: 'valid', partial: 'partial', unchanged: 'invalid' } as const;
const answerTone = { successful: 'success', partial: 'partial', unchanged: 'failure' } as const;

/** The tone of the repair's answer as a whole. */
export const repairTone = (repair: RepairBody) => answerTone[outcomeOf(repair)];

function Value({ value }: { readonly value: string | null }) {
  const { t } = useI18n();
  return value === null || value === '' ? (
    <em className="value-empty">{t('repair.empty')}</em>
  ) : (
    <code>{value}</code>
  );
}

interface RowProps {
  readonly testId: string;
  readonly rule: string;
  readonly path: string;
  readonly message: string;
  /** Beside the rule reference: the values changed, or why nothing was changed. */
  readonly children: ReactNode;
}

function ChangeRow({ testId, rule, path, message, children }: RowProps) {
  return (
    <li className="change" data-testid={testId} data-rule={rule}>
      <div className="issue-head">
        <code className="rule-id">{rule}</code>
        {children}
      </div>
      <p className="issue-message">{message}</p>
      <p className="issue-location">
        <code>{path}</code>
      </p>
    </li>
  );
}

/** The offer to repair an XML that failed validation. */
export function RepairOffer({ onRepair }: { readonly onRepair: () => void }) {
  const { t } = useI18n();
  return (
    <div className="repair-offer" data-testid="repair-offer">
      <p>{t('repair.offer')}</p>
      <button type="button" className="primary" onClick={onRepair}>
        {t('repair.run')}
      </button>
    </div>
  );
}

/** What the repair changed, what it could not, the error counts before and after, and the repaired file. */
export function RepairView({ repair, filename }: { readonly repair: RepairBody; readonly filename: string }) {
  const { t } = useI18n();
  const before = repair.validation_before.summary.errorCount;
  const after = repair.validation_after.summary.errorCount;
  const outcome = outcomeOf(repair);
  const undone = repair.left_undone ?? [];
  return (
    <div className="repair" data-testid="repair">
      <div className={`verdict verdict-${bannerTone[outcome]}`} data-testid="repair-outcome">
        <span className="verdict-icon" aria-hidden="true">
          {repair.repairSuccessful ? '✓' : '!'}
        </span>
        <div className="verdict-text">
          <strong>{t(`repair.${outcome}`)}</strong>
          <span data-testid="repair-counts">{t('repair.errorCounts', { before, after })}</span>
        </div>
      </div>
      <h4>{t('repair.changes')}</h4>
      {repair.diff_summary.length === 0 ? (
        <p className="no-issues">{t('repair.noChanges')}</p>
      ) : (
        <ul className="changes">
          {repair.diff_summary.map((change, index) => (
            <ChangeRow
              key={`${change.path}-${index}`}
              testId="change"
              rule={change.ruleReference}
              path={change.path}
              message={change.message}
            >
              <span className="change-values">
                <span className="visually-hidden">{t('repair.before')}: </span>
                <Value value={change.beforeValue} />
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden">{t('repair.after')}: </span>
                <Value value={change.afterValue} />
              </span>
            </ChangeRow>
          ))}
        </ul>
      )}
      {undone.length > 0 && (
        <>
          <h4>{t('repair.leftUndone')}</h4>
          <ul className="changes undone">
            {undone.map((item, index) => {
              const reason = undoneReasons.find((known) => known === item.reason);
              return (
                <ChangeRow
                  key={`${item.path}-${index}`}
                  testId="left-undone"
                  rule={item.ruleReference}
                  path={item.path}
                  message={item.message}
                >
                  <span className="undone-reason">{reason ? t(`undone.${reason}`) : item.reason}</span>
                </ChangeRow>
              );
            })}
          </ul>
        </>
      )}
      {after > 0 && <p className="group-hint">{t('repair.remainingHint')}</p>}
      <button
        type="button"
        className="primary"
        onClick={() =>
          downloadBase64(repair.repaired_xml, xmlFilename(filename, '-repaired'), 'application/xml')
        }
      >
        {t('repair.download')}
      </button>
    </div>
  );
}
