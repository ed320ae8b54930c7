import { Fragment, useMemo, type ReactNode } from 'react';
import type { RepairBody } from '../backend/answer-bodies';
import { useI18n } from '../i18n/i18n';
import { downloadBase64, xmlFilename } from '../shared/download';
import { sideBySide, type DiffRow } from './line-diff';
import './repair.css';

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

const decodeBase64 = (base64: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));

type Change = RepairBody['diff_summary'][number];

/** The changes whose values a row shows: the value before on its left, or the value after on its right. */
const changesOn = (row: DiffRow, changes: readonly Change[]) =>
  changes.filter(
    (change) =>
      (change.beforeValue && row.before?.includes(change.beforeValue)) ||
      (change.afterValue && row.after?.includes(change.afterValue)),
  );

/** The XML before and after, side by side, each changed line marked with the rule that changed it. */
function SideBySide({
  before,
  after,
  changes,
}: {
  readonly before: string;
  readonly after: string;
  readonly changes: readonly Change[];
}) {
  const { t } = useI18n();
  const hunks = useMemo(() => sideBySide(before, after), [before, after]);
  if (hunks.length === 0) return null;
  return (
    <div className="xml-diff" data-testid="xml-diff" tabIndex={0} aria-label={t('repair.sideBySide')}>
      <table>
        <colgroup>
          <col className="diff-line-col" />
          <col />
          <col className="diff-line-col" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" colSpan={2}>
              {t('repair.before')}
            </th>
            <th scope="col" colSpan={2}>
              {t('repair.after')}
            </th>
          </tr>
        </thead>
        {hunks.map((hunk, index) => (
          <tbody key={index} className="diff-hunk">
            {hunk.rows.map((row, n) => {
              const marked = row.changed ? changesOn(row, changes) : [];
              return (
                <Fragment key={n}>
                  <tr
                    className={row.changed ? 'diff-changed' : undefined}
                    data-testid={row.changed ? 'diff-row' : undefined}
                  >
                    <td className="diff-line">{row.beforeLine}</td>
                    <td className="diff-before">
                      <code>{row.before}</code>
                    </td>
                    <td className="diff-line">{row.afterLine}</td>
                    <td className="diff-after">
                      <code>{row.after}</code>
                    </td>
                  </tr>
                  {marked.length > 0 && (
                    <tr className="diff-note" data-testid="diff-note">
                      <td colSpan={4}>
                        {marked.map((change, m) => (
                          <span key={m} className="diff-rule" data-rule={change.ruleReference}>
                            <code className="rule-id">{change.ruleReference}</code> {change.message}
                          </span>
                        ))}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/**
 * What the repair changed, side by side with the XML as it was, what it could not change and why, the
 * error counts before and after, and the repaired file when something changed.
 */
export function RepairView({
  repair,
  filename,
  original,
}: {
  readonly repair: RepairBody;
  readonly filename: string;
  /** The XML as it was sent to the repair. */
  readonly original: string;
}) {
  const { t } = useI18n();
  const before = repair.validation_before.summary.errorCount;
  const after = repair.validation_after.summary.errorCount;
  const outcome = outcomeOf(repair);
  const undone = repair.left_undone ?? [];
  const repaired = useMemo(() => decodeBase64(repair.repaired_xml), [repair.repaired_xml]);
  const changed = repair.diff_summary.length > 0 && repaired !== original;
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
      {changed && <SideBySide before={original} after={repaired} changes={repair.diff_summary} />}
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
                  <span className="undone-reason">{reason ? t(`undone.${reason}`) : t('undone.other')}</span>
                </ChangeRow>
              );
            })}
          </ul>
        </>
      )}
      {after > 0 && <p className="group-hint">{t('repair.remainingHint')}</p>}
      {changed ? (
        <button
          type="button"
          className="primary"
          onClick={() =>
            downloadBase64(repair.repaired_xml, xmlFilename(filename, '-repaired'), 'application/xml')
          }
        >
          {t('repair.download')}
        </button>
      ) : (
        <p className="note" data-testid="repair-nothing">
          {t('repair.nothingToDownload')}
        </p>
      )}
    </div>
  );
}
