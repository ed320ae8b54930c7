import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueReason, REASONS, valueAt } from './reasons';

const schema = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/, REASONS.countryCode.en),
  lines: z.array(z.strictObject({ quantity: z.string().min(1) })),
  mode: z.enum(['strict', 'lenient']),
  note: z.string().refine((v) => v !== 'x', 'a reason of nobody’s'),
});

const reasonsOf = (input: unknown) => {
  const checked = schema.safeParse(input);
  if (checked.success) throw new Error('expected a refusal');
  return checked.error.issues.map((issue) => issueReason(issue, input));
};

describe('issueReason', () => {
  it('words zod’s own checks in English and French, reading the refused value again for type errors', () => {
    const [lines, mode, unknown] = reasonsOf({
      country: 'FR',
      lines: [{ quantity: 3 }],
      mode: 'loose',
      note: 'n',
      extra: true,
    });
    expect(lines).toEqual({
      en: 'Invalid input: expected string, received number',
      fr: 'Entrée invalide : chaîne de caractères attendu, nombre reçu',
    });
    expect(mode).toEqual({
      en: 'Invalid option: expected one of "strict"|"lenient"',
      fr: 'Option invalide : une valeur parmi "strict"|"lenient" attendue',
    });
    expect(unknown).toEqual({ en: 'Unrecognized key: "extra"', fr: 'Clé non reconnue : "extra"' });
  });

  it('gives our own reasons from the table, and leaves a reason it does not know as it is', () => {
    const [country, note] = reasonsOf({ country: 'France', lines: [], mode: 'strict', note: 'x' });
    expect(country).toEqual(REASONS.countryCode);
    expect(note).toEqual({ en: 'a reason of nobody’s', fr: 'a reason of nobody’s' });
  });

  it('finds a value by its issue path', () => {
    expect(valueAt({ a: [{ b: 2 }] }, ['a', 0, 'b'])).toBe(2);
    expect(valueAt({ a: 1 }, ['a', 'b'])).toBeUndefined();
  });
});
