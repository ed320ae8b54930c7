/**
 * The time bound of the rules of one document: a document whose rules run past it is refused as
 * `invalid_data_format`, saying which bound, by validate and by repair, instead of holding the service
 * for minutes. No document here is slow: the bound is read from a clock of the test's own, which moves a
 * second each time it is read, so that the rules run past a one-second bound at its second reading
 * whatever the machine's speed or load (the bound is read once every few checks of the rules' loops).
 */
import { describe, expect, it } from 'vitest';
import { repairXml } from '../repair/repair';
import type { Clock } from '../rules/time-limit';
import { goldenCii } from '../testing/hostile-xml';
import { validateXml, VALIDATION_TIME_LIMIT_MS } from './validate';

/** A clock that moves `stepMs` at each reading. */
function steppingClock(stepMs: number): Clock & { readonly readings: () => number } {
  let readings = 0;
  return Object.assign(() => readings++ * stepMs, { readings: () => readings });
}

const REFUSAL =
  'The XML is refused: checking it against its rules takes longer than 1 s, the bound for one document.';

describe('the time bound of the rules of one document', () => {
  it('is a minute by default, which a real invoice is far within', () => {
    expect(VALIDATION_TIME_LIMIT_MS).toBe(60_000);
    const golden = validateXml(goldenCii(), { target: 'france_2026', timeLimitMs: 10_000 });
    expect(golden.ok).toBe(true);
  });

  it('is read from the clock while the rules run, and not past when the clock stands still', () => {
    const clock = steppingClock(0);
    const outcome = validateXml(goldenCii(), { target: 'france_2026', timeLimitMs: 1_000, clock });
    expect(outcome.ok).toBe(true);
    expect(clock.readings()).toBeGreaterThan(2);
  });

  it('refuses in validate what takes longer, saying so in both languages', () => {
    const clock = steppingClock(1_000);
    const outcome = validateXml(goldenCii(), { target: 'en16931', timeLimitMs: 1_000, clock });
    expect(outcome.ok ? outcome.report.profile : outcome.error).toMatchObject({
      code: 'invalid_data_format',
      bound: 'time',
      message: REFUSAL,
      localized: { fr: expect.stringContaining('prend plus de 1 s') },
    });
    // The refusal comes at the reading past the bound, not at the end of the rules.
    expect(clock.readings()).toBe(3);
  });

  it('refuses in repair what takes longer, rather than reporting it unjudged', () => {
    const clock = steppingClock(1_000);
    const outcome = repairXml(goldenCii(), { target: 'en16931', lang: 'en', timeLimitMs: 1_000, clock });
    expect(outcome.ok ? 'repaired' : outcome.error).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'file', message: REFUSAL },
    });
  });
});
