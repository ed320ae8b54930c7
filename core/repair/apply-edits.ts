/** Applies edits to the source text, back to front so that earlier offsets stay valid. */
import type { Edit } from './change';

export function overlaps(a: Edit, b: Edit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

/** The edits must not overlap (the engine drops a change whose edits overlap an accepted one). */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    parts.push(source.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}
