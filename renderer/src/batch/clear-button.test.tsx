// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n';
import { ClearButton } from './clear-button';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function show(kept: boolean, lang: 'en' | 'fr' = 'en') {
  localStorage.setItem('facturx.lang', lang);
  const onClear = vi.fn();
  render(
    <I18nProvider>
      <ClearButton count={12} kept={kept} onClear={onClear} />
    </I18nProvider>,
  );
  return onClear;
}

describe('Clear asks before it empties the list', () => {
  it('clears only once confirmed, saying the kept list goes too', () => {
    const onClear = show(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).not.toHaveBeenCalled();
    const question = screen.getByRole('group', {
      name: 'Clear the 12 document(s) from the list? They are also removed from the list kept on this computer.',
    });
    const confirm = screen.getByRole('button', { name: 'Yes, clear the list' });
    expect(question.contains(confirm)).toBe(true);
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('clear-confirm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
  });

  it('keeps the list on "Keep the list" or Escape, from the keyboard alone', () => {
    const onClear = show(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('clear-confirm').textContent).toContain(
      'Clear the 12 document(s) from the list?',
    );
    expect(screen.getByTestId('clear-confirm').textContent).not.toContain('kept on this computer');
    fireEvent.click(screen.getByRole('button', { name: 'Keep the list' }));
    expect(screen.queryByTestId('clear-confirm')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('clear-confirm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).not.toHaveBeenCalled();
  });

  it('speaks French', () => {
    const onClear = show(true, 'fr');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(screen.getByTestId('clear-confirm').textContent).toContain(
      'Ils sont aussi retirés de la liste conservée sur cet ordinateur.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Oui, effacer la liste' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
