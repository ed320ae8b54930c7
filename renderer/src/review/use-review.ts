import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Answer, InvoiceFile } from '../backend/backend';
import { candidateOf, type InvoiceDraft } from '../document/invoice-draft';
import { convertBodyOf, requirementsOf, type Requirement } from './convert-bodies';
import { addAt, payloadOf, pathText, removeAt, setAt, type Path } from './draft-edit';
import type { ConvertOutput, FormConversion, RunConvert } from './use-conversion';

/** What a check answered: whether the invoice it checked can be converted, and if not, why. */
export type CheckedState =
  | { readonly kind: 'ready'; readonly advisories: number }
  | { readonly kind: 'blocked'; readonly blocking: number }
  | { readonly kind: 'refused'; readonly answer: Extract<Answer, { ok: false }> };

/** Where the review stands: a check running, or what the newest one answered. */
export type ReviewState = { readonly kind: 'checking' } | CheckedState;

function checkedState(answer: Answer, requirements: readonly Requirement[]): CheckedState {
  if (!answer.ok) return { kind: 'refused', answer };
  const body = convertBodyOf(answer);
  return requirements.some((r) => r.kind === 'blocking') || !body || body.target.status === 'failed'
    ? { kind: 'blocked', blocking: requirements.filter((r) => r.kind === 'blocking').length }
    : { kind: 'ready', advisories: requirements.filter((r) => r.kind === 'advisory').length };
}

export interface Review {
  readonly draft: InvoiceDraft;
  /** Fields the user changed (`seller.name`, `lines[0].quantity`): their value is the user's now. */
  readonly edited: ReadonlySet<string>;
  readonly setField: (path: Path, value: string) => void;
  readonly addEntry: (path: Path, entry?: unknown) => void;
  readonly removeEntry: (path: Path, index: number) => void;
  /** Replaces a whole part of the draft (a party from a saved profile). */
  readonly replace: (path: Path, value: unknown) => void;
  /** The newest check of the draft: the reading at first, then a dry run of each corrected draft. */
  readonly check: Answer | 'pending';
  /**
   * The newest answered check: while a correction is checked again, its findings stay shown (marked as
   * being checked again) rather than leaving the list empty until the new answer.
   */
  readonly shown: Answer;
  /** The findings of `shown`, and what it says. */
  readonly requirements: readonly Requirement[];
  readonly shownState: CheckedState;
  readonly state: ReviewState;
  readonly output: ConvertOutput;
  readonly setOutput: (output: ConvertOutput) => void;
  readonly final: Answer | 'pending' | undefined;
  readonly finalOutput: ConvertOutput;
  readonly convert: () => void;
}

/** Whether a dry run says the target can pass (the batch's "convert all that are ready" asks the same). */
export function reviewStateOf(check: Answer | 'pending'): ReviewState {
  if (check === 'pending') return { kind: 'checking' };
  const body = check.ok ? convertBodyOf(check) : undefined;
  return checkedState(check, body ? requirementsOf(body) : []);
}

/** The final convert of a corrected invoice: the full `invoice_data` (with the PDF as carrier). */
export const fieldsOf = (draft: InvoiceDraft): Record<string, string> => ({
  invoice_data: JSON.stringify(payloadOf(draft)),
});

/** The accountant's corrections of a reading: the corrected invoice, and the fields changed in it. */
export interface Correction {
  readonly draft: InvoiceDraft;
  readonly edited: readonly string[];
}

export interface ReviewOptions {
  /** Pause after typing before the corrected invoice is checked, in ms. */
  readonly delay?: number;
  /** Corrections made before (in a card since closed, or before the app restarted): the review resumes them. */
  readonly kept?: Correction;
  /** Told the corrections as they are checked, and when the review ends with some not yet checked. */
  readonly onCorrect?: (correction: Correction) => void;
  /** Told a Factur-X PDF's conversion: the check that allowed it, and the final call's answer. */
  readonly onConverted?: (conversion: FormConversion) => void;
  /** The document's conversion made before (in a card since closed): its result is shown until a change. */
  readonly converted?: FormConversion;
}

/**
 * The review of a PDF read without invoice data: the candidate the reading found, corrected field by
 * field. Each correction checks the corrected invoice again after a pause in typing (a dry run of the full
 * `invoice_data` with the PDF as carrier); the final convert sends it the same way. Corrections kept from
 * before are checked again at once.
 */
export function useReview(
  file: InvoiceFile,
  reading: Answer,
  run: RunConvert,
  { delay = 700, kept, onCorrect, onConverted, converted }: ReviewOptions = {},
): Review {
  const [draft, setDraft] = useState<InvoiceDraft>(
    () => kept?.draft ?? candidateOf(reading.ok ? reading.body : undefined) ?? {},
  );
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set(kept?.edited));
  const [check, setCheck] = useState<Answer | 'pending'>(reading);
  const [shown, setShown] = useState<Answer>(reading);
  // Kept corrections were never checked here: nothing stands for their check yet.
  const [checkedDraft, setCheckedDraft] = useState<InvoiceDraft | undefined>(kept ? undefined : draft);
  const [output, setOutput] = useState<ConvertOutput>('facturx_pdfa3');
  const [final, setFinal] = useState<Answer | 'pending' | undefined>(converted?.final);
  const [finalOutput, setFinalOutput] = useState<ConvertOutput>('facturx_pdfa3');
  const latest = useRef(0);
  const checkedRun = useRef(run);

  // A new reading (another target or language) of an uncorrected draft replaces it.
  useEffect(() => {
    if (edited.size > 0) return;
    const candidate = candidateOf(reading.ok ? reading.body : undefined) ?? {};
    setDraft(candidate);
    setCheckedDraft(candidate);
    setCheck(reading);
    setShown(reading);
    checkedRun.current = run;
    // Only a new reading counts here (`edited` and `run` are read as they are); corrections are checked below.
  }, [reading]);

  // The corrections are told as each is checked; those typed just before the review ends (its card
  // closed) are told then, unchecked.
  const told = useRef<InvoiceDraft | undefined>(kept?.draft);
  const onCorrectNow = useRef(onCorrect);
  onCorrectNow.current = onCorrect;
  const latestCorrection = useRef({ draft, edited });
  latestCorrection.current = { draft, edited };
  useEffect(
    () => () => {
      const { draft: last, edited: changed } = latestCorrection.current;
      if (changed.size > 0 && last !== told.current)
        onCorrectNow.current?.({ draft: last, edited: [...changed] });
    },
    [],
  );

  // A corrected draft (or a corrected draft under another target) is checked after a pause.
  useEffect(() => {
    if (edited.size === 0) return;
    if (draft === checkedDraft && run === checkedRun.current) return;
    const sequence = ++latest.current;
    setCheck('pending');
    const timer = setTimeout(() => {
      told.current = draft;
      onCorrectNow.current?.({ draft, edited: [...edited] });
      void run(file, { ...fieldsOf(draft), dry_run: 'true' }).then((answer) => {
        if (sequence !== latest.current) return;
        checkedRun.current = run;
        setCheckedDraft(draft);
        setCheck(answer);
        setShown(answer);
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [checkedDraft, delay, draft, edited, file, run]);

  const touch = useCallback((path: Path) => {
    setEdited((all) => new Set(all).add(pathText(path)));
    setFinal(undefined);
  }, []);
  const setField = useCallback(
    (path: Path, value: string) => {
      setDraft((current) => setAt(current, path, value));
      touch(path);
    },
    [touch],
  );
  const addEntry = useCallback(
    (path: Path, entry?: unknown) => {
      setDraft((current) => addAt(current, path, entry));
      touch(path);
    },
    [touch],
  );
  const removeEntry = useCallback(
    (path: Path, index: number) => {
      setDraft((current) => removeAt(current, path, index));
      touch(path);
    },
    [touch],
  );
  const replace = useCallback(
    (path: Path, value: unknown) => {
      setDraft((current) => setAt(current, path, value));
      touch(path);
    },
    [touch],
  );

  const body = convertBodyOf(shown);
  const requirements = useMemo(() => (body ? requirementsOf(body) : []), [body]);
  const shownState = checkedState(shown, requirements);
  const state: ReviewState = check === 'pending' ? { kind: 'checking' } : shownState;

  const convert = useCallback(() => {
    setFinal('pending');
    setFinalOutput(output);
    void run(file, { ...fieldsOf(draft), output }).then((answer) => {
      setFinal(answer);
      if (output === 'facturx_pdfa3') onConverted?.({ dryRun: shown, final: answer });
    });
  }, [draft, file, onConverted, output, run, shown]);

  return {
    draft,
    edited,
    setField,
    addEntry,
    removeEntry,
    replace,
    check,
    shown,
    requirements,
    shownState,
    state,
    output,
    setOutput,
    final,
    finalOutput,
    convert,
  };
}
