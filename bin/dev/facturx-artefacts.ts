/**
 * The Factur-X 1.09 profile artefacts as the dev tools read them: which file serves which profile, and
 * the id and message of each assertion (generate-facturx-rules.ts writes them as data, the oracle
 * schematron-oracle.ts reports Saxon's findings under the same ids).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCompiled, readSch, type SchArtefact, type SchAssertion } from './read-schematron';

export const FACTURX_VERSION = '1.09';

export const FACTURX_ARTEFACTS = [
  { profile: 'MINIMUM', file: 'Factur-X_1.09_MINIMUM.xsl', module: 'minimum', code: 'MINIMUM' },
  { profile: 'BASIC_WL', file: 'Factur-X_1.09_BASICWL.sch', module: 'basic-wl', code: 'BASICWL' },
  { profile: 'BASIC', file: 'Factur-X_1.09_BASIC.xsl', module: 'basic', code: 'BASIC' },
  { profile: 'EN16931', file: 'Factur-X_1.09_EN16931.sch', module: 'en16931', code: 'EN16931' },
  { profile: 'EXTENDED', file: 'Factur-X_1.09_EXTENDED.sch', module: 'extended', code: 'EXTENDED' },
] as const;

/** The structural messages of the artefacts, as [kind, pattern]: the name and count are data. */
const STRUCTURAL: readonly (readonly [string, RegExp])[] = [
  ['exactly', /^Element '([^']+)' must occur exactly (\d+) times\.$/],
  ['atMost', /^Element '([^']+)' may occur at maximum (\d+) times\.$/],
  ['atLeast', /^Element '([^']+)' must occur at least (\d+) times\.$/],
  ['notUsed', /^Element '([^']+)' is marked as not used in the given context\.$/],
  ['variantNotUsed', /^Element variant '([^']+)' is marked as not used in the given context\.$/],
  ['variantAtMost', /^Element variant '([^']+)' may occur at maximum (\d+) times\.$/],
  ['attributeRequired', /^Attribute '([^']+)' is required in this context\.$/],
  ['attributeNotUsed', /^Attribute '?@?([^']+)' marked as not used in the given context\.$/],
];

/** `$name` replaced by the rule variable's XPath, innermost last (a variable may use earlier ones). */
export function inline(test: string, lets: readonly (readonly [string, string])[]): string {
  let out = test;
  for (const [name, value] of [...lets].reverse())
    out = out.replace(new RegExp(`\\$${name.replace(/[.-]/g, '\\$&')}(?![\\w.-])`, 'g'), `(${value})`);
  return out.replace(/\s+/g, ' ').trim();
}

const terms = (text: string): string[] => [
  ...new Set([...text.matchAll(/\b(B[TG]-(?:X-)?\d+(?:-\d+)?)\b/gi)].map((m) => m[1]!.toUpperCase())),
];

export type Message = readonly [string, ...(string | number)[]];

export function describe(a: SchAssertion, position: string): { id: string; message: Message; bt: string[] } {
  const idInText = /^\[([^\]]+)\]\s*-?\s*(.*)$/.exec(a.text);
  if (idInText) return { id: idInText[1]!.trim(), message: ['rule'], bt: terms(idInText[2]!) };
  const id = a.idAttribute ?? position;
  for (const [kind, pattern] of STRUCTURAL) {
    const m = pattern.exec(a.text);
    if (m) return { id, message: [kind, m[1]!, ...(m[2] ? [Number(m[2])] : [])], bt: [] };
  }
  throw new Error(`${position}: unknown message "${a.text}"`);
}

export type FacturxSpec = (typeof FACTURX_ARTEFACTS)[number];

export function readFacturxArtefact(dir: string, spec: FacturxSpec): SchArtefact {
  const source = readFileSync(path.join(dir, spec.file), 'utf8');
  return spec.file.endsWith('.xsl') ? readCompiled(spec.file, source) : readSch(spec.file, source);
}

/** The positional id of an assertion without one of its own: profile and position in the artefact. */
export const positionalId = (spec: FacturxSpec, position: number): string =>
  `FX-${spec.code}-${String(position).padStart(4, '0')}`;

/** Assertions that read a code list file not published with the artefacts (left out). */
export const readsCodeList = (a: SchAssertion): boolean => a.test.includes('document(');
