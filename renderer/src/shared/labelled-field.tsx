import { useId, type ReactNode } from 'react';
import { DateInput } from './date-input';

interface Props {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
  /** Why the value cannot be sent, already in the interface language. */
  readonly problem?: string;
  readonly multiline?: boolean;
  readonly type?: 'text' | 'date';
  readonly maxLength?: number;
  /** Marked for assistive technology; the form itself says what is missing, in its own words. */
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly testId?: string;
}

/** One labelled input, with its hint and its problem announced and tied to it through aria-describedby. */
export function LabelledField({
  label,
  value,
  onChange,
  hint,
  problem,
  multiline,
  type = 'text',
  maxLength,
  required,
  disabled,
  testId,
}: Props) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    maxLength,
    disabled,
    'aria-required': required,
    'aria-invalid': problem !== undefined,
    'aria-describedby': described === '' ? undefined : described,
    'data-testid': testId,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={2} {...common} onChange={(e) => onChange(e.target.value)} />
      ) : type === 'date' ? (
        <DateInput
          id={id}
          value={value}
          onChange={onChange}
          invalid={problem !== undefined}
          describedBy={common['aria-describedby']}
          disabled={disabled}
          required={required}
          data-testid={testId}
        />
      ) : (
        <input type={type} {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} className="field-problem">
          {problem}
        </small>
      )}
    </div>
  );
}
