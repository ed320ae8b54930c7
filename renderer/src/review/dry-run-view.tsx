import { provenanceOf, requirementsOf, type ConvertBody } from './convert-bodies';
import { useI18n } from '../i18n/i18n';
import { ProvenanceTable } from './provenance-table';
import { RequirementList } from './requirement-list';
import { ReadinessVerdict } from './readiness-verdict';

/** What a dry run found: the verdict, the France 2026 preflight findings, and where each field came from. */
export function DryRunView({ body }: { readonly body: ConvertBody }) {
  const { t } = useI18n();
  const provenance = provenanceOf(body);
  const conflicts = provenance.filter((entry) => entry.source === 'conflict').length;
  const preflight = body.targetPreflight;
  const unsupported = preflight?.unsupportedBlockers.length ?? 0;
  const france = body.target.requested === 'france_2026';
  return (
    <div className="dry-run" data-testid="dry-run">
      <ReadinessVerdict body={body} testId="dry-run-verdict" />
      {conflicts > 0 && (
        <p className="notice" role="alert" data-testid="provenance-conflicts">
          {t('provenance.conflicts', { n: conflicts })}
        </p>
      )}
      <section className={france ? 'issue-group blockers' : 'issue-group'}>
        <h4>{t(france ? 'report.blockers' : 'convert.findings')}</h4>
        {france && <p className="group-hint">{t('report.blockersHint')}</p>}
        <RequirementList requirements={requirementsOf(body)} />
        {unsupported > 0 && (
          <p className="note" data-testid="unsupported-blockers">
            {t('convert.unsupportedBlockers', { n: unsupported })}
          </p>
        )}
      </section>
      <details className="provenance-details" open={conflicts > 0 || undefined}>
        <summary>
          {t('provenance.title')} ({provenance.length})
        </summary>
        <ProvenanceTable entries={provenance} />
      </details>
    </div>
  );
}
