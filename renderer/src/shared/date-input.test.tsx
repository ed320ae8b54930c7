// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, useI18n } from '../i18n/i18n';
import { DateInput } from './date-input';
import { parseTypedDate, shiftDate } from './typed-date';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A labelled date held as `YYYY-MM-DD`, with the language switch of the page. */
function Form({ initial, seen }: { readonly initial: string; readonly seen: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  const { setLang } = useI18n();
  return (
    <>
      <label htmlFor="due">Due date</label>
      <DateInput
        id="due"
        value={value}
        onChange={(next) => {
          seen(next);
          setValue(next);
        }}
      />
      <output data-testid="held">{value}</output>
      <button type="button" onClick={() => setLang('en')}>
        English
      </button>
    </>
  );
}

function show(lang: 'en' | 'fr', initial = '2026-12-31') {
  localStorage.setItem('facturx.lang', lang);
  const seen = vi.fn();
  render(
    <I18nProvider>
      <Form initial={initial} seen={seen} />
    </I18nProvider>,
  );
  return { input: screen.getByLabelText('Due date') as HTMLInputElement, seen };
}

const held = () => screen.getByTestId('held').textContent;

describe('a date typed in the page’s language', () => {
  it('reads day first on a French page, whatever the browser’s locale, and holds YYYY-MM-DD', () => {
    const { input, seen } = show('fr');
    expect(input.type).toBe('text');
    expect(input.value).toBe('31/12/2026');
    expect(input.placeholder).toBe('JJ/MM/AAAA');
    fireEvent.change(input, { target: { value: '01/02/2027' } });
    expect(held()).toBe('2027-02-01');
    fireEvent.change(input, { target: { value: '1/3/2027' } });
    expect(held()).toBe('2027-03-01');
    expect(input.value).toBe('1/3/2027');
    fireEvent.change(input, { target: { value: '' } });
    expect(held()).toBe('');
    expect(seen).toHaveBeenLastCalledWith('');
  });

  it('writes the English page’s dates as that page shows them, YYYY-MM-DD', () => {
    const { input } = show('en', '2026-07-14');
    expect(input.value).toBe('2026-07-14');
    expect(input.placeholder).toBe('YYYY-MM-DD');
    fireEvent.change(input, { target: { value: '2026/8/1' } });
    expect(held()).toBe('2026-08-01');
  });

  it('keeps a text that is no date as typed, marks it and says how to write it, holding the last date', () => {
    const { input, seen } = show('fr');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(input.value).toBe('31/02/2026');
    expect(held()).toBe('2026-12-31');
    expect(seen).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(said?.textContent).toBe('Ce n’est pas une date : écrivez-la JJ/MM/AAAA.');
  });

  it('moves by a day with the arrow keys, across months and years', () => {
    const { input } = show('fr');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('01/01/2027');
    expect(held()).toBe('2027-01-01');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(held()).toBe('2026-12-30');
  });

  it('is written again when the page changes language', () => {
    const { input } = show('fr');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(input.value).toBe('2026-12-31');
  });
});

describe('parseTypedDate', () => {
  it('reads each language’s forms and refuses dates the calendar has not', () => {
    expect(parseTypedDate('31.12.2026', 'fr')).toBe('2026-12-31');
    expect(parseTypedDate('31122026', 'fr')).toBe('2026-12-31');
    expect(parseTypedDate('2026-12-31', 'fr')).toBeNull();
    expect(parseTypedDate('20261231', 'en')).toBe('2026-12-31');
    expect(parseTypedDate('29/02/2028', 'fr')).toBe('2028-02-29');
    expect(parseTypedDate('29/02/2027', 'fr')).toBeNull();
    expect(parseTypedDate('31/12', 'fr')).toBeNull();
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});
