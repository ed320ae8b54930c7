import { useEffect, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { DATE_PATTERN, parseTypedDate, shiftDate, typedDate } from './typed-date';

interface Props {
  readonly id: string;
  /** The date as the data holds it, `YYYY-MM-DD`, or empty. */
  readonly value: string;
  /** Called with `YYYY-MM-DD` once the text is a date, or with '' once it is emptied. */
  readonly onChange: (value: string) => void;
  readonly invalid?: boolean;
  readonly describedBy?: string | undefined;
  readonly disabled?: boolean | undefined;
  readonly required?: boolean | undefined;
  readonly 'data-bt'?: string;
  readonly 'data-testid'?: string | undefined;
}

/**
 * A date typed as the page's language writes it (fr `JJ/MM/AAAA`, en `YYYY-MM-DD`), whatever the
 * browser's own locale: the browser's date input follows that locale, not the page. It reads and writes
 * `YYYY-MM-DD`; the arrow keys move the date by a day. A text that is no date stays as typed and is marked.
 */
export function DateInput({ id, value, onChange, invalid, describedBy, disabled, required, ...data }: Props) {
  const { lang, t } = useI18n();
  const [text, setText] = useState(() => typedDate(value, lang));
  // Shown again from the data when the data or the language changes, unless the text already says it.
  useEffect(() => {
    setText((typed) =>
      parseTypedDate(typed, lang) === value && value !== '' ? typed : typedDate(value, lang),
    );
  }, [value, lang]);
  const notDate = text.trim() !== '' && parseTypedDate(text, lang) === null;
  const pattern = DATE_PATTERN[lang];
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') onChange('');
    else {
      const date = parseTypedDate(next, lang);
      if (date !== null) onChange(date);
    }
  };
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const days = { ArrowUp: 1, ArrowDown: -1 }[event.key];
    const date = parseTypedDate(text, lang);
    if (days === undefined || date === null) return;
    event.preventDefault();
    const next = shiftDate(date, days);
    setText(typedDate(next, lang));
    onChange(next);
  };
  const described = [describedBy, `${id}-format`].filter(Boolean).join(' ');
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={pattern}
        value={text}
        disabled={disabled}
        aria-required={required}
        aria-invalid={invalid || notDate || undefined}
        aria-describedby={described}
        onChange={(event) => change(event.target.value)}
        onKeyDown={step}
        {...data}
      />
      <small id={`${id}-format`} className={notDate ? 'field-problem' : 'visually-hidden'}>
        {notDate ? t('date.invalid', { format: pattern }) : t('date.format', { format: pattern })}
      </small>
    </>
  );
}
