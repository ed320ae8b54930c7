import type { ReactNode } from 'react';
import type { Answer, FileOperation } from '../backend/backend';
import { useI18n } from '../i18n/i18n';
import { ErrorDetail } from './error-detail';

/** Long strings (base64 XML or PDF) are cut in the display; the backend's answer itself is untouched. */
const longText = 160;

function shorten(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.length > longText
    ? `${value.slice(0, longText)}… (${value.length})`
    : value;
}

/** Top-level fields of a success body that read well as a summary line. */
function summary(body: unknown): [string, string][] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]): [string, string][] =>
    (typeof value === 'string' && value.length <= 60) ||
    typeof value === 'number' ||
    typeof value === 'boolean'
      ? [[key, String(value)]]
      : [],
  );
}

interface Props {
  readonly operation: FileOperation;
  readonly answer: Answer | 'pending';
  /** Shown for a successful answer instead of the summary line; a dedicated view of the body. */
  readonly children?: ReactNode;
  /** What the answer means, when a success reports a problem (an invalid invoice). */
  readonly tone?: 'success' | 'partial' | 'failure';
  /** Overrides the operation's name, when one operation is run in several steps (a convert's dry run). */
  readonly label?: string;
  readonly testId?: string;
}

/** The backend's answer to one operation: the report, or the error in plain words; the raw answer in the technical details. */
export function AnswerView({ operation, answer, children, tone, label, testId }: Props) {
  const { t } = useI18n();
  const state = answer === 'pending' ? 'pending' : answer.ok ? 'success' : 'failure';
  return (
    <div
      className={`answer answer-${tone ?? state}`}
      data-testid={testId ?? `answer-${operation}`}
      data-state={state}
    >
      <div className="answer-head">
        <span className="answer-operation">{label ?? t(`operation.${operation}`)}</span>
        {answer === 'pending' ? (
          <span className="badge badge-pending">{t('answer.pending')}</span>
        ) : (
          !(answer.ok && children) && (
            <span className={`badge badge-${state}`}>
              {answer.ok ? t('answer.success') : t('answer.failure')}
            </span>
          )
        )}
      </div>
      {answer !== 'pending' && !answer.ok && <ErrorDetail error={answer.error} />}
      {answer !== 'pending' && answer.ok && children}
      {answer !== 'pending' && answer.ok && !children && (
        <dl className="answer-summary" data-testid="answer-summary">
          {summary(answer.body).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {answer !== 'pending' && (
        <details className="technical">
          <summary>{t('answer.details')}</summary>
          <p className="answer-status" data-testid="answer-status" data-status={answer.status}>
            {answer.status === 0 ? t('answer.noStatus') : t('answer.status', { status: answer.status })}
          </p>
          <pre data-testid="answer-body">
            {JSON.stringify(answer.ok ? answer.body : answer.error, shorten, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}
