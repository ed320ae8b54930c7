import { useId } from 'react';
import type { ValidationTarget } from '../../../core/api/targets';
import { acceptedJobOf, conflictsOf, convertBodyOf, outcomeOf } from './convert-bodies';
import {
  convertOutputs,
  useConversion,
  type ConvertSource,
  type FormConversion,
  type RunConvert,
} from './use-conversion';
import { useI18n } from '../i18n/i18n';
import type { Profiles } from '../profiles/use-profiles';
import { AcceptedJobView } from './accepted-job-view';
import { AnswerView } from '../shared/answer-view';
import { ComplementForm } from './complement-form';
import { ConflictList } from './conflict-list';
import { ConvertResultView } from './convert-result-view';
import { ConvertWhy, convertOffered, type ConvertReadiness } from './convert-why';
import { reviewStateOf } from './use-review';
import { DryRunView } from './dry-run-view';
import { ProfileChoice } from '../profiles/profile-choice';

interface Props {
  readonly source: ConvertSource;
  readonly run: RunConvert;
  /** The validation target `run` sends; a dry run made for another one is made again. */
  readonly target: ValidationTarget;
  readonly profiles: Profiles;
  /** Told the Factur-X PDF this form made, to keep it with the document. */
  readonly onConverted?: (conversion: FormConversion) => void;
  /** The Factur-X PDF this form made before (in a card since closed), shown again. */
  readonly converted?: FormConversion;
}

const tones = { success: 'success', incomplete: 'partial', failed: 'failure' } as const;

/**
 * Converting one invoice: a dry run first (verdict, France 2026 findings, field provenance), the
 * complements that clear the findings and "Check again", then the final call and the deliverable.
 */
export function ConvertFlow({ source, run, target, profiles, onConverted, converted }: Props) {
  const { t } = useI18n();
  const outputLabel = useId();
  const conversion = useConversion(source, run, target, onConverted, converted);
  const { dryRun, final, output } = conversion;
  const dryRunBody = convertBodyOf(dryRun);
  const accepted = acceptedJobOf(final);
  const finalBody = accepted ? undefined : convertBodyOf(final);
  const conflicts = conflictsOf(final);
  const busy = dryRun === 'pending' || final === 'pending';
  // Convert only what its newest dry run, on the complements as they are, says can pass.
  const readiness: ConvertReadiness =
    dryRun === undefined || dryRun === 'pending'
      ? { kind: 'checking' }
      : Object.keys(conversion.problems).length > 0
        ? { kind: 'invalid' }
        : conversion.unchecked
          ? { kind: 'unchecked' }
          : reviewStateOf(dryRun);
  const whyId = useId();
  const xmlOnly = source.kind === 'invoice_data';
  return (
    <section className="convert" data-testid="convert" aria-label={t('convert.title')}>
      <div className="convert-head">
        <h3 className="report-heading">{t('convert.title')}</h3>
        <div className="target-switch">
          <span className="target-label" id={outputLabel}>
            {t('convert.output')}
          </span>
          <div className="segmented light" role="group" aria-labelledby={outputLabel}>
            {convertOutputs.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === output}
                onClick={() => conversion.setOutput(option)}
              >
                {t(`output.${option}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <ProfileChoice profiles={profiles} conversion={conversion} />
      {(dryRun === undefined || (dryRun !== 'pending' && !dryRunBody)) && (
        <div className="actions">
          <p className="group-hint">{t(xmlOnly ? 'convert.introData' : 'convert.introPdf')}</p>
          <button type="button" className="primary" onClick={conversion.check}>
            {t('convert.run')}
          </button>
        </div>
      )}
      <div aria-live="polite" aria-busy={dryRun === 'pending'}>
        {dryRun && (
          <AnswerView operation="convert" answer={dryRun} label={t('convert.dryRun')} testId="answer-dry-run">
            {dryRunBody && <DryRunView body={dryRunBody} />}
          </AnswerView>
        )}
      </div>
      {dryRunBody && conversion.inputs.length > 0 && <ComplementForm conversion={conversion} />}
      {dryRunBody && conversion.unsupportedInputs.length > 0 && (
        <p className="note" data-testid="unsupported-inputs">
          {t(xmlOnly ? 'complement.unsupportedData' : 'complement.unsupported', {
            inputs: conversion.unsupportedInputs.join(', '),
          })}
        </p>
      )}
      {dryRunBody && (
        <div className="actions final-actions">
          <button
            type="button"
            className="primary"
            disabled={busy || !convertOffered(readiness)}
            aria-describedby={whyId}
            onClick={conversion.convert}
          >
            {t('convert.final')}
          </button>
          <small className="field-hint">{t(`convert.finalHint.${output}`)}</small>
          <ConvertWhy id={whyId} state={readiness} />
        </div>
      )}
      <div aria-live="polite" aria-busy={final === 'pending'}>
        {final && (
          <AnswerView
            operation="convert"
            answer={final}
            label={t('convert.finalTitle')}
            testId="answer-convert"
            tone={accepted ? 'partial' : finalBody && tones[outcomeOf(finalBody)]}
          >
            {accepted && <AcceptedJobView jobId={accepted.jobId} />}
            {finalBody && (
              <ConvertResultView
                body={finalBody}
                filename={source.filename}
                output={conversion.finalOutput}
              />
            )}
          </AnswerView>
        )}
        {conflicts.length > 0 && <ConflictList conflicts={conflicts} />}
      </div>
    </section>
  );
}
