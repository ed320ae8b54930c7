import { addressKeys, limits, type ComplementInput, type ComplementProblem } from './complements';
import type { Conversion } from './use-conversion';
import { useI18n } from '../i18n/i18n';
import { LabelledField } from '../shared/labelled-field';
import { TermLabel } from '../shared/term-label';

interface FieldProps {
  readonly fieldKey: string;
  readonly label: string;
  readonly conversion: Conversion;
  readonly hint?: string;
  readonly multiline?: boolean;
  readonly type?: 'text' | 'date';
  readonly maxLength?: number;
}

function Field({ fieldKey, label, conversion, hint, multiline, type, maxLength }: FieldProps) {
  const { t } = useI18n();
  const problem: ComplementProblem | undefined = conversion.problems[fieldKey];
  return (
    <LabelledField
      label={label}
      value={conversion.values[fieldKey] ?? ''}
      onChange={(value) => conversion.setValue(fieldKey, value)}
      testId={`complement-${fieldKey}`}
      hint={hint}
      problem={
        problem && t(problem, { max: fieldKey.endsWith('.value') ? limits.addressValue : limits.noteContent })
      }
      multiline={multiline}
      type={type}
      maxLength={maxLength}
    />
  );
}

function InputFields({
  input,
  conversion,
}: {
  readonly input: ComplementInput;
  readonly conversion: Conversion;
}) {
  const { t } = useI18n();
  switch (input.kind) {
    case 'address': {
      const keys = addressKeys(input.input);
      return (
        <div className="field-row">
          <Field
            fieldKey={keys.value}
            label={t('complement.addressValue')}
            conversion={conversion}
            maxLength={limits.addressValue}
          />
          <Field
            fieldKey={keys.scheme}
            label={t('complement.addressScheme')}
            hint={t('complement.addressSchemeHint')}
            conversion={conversion}
            maxLength={20}
          />
        </div>
      );
    }
    case 'note':
      return (
        <Field
          fieldKey={input.input}
          label={t('complement.note', { code: input.code })}
          hint={t(`complement.noteHint.${input.code === 'PMT' || input.code === 'PMD' ? input.code : 'AAB'}`)}
          conversion={conversion}
          multiline
          maxLength={limits.noteContent}
        />
      );
    case 'iban':
      return <Field fieldKey={input.input} label={t('complement.iban')} conversion={conversion} />;
    case 'precedingDate':
      return (
        <Field
          fieldKey={input.input}
          label={t('complement.precedingDate')}
          conversion={conversion}
          type="date"
        />
      );
  }
}

/** "How to clear them": one input per complement the dry runs asked for, prefilled from their examples. */
export function ComplementForm({ conversion }: { readonly conversion: Conversion }) {
  const { t } = useI18n();
  const blocked = Object.keys(conversion.problems).length > 0;
  return (
    <form
      className="complements"
      data-testid="complements"
      aria-labelledby="complements-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) conversion.check();
      }}
    >
      <h4 id="complements-title">{t('complement.title')}</h4>
      <p className="group-hint">{t('complement.hint')}</p>
      {conversion.inputs.map((input) => (
        <fieldset key={input.input} className="complement" data-input={input.input}>
          <legend>
            <TermLabel term={input.bt} />
            {input.kind === 'address' && <span> · {t(`complement.party.${input.party}`)}</span>}
          </legend>
          <InputFields input={input} conversion={conversion} />
        </fieldset>
      ))}
      <div className="actions">
        <button type="submit" className="secondary" disabled={blocked || conversion.dryRun === 'pending'}>
          {t('convert.checkAgain')}
        </button>
        {conversion.unchecked && (
          <small className="field-hint" data-testid="unchecked">
            {t('complement.unchecked')}
          </small>
        )}
      </div>
    </form>
  );
}
