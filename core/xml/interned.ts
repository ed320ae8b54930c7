/**
 * The one copy V8 keeps of equal strings (a property key is made so). Names and namespace URIs sliced out
 * of a source (an XML document, an XPath expression) are compared with each other and with constants
 * hundreds of thousands of times: interned, each comparison is one of identity, instead of a call
 * comparing the characters.
 */
export function interned(s: string): string {
  // A dictionary object (no prototype): a name of its own gives it no hidden class of its own.
  const holder: Record<string, 0> = Object.create(null);
  holder[s] = 0;
  return Object.keys(holder)[0]!;
}
