import type { Provenance } from './convert-bodies';
import { useI18n } from '../i18n/i18n';
import { TermLabel } from '../shared/term-label';

/** Where each business term of the invoice came from, with the reader's evidence when it gives some. */
export function ProvenanceTable({ entries }: { readonly entries: readonly Provenance[] }) {
  const { lang, t } = useI18n();
  if (entries.length === 0) return <p className="no-issues">{t('provenance.none')}</p>;
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className="table-scroll">
      <table className="provenance" data-testid="provenance">
        <caption className="visually-hidden">{t('provenance.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('provenance.term')}</th>
            <th scope="col">{t('provenance.source')}</th>
            <th scope="col">{t('provenance.evidence')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.term}
              data-testid="provenance-row"
              data-term={entry.term}
              data-source={entry.source}
              className={entry.source === 'conflict' ? 'provenance-conflict' : undefined}
            >
              <th scope="row">
                <TermLabel term={entry.term} />
              </th>
              <td>
                <span className={`source-badge source-${entry.source}`}>{t(`source.${entry.source}`)}</span>
              </td>
              <td>
                <span className="evidence">
                  {entry.profileId !== undefined && (
                    <span data-testid="provenance-profile">
                      {t('provenance.profile', { id: entry.profileId, version: entry.profileVersion ?? '–' })}
                    </span>
                  )}
                  {entry.page !== undefined && <span>{t('provenance.page', { page: entry.page })}</span>}
                  {entry.text !== undefined && <q>{entry.text}</q>}
                  {/* The reader's confidence may come as a fraction or as a percentage. */}
                  {entry.confidence !== undefined && (
                    <span>
                      {t('provenance.confidence', {
                        confidence: percent.format(
                          entry.confidence > 1 ? entry.confidence / 100 : entry.confidence,
                        ),
                      })}
                    </span>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
