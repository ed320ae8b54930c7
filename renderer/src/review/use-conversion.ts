import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConvertControl } from '../../../core/api/convert-progress';
import type { ValidationTarget } from '../../../core/api/targets';
import type { Answer, FormFields, InvoiceFile, ProfileRole } from '../backend/backend';
import {
  complementFields,
  complementInputOf,
  prefill,
  problemsOf,
  type ComplementInput,
  type ComplementProblem,
  type ComplementValues,
} from './complements';
import type { InvoiceDraft } from '../document/invoice-draft';
import { convertBodyOf, requiredInputsOf } from './convert-bodies';
import { fieldsOf } from './use-review';

/** What is converted: an uploaded PDF, or the text of a full `invoice_data` payload (sent without a file). */
export type ConvertSource =
  | {
      readonly kind: 'pdf';
      readonly filename: string;
      readonly file: InvoiceFile;
      /** The invoice as the accountant corrected it in the review form, sent with the PDF as carrier. */
      readonly corrected?: InvoiceDraft;
    }
  | { readonly kind: 'invoice_data'; readonly filename: string; readonly invoiceData: string };

export type ConvertOutput = 'facturx_pdfa3' | 'xml_cii';

/**
 * A conversion made in a document's own form: the dry run that said it could pass, and the final call's
 * answer. Kept with the document as a batch conversion is, so that its line and the export know of it.
 */
export interface FormConversion {
  readonly dryRun: Answer;
  readonly final: Answer;
}
export const convertOutputs: readonly ConvertOutput[] = ['facturx_pdfa3', 'xml_cii'];

/**
 * Sends one convert request: the file (or none) and the form fields besides it; `control` follows it and
 * stops it (where the transport can).
 */
export type RunConvert = (
  file: InvoiceFile | null,
  fields: FormFields,
  control?: ConvertControl,
) => Promise<Answer>;

/** The saved profiles chosen for reuse, by id; none chosen means no reuse at all. */
export type ProfileChoice = Readonly<Partial<Record<ProfileRole, string>>>;

/** Input mode 4: explicit reuse of the chosen profiles (`issuer_id`, `client_id`). */
export function profileReuseFields(choice: ProfileChoice): FormFields {
  if (!choice.seller && !choice.buyer) return {};
  return {
    profile_reuse: 'explicit',
    ...(choice.seller ? { issuer_id: choice.seller } : {}),
    ...(choice.buyer ? { client_id: choice.buyer } : {}),
  };
}

export interface Conversion {
  readonly output: ConvertOutput;
  readonly setOutput: (output: ConvertOutput) => void;
  readonly dryRun: Answer | 'pending' | undefined;
  readonly final: Answer | 'pending' | undefined;
  /** The output the final call asked for. */
  readonly finalOutput: ConvertOutput;
  /** Every input a dry run of this conversion asked for, kept once cleared so the final call sends it. */
  readonly inputs: readonly ComplementInput[];
  /** Inputs asked for that no complement can supply from this source. */
  readonly unsupportedInputs: readonly string[];
  readonly values: ComplementValues;
  readonly setValue: (key: string, value: string) => void;
  readonly problems: Readonly<Record<string, ComplementProblem>>;
  /** The complements differ from those the last dry run checked. */
  readonly unchecked: boolean;
  readonly profiles: ProfileChoice;
  /** Chooses a saved profile for a role, or none; a dry run already made is run again with it. */
  readonly setProfile: (role: ProfileRole, id: string | undefined) => void;
  /** Runs the dry run with the complements typed so far. */
  readonly check: () => void;
  /** The final call with the chosen output. */
  readonly convert: () => void;
}

/** The fields that carry a source: none for a PDF (the file is the source), its `invoice_data` otherwise. */
export function sourceFields(source: ConvertSource): FormFields {
  if (source.kind === 'pdf') return source.corrected ? fieldsOf(source.corrected) : {};
  // A file holding a contract example (`{ name, description, invoice_data }`) sends its invoice_data.
  try {
    const parsed = JSON.parse(source.invoiceData) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'invoice_data' in parsed) {
      const inner = (parsed as { invoice_data: unknown }).invoice_data;
      if (typeof inner === 'object' && inner !== null) return { invoice_data: JSON.stringify(inner) };
    }
  } catch {
    // Not JSON: sent as is, the server's answer says what is wrong with it.
  }
  return { invoice_data: source.invoiceData };
}

/**
 * One conversion's state. `run` sends with the validation target of the moment; `target` is that same
 * target, so that a dry run made for another target, or with other profiles, is made again.
 */
export function useConversion(
  source: ConvertSource,
  run: RunConvert,
  target: ValidationTarget,
  onConverted?: (conversion: FormConversion) => void,
  /** The document's conversion made before (in a card since closed): its result is shown again. */
  converted?: FormConversion,
): Conversion {
  const [output, setOutput] = useState<ConvertOutput>('facturx_pdfa3');
  // Only the result comes back: the complements typed for its check are gone, so a new conversion starts
  // from a new check.
  const [dryRun, setDryRun] = useState<Answer | 'pending'>();
  const [final, setFinal] = useState<Answer | 'pending' | undefined>(converted?.final);
  const [finalOutput, setFinalOutput] = useState<ConvertOutput>('facturx_pdfa3');
  const [inputs, setInputs] = useState<readonly ComplementInput[]>([]);
  const [unsupportedInputs, setUnsupported] = useState<readonly string[]>([]);
  const [values, setValues] = useState<ComplementValues>({});
  const [checked, setChecked] = useState<FormFields | undefined>();
  const [profiles, setProfiles] = useState<ProfileChoice>({});
  /** What the last dry run was asked for: the target and the profiles. */
  const [checkedFor, setCheckedFor] = useState<string>();
  const wanted = JSON.stringify([target, profiles.seller ?? null, profiles.buyer ?? null]);
  // Only the newest dry run's answer is shown, whatever order the answers arrive in.
  const latest = useRef(0);

  const file = source.kind === 'pdf' ? source.file : null;
  const base = useMemo(
    () => ({ ...sourceFields(source), ...profileReuseFields(profiles) }),
    [source, profiles],
  );
  const complements = useMemo(() => complementFields(inputs, values), [inputs, values]);
  const problems = useMemo(() => problemsOf(inputs, values), [inputs, values]);

  const check = useCallback(() => {
    setDryRun('pending');
    setFinal(undefined);
    setCheckedFor(wanted);
    const sent = complements;
    const sequence = ++latest.current;
    void run(file, { ...base, ...sent, dry_run: 'true' }).then((answer) => {
      if (sequence !== latest.current) return;
      setDryRun(answer);
      setChecked(sent);
      const body = convertBodyOf(answer);
      if (!body) return;
      const asked = requiredInputsOf(body);
      const offered = asked.flatMap((input) => complementInputOf(input, source.kind) ?? []);
      setUnsupported(asked.filter((input) => !complementInputOf(input, source.kind)));
      setInputs((known) => [
        ...known,
        ...offered.filter((input) => !known.some((k) => k.input === input.input)),
      ]);
      const example = body.conversionInputRecipe?.examplePayload ?? {};
      // What the user typed wins over the example.
      setValues((typed) => ({ ...prefill(offered, example), ...typed }));
    });
  }, [base, complements, file, run, source.kind, wanted]);

  useEffect(() => {
    if (checkedFor !== undefined && checkedFor !== wanted) check();
  }, [check, checkedFor, wanted]);

  const setProfile = useCallback((role: ProfileRole, id: string | undefined) => {
    setProfiles(({ [role]: _previous, ...others }) => (id ? { ...others, [role]: id } : others));
  }, []);

  const convert = useCallback(() => {
    setFinal('pending');
    setFinalOutput(output);
    const allowedBy = dryRun;
    void run(file, { ...base, ...complements, output }).then((answer) => {
      setFinal(answer);
      if (output === 'facturx_pdfa3' && allowedBy !== undefined && allowedBy !== 'pending')
        onConverted?.({ dryRun: allowedBy, final: answer });
    });
  }, [base, complements, dryRun, file, onConverted, output, run]);

  const setValue = useCallback((key: string, value: string) => {
    setValues((all) => ({ ...all, [key]: value }));
  }, []);

  const unchecked = checked !== undefined && JSON.stringify(checked) !== JSON.stringify(complements);

  return {
    output,
    setOutput,
    dryRun,
    final,
    finalOutput,
    inputs,
    unsupportedInputs,
    values,
    setValue,
    problems,
    unchecked,
    profiles,
    setProfile,
    check,
    convert,
  };
}
