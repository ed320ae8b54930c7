import { TERM_NAMES } from '../../../core/model/terms';
import { useI18n } from '../i18n/i18n';

/** A business term as an accountant reads it: its EN 16931 id and its name in the interface language. */
export function TermLabel({ term }: { readonly term: string }) {
  const { lang } = useI18n();
  const name = TERM_NAMES[term]?.[lang];
  return (
    <span className="term-label">
      <code className="business-term">{term}</code>
      {name && <span className="term-name">{name}</span>}
    </span>
  );
}
