import { describe, expect, it } from 'vitest';
import { isFrenchDate } from './date-format';

describe('BR-FR-03 dates', () => {
  it('accepts real dates of 2000–2099 written YYYYMMDD', () => {
    expect(isFrenchDate('20260915')).toBe(true);
    expect(isFrenchDate('20000229')).toBe(true);
    expect(isFrenchDate('20240229')).toBe(true);
    expect(isFrenchDate('20991231')).toBe(true);
  });

  it('rejects impossible dates and other centuries', () => {
    expect(isFrenchDate('20230229')).toBe(false);
    expect(isFrenchDate('20260431')).toBe(false);
    expect(isFrenchDate('20261301')).toBe(false);
    expect(isFrenchDate('20260100')).toBe(false);
    expect(isFrenchDate('19990915')).toBe(false);
    expect(isFrenchDate('21000101')).toBe(false);
    expect(isFrenchDate('2026-09-15')).toBe(false);
    expect(isFrenchDate('')).toBe(false);
  });

  it('looks only at the first 8 characters, as the artefact truncates', () => {
    expect(isFrenchDate('20260915T10:00')).toBe(true);
    expect(isFrenchDate(' 20260915')).toBe(false);
  });
});
