import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import type { Translate } from '../i18n/i18n';
import { plainError } from '../shared/error-detail';
import { ProgressStage } from '../shared/progress-stage';
import {
  inProgress,
  matchesFilter,
  QUEUE_FILTERS,
  queueCounts,
  queueRow,
  type QueueFilter,
  type QueueRow,
  type QueueVerdict,
} from './queue-row';
import type { Check } from './use-checks';

/** A drop of this many files or fewer opens them; a larger batch stays in the table until a row is opened. */
const OPENED_ON_ARRIVAL = 3;

interface Props {
  readonly checks: readonly Check[];
  /** What an opened row shows under it: the document's verdicts and actions. */
  readonly detail: (check: Check) => ReactNode;
  readonly onCheckAgain: (ids: readonly number[]) => void;
  /** Stops what is under way for these documents. */
  readonly onCancel: (ids: readonly number[]) => void;
  /** Converts these documents, each when its dry run says the target can pass. */
  readonly onConvertReady: (ids: readonly number[]) => void;
  /** Takes these documents out of the queue. */
  readonly onRemove: (ids: readonly number[]) => void;
  /** Actions on the selected documents besides checking them again (export). */
  readonly selectionActions?: (selected: readonly Check[]) => ReactNode;
}

const verdictKey = (verdict: QueueVerdict): MessageKey => `queue.verdict.${verdict}`;

/** What a row's status says: where it stands, where its work is, or why it was not converted. */
function statusWords(row: QueueRow, t: Translate): ReactNode {
  const { check, status, conversion } = row;
  const progress = check.progress ?? check.reading?.progress;
  if (progress && inProgress(row)) return <ProgressStage progress={progress} />;
  if (
    conversion?.kind === 'waiting' ||
    conversion?.kind === 'checking' ||
    conversion?.kind === 'converting'
  ) {
    return t(`queue.conversion.${conversion.kind}`);
  }
  if (conversion?.kind !== 'not_converted') return t(`queue.status.${status}`);
  const { why } = conversion;
  return (
    <>
      {t('queue.status.not_converted')}
      <span className="queue-why" data-testid="queue-why">
        {why.reason === 'refused'
          ? plainError(why.error, t)
          : why.reason === 'blocked'
            ? t('queue.notConverted.blocked', { count: why.blocking })
            : t('queue.notConverted.failed')}
      </span>
    </>
  );
}

/** A row's status, with the button that stops its work while there is some. */
function StatusCell({ row, onCancel, t }: { row: QueueRow; onCancel: () => void; t: Translate }) {
  return (
    <td className={`status-${row.status}`} data-testid="queue-status">
      {statusWords(row, t)}
      {inProgress(row) && (
        <button
          type="button"
          className="ghost dark queue-cancel"
          aria-label={t('queue.cancelOne', { name: row.check.filename })}
          onClick={onCancel}
        >
          {t('queue.cancel')}
        </button>
      )}
    </td>
  );
}

/**
 * The batch desk: one line per document (file, kind, profile, the two verdicts, status), newest last,
 * with a counter, filters and actions on a selection. A row opens its document in place.
 */
export function QueueTable({
  checks,
  detail,
  onCheckAgain,
  onCancel,
  onConvertReady,
  onRemove,
  selectionActions,
}: Props) {
  const { t } = useI18n();
  const rows = useMemo(() => checks.map(queueRow), [checks]);
  const counts = queueCounts(rows);
  const [filter, setFilter] = useState<QueueFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());

  const seen = useRef(new Set<number>());
  useEffect(() => {
    const arrived = checks.filter((check) => !seen.current.has(check.id)).map((check) => check.id);
    for (const id of arrived) seen.current.add(id);
    if (arrived.length > 0 && arrived.length <= OPENED_ON_ARRIVAL) {
      setOpened((open) => new Set([...open, ...arrived]));
    }
  }, [checks]);

  const shown = rows.filter((row) => matchesFilter(row, filter));
  const present = new Set(checks.map((check) => check.id));
  const chosen = checks.filter((check) => selected.has(check.id));
  const chosenUnderWay = rows.filter((row) => selected.has(row.check.id) && inProgress(row));
  const chosenToConvert = rows.filter(
    (row) => selected.has(row.check.id) && matchesFilter(row, 'to_convert'),
  );
  const allShownSelected = shown.length > 0 && shown.every((row) => selected.has(row.check.id));
  const toggle = (set: ReadonlySet<number>, id: number, on: boolean) => {
    const next = new Set([...set].filter((member) => present.has(member)));
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  return (
    <div className="queue" data-testid="queue">
      <div className="queue-bar">
        <p className="queue-counter" data-testid="queue-counter" aria-live="polite">
          {t('queue.counter', counts)}
        </p>
        <label className="queue-filter">
          {t('queue.filter')}
          <select value={filter} onChange={(event) => setFilter(event.target.value as QueueFilter)}>
            {QUEUE_FILTERS.map((name) => (
              <option key={name} value={name}>
                {t(`queue.filter.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="queue-actions" role="group" aria-label={t('queue.selection')}>
        <span data-testid="queue-selected">{t('queue.selected', { count: chosen.length })}</span>
        <button
          type="button"
          className="ghost dark"
          disabled={chosen.length === 0}
          onClick={() => onCheckAgain(chosen.map((check) => check.id))}
        >
          {t('queue.checkAgain')}
        </button>
        <button
          type="button"
          className="ghost dark"
          disabled={chosenToConvert.length === 0}
          onClick={() => onConvertReady(chosenToConvert.map((row) => row.check.id))}
        >
          {t('queue.convertReady')}
        </button>
        <button
          type="button"
          className="ghost dark"
          disabled={chosenUnderWay.length === 0}
          onClick={() => onCancel(chosenUnderWay.map((row) => row.check.id))}
        >
          {t('queue.cancelSelected')}
        </button>
        <button
          type="button"
          className="ghost dark"
          disabled={chosen.length === 0}
          onClick={() => {
            onRemove(chosen.map((check) => check.id));
            setSelected(new Set());
          }}
        >
          {t('queue.remove')}
        </button>
        {selectionActions?.(chosen)}
      </div>
      <table className="queue-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('queue.selectAll')}
                checked={allShownSelected}
                onChange={(event) =>
                  setSelected(
                    event.target.checked
                      ? new Set([...selected, ...shown.map((row) => row.check.id)])
                      : new Set([...selected].filter((id) => !shown.some((row) => row.check.id === id))),
                  )
                }
              />
            </th>
            <th scope="col">{t('queue.file')}</th>
            <th scope="col">{t('queue.kind')}</th>
            <th scope="col">{t('queue.profile')}</th>
            <th scope="col">{t('verdict.data')}</th>
            <th scope="col">{t('verdict.container')}</th>
            <th scope="col">{t('queue.status')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const { check, profile, data, container, status } = row;
            const open = opened.has(check.id);
            return (
              <Fragment key={check.id}>
                <tr data-testid="queue-row" data-status={status} className={open ? 'open' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('queue.select', { name: check.filename })}
                      checked={selected.has(check.id)}
                      onChange={(event) => setSelected(toggle(selected, check.id, event.target.checked))}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="queue-open"
                      aria-expanded={open}
                      onClick={() => setOpened(toggle(opened, check.id, !open))}
                    >
                      {check.filename}
                    </button>
                  </td>
                  <td>{t(`kind.${check.kind}`)}</td>
                  <td>{profile ?? '—'}</td>
                  <td className={`verdict-${data}`}>{t(verdictKey(data))}</td>
                  <td className={`verdict-${container}`}>{t(verdictKey(container))}</td>
                  <StatusCell row={row} onCancel={() => onCancel([check.id])} t={t} />
                </tr>
                {open && (
                  <tr className="queue-detail">
                    <td colSpan={7}>{detail(check)}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {shown.length === 0 && <p className="empty">{t('queue.noneShown')}</p>}
    </div>
  );
}
