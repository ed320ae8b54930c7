/** Applies edits to the source text, and picks the changes whose edits do not overlap. */
import type { Change, Edit } from './change';

/** Start order; at the same offset an insertion comes before a replacement starting there. */
function byPosition(a: Edit, b: Edit): number {
  return a.start - b.start || a.end - b.end;
}

/** The edits must not overlap (see `nonOverlapping`). */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort(byPosition);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    parts.push(source.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

/**
 * The changes (in their order) none of whose edits overlaps an edit of an earlier change, and whether
 * any was held back. Two insertions at the same offset overlap (their order would be arbitrary).
 * One sort, one scan: linear in the number of edits, whatever the number of changes.
 */
export function nonOverlapping(changes: readonly Change[]): { kept: Change[]; deferred: boolean } {
  const entries = changes
    .flatMap((c, owner) => c.edits.map((edit) => ({ edit, owner })))
    .sort((a, b) => byPosition(a.edit, b.edit) || a.owner - b.owner);
  const dropped = new Set<number>();
  let previous: Edit | null = null;
  for (const { edit, owner } of entries) {
    if (dropped.has(owner)) continue;
    const clash =
      previous !== null &&
      (edit.start < previous.end ||
        (edit.start === edit.end && previous.start === previous.end && edit.start === previous.start));
    if (clash) dropped.add(owner);
    else previous = edit;
  }
  return { kept: changes.filter((_, i) => !dropped.has(i)), deferred: dropped.size > 0 };
}
