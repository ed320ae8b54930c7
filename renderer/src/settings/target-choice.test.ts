import { describe, expect, it } from 'vitest';
import { loadTarget, saveTarget } from './target-choice';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('target choice', () => {
  it('remembers the chosen target and falls back to EN16931 on anything else', () => {
    const storage = memoryStorage();
    expect(loadTarget(storage)).toBe('en16931');
    saveTarget(storage, 'france_2026');
    expect(loadTarget(storage)).toBe('france_2026');
    storage.setItem('facturx.validationTarget', 'peppol');
    expect(loadTarget(storage)).toBe('en16931');
  });
});
