/**
 * Test helper: the technical words a text shown to users must not hold. A finding's message is read by
 * accountants; the XML element, attribute, XPath or PDF key it concerns belongs to its location.
 */
import { EXTENDED_XSD } from '../rules/xsd/models/extended';

const TECHNICAL: readonly (readonly [what: string, pattern: RegExp])[] = [
  // `ram:GlobalID`, `rsm:ExchangedDocument`, `udt:DateTimeString`, `fx:DocumentType`, `pdfaid:part`.
  ['prefixed name', /\b[a-z][A-Za-z]*:[A-Za-z]/g],
  // `GlobalID`, `SpecifiedLegalOrganization`, `DeviceRGB`: an element or PDF name without its prefix.
  ['element name', /\b[A-Z][a-z]+(?:[A-Z][a-z]*)+[A-Z]*\b/g],
  // `schemeID`, `unitCode`, `currencyID`: XML attributes.
  ['attribute name', /\b[a-z]+[A-Z][A-Za-z]*\b/g],
  // `//ram:X`, `@schemeID`.
  ['XPath', /\/\/|@[A-Za-z]/g],
  // `/AFRelationship`, `/ID`: a PDF name.
  ['PDF name', /(?:^|[\s(])\/[A-Z][A-Za-z]*/g],
];

/** Words of ordinary text that look like the above. */
const ORDINARY: ReadonlySet<string> = new Set(['JavaScript']);

/** The technical words found in a text, each with what it looks like (`element name: GlobalID`). */
export function technicalWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of TECHNICAL) {
    for (const m of text.matchAll(pattern)) {
      const word = m[0].trim();
      if (!ORDINARY.has(word)) found.push(`${what}: ${word}`);
    }
  }
  return found;
}

/** The CII element names with an inner capital (`GlobalID`, not `Name`), from the widest schema. */
const CII_NAMES: ReadonlySet<string> = new Set(
  Object.values(EXTENDED_XSD.types).flatMap((type) =>
    'simple' in type
      ? []
      : ('sequence' in type ? type.sequence : type.choice)
          .map(([name]) => name.slice(name.indexOf(':') + 1))
          .filter((local) => /[a-z][A-Z]/.test(local)),
  ),
);

const ATTRIBUTES = /\b(?:schemeID|unitCode|currencyID|listID|listVersionID|mimeCode|languageID)\b/g;

/**
 * The XML names in a finding as a report shows it, the values the document holds included: only what a
 * value does not hold (a CII prefix, a CII element or attribute name), so that an invoice's own text
 * (`ACME GmbH`, `urn:cen.eu:en16931:2017`) is not taken for one.
 */
export function xmlNamesIn(text: string): string[] {
  const found = [...text.matchAll(/\b(?:ram|rsm|udt|qdt|xs):[A-Za-z]+/g)].map((m) => m[0]);
  for (const m of text.matchAll(/\b[A-Za-z]+\b/g)) if (CII_NAMES.has(m[0])) found.push(m[0]);
  return [...found, ...[...text.matchAll(ATTRIBUTES)].map((m) => m[0])];
}
