/**
 * Values worked out once per document and shared by whatever asks for them (a pattern's results, the
 * XPath environment, the invoice views). Each asker holds a slot of the document's memo (`RuleInput.memo`),
 * an array index: a document is asked thousands of times, and a lookup keyed by the document (a WeakMap)
 * costs several times more than reading an array.
 */
import type { RuleInput } from './rule';

let slots = 0;

/** A new slot in every document's memo. */
export function memoSlot(): number {
  return slots++;
}

/** An empty memo for a new document, sized for the slots handed out so far (more may come). */
export const newMemo = (): unknown[] => new Array<unknown>(slots);

/** `compute` of a document, worked out on the first ask (it never gives undefined: that means "not yet"). */
export function perDocument<T extends NonNullable<unknown> | null>(
  compute: (input: RuleInput) => T,
): (input: RuleInput) => T {
  const slot = memoSlot();
  return (input) => {
    let value = input.memo[slot] as T | undefined;
    if (value === undefined) {
      value = compute(input);
      input.memo[slot] = value;
    }
    return value;
  };
}
