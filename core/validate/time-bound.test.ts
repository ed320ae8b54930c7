/**
 * The time bound of the rules of one document: an EXTENDED invoice whose profile rule BR-FXEXT-06 takes
 * time quadratic in its lines (as the official artefact's does) is refused as `invalid_data_format`,
 * saying which bound, by validate and by repair, instead of holding the service for minutes. The bound
 * is given small here, far below what the document takes (some seconds for 1,000 lines, four times
 * more for 2,000), so that no machine's speed changes the outcome.
 */
import { describe, expect, it } from 'vitest';
import { repairXml } from '../repair/repair';
import { extendedManyLines, goldenCii } from '../testing/hostile-xml';
import { validateXml, VALIDATION_TIME_LIMIT_MS } from './validate';

const slow = extendedManyLines(2_000);
const REFUSAL =
  'The XML is refused: checking it against its rules takes longer than 1 s, the bound for one document.';

describe('the time bound of the rules of one document', () => {
  it('is a minute by default, which a real invoice is far within', () => {
    expect(VALIDATION_TIME_LIMIT_MS).toBe(60_000);
    const golden = validateXml(goldenCii(), { target: 'france_2026', timeLimitMs: 10_000 });
    expect(golden.ok).toBe(true);
  });

  it('refuses in validate what takes longer, saying so in both languages', () => {
    const outcome = validateXml(slow, { target: 'en16931', timeLimitMs: 1_000 });
    expect(outcome.ok ? outcome.report.profile : outcome.error).toMatchObject({
      code: 'invalid_data_format',
      bound: 'time',
      message: REFUSAL,
      localized: { fr: expect.stringContaining('prend plus de 1 s') },
    });
  });

  it('refuses in repair what takes longer, rather than reporting it unjudged', () => {
    const outcome = repairXml(slow, { target: 'en16931', lang: 'en', timeLimitMs: 1_000 });
    expect(outcome.ok ? 'repaired' : outcome.error).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'file', message: REFUSAL },
    });
  });
});
