/**
 * The bounds every XML the application reads is held to (README, "Bounds"). Each is far beyond a real
 * invoice (a 100-line CII invoice has some 2,000 elements, 30 attributes on its busiest element, 5 to 10
 * namespace declarations and 3,000 lines) and small enough that the worst document within them is
 * parsed, validated, repaired and converted in bounded time and memory.
 */
export interface XmlLimits {
  /** Largest accepted source, in UTF-16 code units (≈ characters). */
  readonly maxLength: number;
  /** Deepest element nesting. */
  readonly maxDepth: number;
  /** Elements in the document. */
  readonly maxElements: number;
  /** Attributes on one element, namespace declarations included. */
  readonly maxAttributes: number;
  /** Namespace declarations in the whole document. */
  readonly maxNamespaceDeclarations: number;
  /** Lines of the source. */
  readonly maxLines: number;
}

export const XML_LIMITS: XmlLimits = {
  maxLength: 20 * 1024 * 1024,
  maxDepth: 256,
  maxElements: 1_000_000,
  maxAttributes: 256,
  maxNamespaceDeclarations: 100_000,
  maxLines: 2_000_000,
};
