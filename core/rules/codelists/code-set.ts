/** A code list written as whitespace-separated codes, as a set for exact (case-sensitive) lookups. */
export function codeSet(codes: string): ReadonlySet<string> {
  return new Set(codes.split(/\s+/).filter((c) => c !== ''));
}
