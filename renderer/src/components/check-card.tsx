import { operationsFor } from '../backend/file-kind';
import type { Check } from '../backend/use-checks';
import { useI18n, type Translate } from '../i18n/i18n';
import { AnswerView } from './answer-view';

function size(bytes: number, lang: string, t: Translate): string {
  if (bytes < 1024) return t('size.bytes', { n: bytes });
  const kilobytes = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(bytes / 1024);
  return t('size.kilobytes', { n: kilobytes });
}

/** One checked file: its name, kind and size, then one answer per operation. */
export function CheckCard({ check }: { readonly check: Check }) {
  const { lang, t } = useI18n();
  return (
    <article className="card" data-testid="check">
      <header className="card-head">
        <span className={`file-kind file-kind-${check.kind}`}>{t(`kind.${check.kind}`)}</span>
        <span className="file-name">{check.filename}</span>
        <span className="file-size">{size(check.size, lang, t)}</span>
      </header>
      {operationsFor[check.kind].map((operation) => {
        const answer = check.answers[operation];
        return answer && <AnswerView key={operation} operation={operation} answer={answer} />;
      })}
    </article>
  );
}
