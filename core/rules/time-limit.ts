/**
 * The time bound of the rules of one document. Rules run synchronously, so the bound is checked where
 * they loop (per rule, per context element): past it, `check()` throws {@link OutOfTime}, which the
 * validation engine turns into a refusal, an error value. The clock is read once every few checks, so
 * that a check costs next to nothing in an inner loop.
 */
export class OutOfTime extends Error {
  constructor(readonly limitMs: number) {
    super(`the rules took longer than ${limitMs} ms`);
    this.name = 'OutOfTime';
  }
}

export interface TimeLimit {
  /** Throws {@link OutOfTime} once the time is up. */
  check(): void;
}

const CHECKS_PER_READING = 64;

/** What the bound reads the time from, in milliseconds: the process's clock, or a test's own. */
export type Clock = () => number;

export function timeLimit(limitMs: number, clock: Clock = () => performance.now()): TimeLimit {
  const end = clock() + limitMs;
  let countdown = CHECKS_PER_READING;
  return {
    check() {
      if (--countdown > 0) return;
      countdown = CHECKS_PER_READING;
      if (clock() > end) throw new OutOfTime(limitMs);
    },
  };
}
