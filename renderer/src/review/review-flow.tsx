import { useId, useMemo, useState } from 'react';
import { TERM_NAMES } from '../../../core/model/terms';
import type { Answer, InvoiceFile, ProfileRole } from '../backend/backend';
import { isRecord } from '../backend/backend';
import type { TermSource } from '../document/invoice-draft';
import { useI18n } from '../i18n/i18n';
import { profileIdPattern, profileRoles } from '../profiles/profile-records';
import type { Profiles } from '../profiles/use-profiles';
import { AnswerView } from '../shared/answer-view';
import { plainError } from '../shared/error-detail';
import { convertBodyOf, outcomeOf, type Requirement } from './convert-bodies';
import { ConvertResultView } from './convert-result-view';
import { getAt, pathText } from './draft-edit';
import { ReviewForm, type FieldContext } from './review-form';
import { ConvertWhy, convertOffered } from './convert-why';
import { fieldAtPath, fieldTermOf, pathOf, placeOfTerm } from './review-fields';
import { convertOutputs, type FormConversion, type RunConvert } from './use-conversion';
import { useReview, type Correction, type Review } from './use-review';
import './review.css';

/** Moves the keyboard focus to the first field of the form carrying a business term. */
function focusTerm(formId: string, bt: string): boolean {
  const input = document.querySelector<HTMLElement>(`[id^="${formId}-"][data-bt="${bt}"]`);
  input?.focus();
  input?.scrollIntoView?.({ block: 'center' });
  return Boolean(input);
}

/** Goes to the field that clears a finding; in a table without rows, a row is added for it first. */
function goToTerm(review: Review, formId: string, term: string) {
  const bt = fieldTermOf(term);
  if (focusTerm(formId, bt)) return;
  const table = placeOfTerm(bt)?.table;
  if (!table) return;
  review.addEntry(table.path, table.newEntry(0));
  // The new row's fields exist after the next render.
  setTimeout(() => focusTerm(formId, bt), 0);
}

/** The example values a dry run proposes for a finding (`conversionInputRecipe.examplePayload`). */
function suggestionFor(check: Answer, requirement: Requirement) {
  const body = convertBodyOf(check);
  const example = body?.conversionInputRecipe?.examplePayload;
  const note = /document_notes\[(\w+)\]/.exec(requirement.input ?? '')?.[1];
  if (note) {
    const content = example?.seller_context?.document_notes?.find((n) => n.subject_code === note)?.content;
    return content ? { kind: 'note' as const, subject_code: note, content } : undefined;
  }
  const party = requirement.input?.startsWith('seller_context.electronic_address')
    ? 'seller'
    : requirement.input?.startsWith('buyer_context.electronic_address')
      ? 'buyer'
      : undefined;
  const address = party && example?.[`${party}_context`]?.electronic_address;
  return party && address
    ? { kind: 'address' as const, party, value: address.value, scheme: address.scheme_id }
    : undefined;
}

function Findings({ review, formId }: { readonly review: Review; readonly formId: string }) {
  const { lang, t } = useI18n();
  if (review.requirements.length === 0) return null;
  return (
    <ul className="review-findings" data-testid="review-findings">
      {review.requirements.map((requirement, index) => {
        const suggestion = suggestionFor(review.shown, requirement);
        const term = requirement.bt ? TERM_NAMES[requirement.bt]?.[lang] : undefined;
        return (
          <li
            key={`${requirement.ruleId}-${index}`}
            className={`review-finding finding-${requirement.kind}`}
            data-testid="review-finding"
            data-rule={requirement.ruleId}
            data-bt={requirement.bt ?? undefined}
            data-kind={requirement.kind}
          >
            <strong>{term ?? t('finding.general')}</strong>
            <span className="finding-kind">
              {t(requirement.kind === 'blocking' ? 'review.blocking' : 'review.advisory')}
            </span>
            <p>{requirement.message}</p>
            <div className="finding-actions">
              {requirement.bt && placeOfTerm(requirement.bt) && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => goToTerm(review, formId, requirement.bt as string)}
                >
                  {t('review.goTo', { term: term ?? requirement.bt })}
                </button>
              )}
              {suggestion?.kind === 'note' && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    review.addEntry(['notes'], {
                      subject_code: suggestion.subject_code,
                      content: suggestion.content,
                    })
                  }
                >
                  {t('review.addNote', { code: suggestion.subject_code })}
                </button>
              )}
              {suggestion?.kind === 'address' && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    review.replace([suggestion.party, 'electronic_address'], {
                      value: suggestion.value,
                      scheme: suggestion.scheme,
                    })
                  }
                >
                  {t('review.useAddress', { value: suggestion.value })}
                </button>
              )}
            </div>
            <p className="issue-detail">{t('finding.rule', { rule: requirement.ruleId })}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The fields a refusal names (`missing_fields`, `field`), by path, in words. */
function problemsOf(check: Answer, lang: 'en' | 'fr', missing: string): Record<string, string> {
  if (check.ok) return {};
  const named = [
    ...(Array.isArray(check.error.missing_fields) ? check.error.missing_fields : []),
    ...(typeof check.error.field === 'string' ? [check.error.field] : []),
  ].filter((field): field is string => typeof field === 'string');
  return Object.fromEntries(
    named.map((field) => [
      pathText(pathOf(field)),
      field === check.error.field ? check.error.message : missing,
    ]),
  );
}

/** Fills a party from a saved profile, or saves the corrected party as one. */
function PartyProfiles({
  review,
  profiles,
  role,
}: {
  readonly review: Review;
  readonly profiles: Profiles;
  readonly role: ProfileRole;
}) {
  const { t } = useI18n();
  const id = useId();
  const [saveAs, setSaveAs] = useState('');
  const [saved, setSaved] = useState<Answer | 'pending'>();
  const records =
    profiles.list.state === 'loaded' ? profiles.list.records.filter((r) => r.role === role) : [];
  const party = getAt(review.draft, [role]);
  return (
    <div className="party-profiles" data-testid={`profiles-${role}`}>
      <label htmlFor={`${id}-fill`}>{t(role === 'seller' ? 'review.fillSeller' : 'review.fillBuyer')}</label>
      <select
        id={`${id}-fill`}
        value=""
        onFocus={() => profiles.load()}
        onChange={(event) => {
          const record = records.find((r) => r.id === event.target.value);
          if (!record) return;
          review.replace([role], record.data[role]);
          if (role === 'seller' && isRecord(record.data.payment) && !getAt(review.draft, ['payment']))
            review.replace(['payment'], record.data.payment);
          const notes = Array.isArray(record.data.document_notes) ? record.data.document_notes : [];
          const present = getAt(review.draft, ['notes']);
          const have = new Set(
            (Array.isArray(present) ? present : []).map((n) => (isRecord(n) ? n.subject_code : undefined)),
          );
          for (const note of notes)
            if (isRecord(note) && !have.has(note.subject_code)) review.addEntry(['notes'], note);
        }}
      >
        <option value="">
          {profiles.list.state === 'loading' ? t('review.loadingProfiles') : t('review.chooseProfile')}
        </option>
        {records.map((record) => (
          <option key={record.id} value={record.id}>
            {record.name || record.id} ({record.id})
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-save`}>{t('review.saveAs')}</label>
      <input
        id={`${id}-save`}
        value={saveAs}
        placeholder={t('review.profileId')}
        onChange={(event) => setSaveAs(event.target.value)}
      />
      <button
        type="button"
        className="secondary"
        disabled={!profileIdPattern.test(saveAs) || !isRecord(party) || saved === 'pending'}
        onClick={() => {
          setSaved('pending');
          const payment = getAt(review.draft, ['payment']);
          const data =
            role === 'seller' && isRecord(payment) ? { seller: party, payment } : { [role]: party };
          void profiles.save(role, saveAs, data).then(setSaved);
        }}
      >
        {t(role === 'seller' ? 'review.saveSeller' : 'review.saveBuyer')}
      </button>
      {saved && saved !== 'pending' && (
        <span
          role="status"
          className={saved.ok ? 'saved-ok' : 'field-problem'}
          data-testid={`profile-saved-${role}`}
        >
          {saved.ok ? t('review.profileSaved', { id: saveAs }) : plainError(saved.error, t)}
        </span>
      )}
    </div>
  );
}

interface Props {
  readonly file: InvoiceFile;
  readonly reading: Answer;
  readonly run: RunConvert;
  readonly profiles: Profiles;
  readonly sources: Readonly<Record<string, TermSource>>;
  readonly point: (term: string | undefined) => void;
  /** Pause after typing before the corrected invoice is checked, in ms. */
  readonly delay?: number;
  /** Corrections made before, which the review resumes; and where it tells the new ones. */
  readonly kept?: Correction;
  readonly onCorrect?: (correction: Correction) => void;
  readonly onConverted?: (conversion: FormConversion) => void;
  /** The document's Factur-X conversion made before, shown as this form's result. */
  readonly converted?: FormConversion;
}

/**
 * The review of a PDF without invoice data: the whole invoice read from it as a form, each field with its
 * value, where it was read and how sure; corrections checked as they go, each finding leading to the field
 * that clears it; convert offered only when the target can pass, else told why.
 */
export function ReviewFlow({
  file,
  reading,
  run,
  profiles,
  sources,
  point,
  delay,
  kept,
  onCorrect,
  onConverted,
  converted,
}: Props) {
  const { lang, t } = useI18n();
  const formId = useId().replace(/[^\w-]/g, '');
  const review = useReview(file, reading, run, {
    ...(delay !== undefined ? { delay } : {}),
    ...(kept ? { kept } : {}),
    ...(onCorrect ? { onCorrect } : {}),
    ...(onConverted ? { onConverted } : {}),
    ...(converted ? { converted } : {}),
  });
  const problems = useMemo(
    () => problemsOf(review.shown, lang, t('review.missing')),
    [review.shown, lang, t],
  );
  const context: FieldContext = { review, sources, problems, point };
  const { state, shownState } = review;
  const rechecking = state.kind === 'checking';
  const finalBody = convertBodyOf(review.final);
  const refusedFields = Object.keys(problems);
  return (
    <section className="review" data-testid="review" aria-label={t('review.title')}>
      <h3>{t('review.title')}</h3>
      <p className="group-hint">{t('review.intro')}</p>
      <div className="review-profiles">
        {profileRoles.map((role) => (
          <PartyProfiles key={role} review={review} profiles={profiles} role={role} />
        ))}
      </div>
      <ReviewForm context={context} formId={formId} />
      <section
        className="review-status"
        aria-live="polite"
        data-testid="review-status"
        data-state={state.kind}
      >
        <h4>{t('review.findings')}</h4>
        {rechecking && <p data-testid="review-rechecking">{t('review.checking')}</p>}
        <div
          className={rechecking ? 'review-shown rechecking' : 'review-shown'}
          data-testid="review-shown"
          data-rechecking={rechecking}
          aria-busy={rechecking}
        >
          {shownState.kind === 'refused' && (
            <div className="review-refused">
              <p className="error-text">{plainError(shownState.answer.error, t)}</p>
              <ul>
                {refusedFields.map((field) => {
                  const spec = fieldAtPath(pathOf(field));
                  return (
                    <li key={field}>
                      {spec ? (
                        <button type="button" className="link" onClick={() => focusTerm(formId, spec.bt)}>
                          {TERM_NAMES[spec.bt]?.[lang] ?? spec.bt}
                        </button>
                      ) : (
                        field
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          {shownState.kind !== 'refused' && review.requirements.length === 0 && (
            <p className="no-issues">{t('review.noFindings')}</p>
          )}
          <Findings review={review} formId={formId} />
        </div>
      </section>
      <div className="review-convert">
        <div className="segmented light" role="group" aria-label={t('convert.output')}>
          {convertOutputs.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === review.output}
              onClick={() => review.setOutput(option)}
            >
              {t(`output.${option}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="primary"
          disabled={!convertOffered(state) || review.final === 'pending'}
          aria-describedby={`${formId}-why`}
          onClick={review.convert}
        >
          {t('convert.final')}
        </button>
        <ConvertWhy id={`${formId}-why`} state={state} />
      </div>
      {review.final && (
        <AnswerView
          operation="convert"
          answer={review.final}
          label={t('convert.finalTitle')}
          testId="answer-convert"
          {...(finalBody
            ? {
                tone: ({ success: 'success', incomplete: 'partial', failed: 'failure' } as const)[
                  outcomeOf(finalBody)
                ],
              }
            : {})}
        >
          {finalBody && (
            <ConvertResultView body={finalBody} filename={file.filename} output={review.finalOutput} />
          )}
        </AnswerView>
      )}
    </section>
  );
}
