/**
 * Codes an invoice carries, in words: the names of core/rules/codelists/code-names.ts, countries and
 * currencies by the platform's own names (Intl). A code without a name stays the code.
 */
import {
  CODE_NAMES,
  vatexName,
  type CodeName,
  type NamedCodeList,
} from '../../../core/rules/codelists/code-names';
import { VATEX_CODES } from '../../../core/rules/codelists/vatex';
import type { Lang } from '../i18n/messages';

export type CodeList = NamedCodeList | 'vatex' | 'country' | 'currency';

const tables: Partial<Record<CodeList, Readonly<Record<string, CodeName>>>> = CODE_NAMES;

function displayName(type: 'region' | 'currency', code: string, lang: Lang): string | undefined {
  try {
    const name = new Intl.DisplayNames([lang], { type, fallback: 'none' }).of(code);
    return name === undefined || name === code ? undefined : name;
  } catch {
    // Not a well-formed code for Intl: no name.
    return undefined;
  }
}

/** The codes a form offers for a list: the named ones (all of VATEX); countries and currencies are typed. */
export function codesOf(list: CodeList): readonly string[] {
  if (list === 'vatex') return [...VATEX_CODES];
  return Object.keys(tables[list] ?? {});
}

/** The name of a code in the interface's language, or undefined when the code has none. */
export function codeName(list: CodeList, code: string | undefined, lang: Lang): string | undefined {
  if (code === undefined || code === '') return undefined;
  if (list === 'country') return displayName('region', code, lang);
  if (list === 'currency') return displayName('currency', code, lang);
  if (list === 'vatex') return vatexName(code.toUpperCase())?.[lang];
  return tables[list]?.[code]?.[lang];
}

/** "Name (CODE)", or the code alone when it has no name. */
export function codeText(list: CodeList, code: string | undefined, lang: Lang): string {
  if (code === undefined) return '';
  const name = codeName(list, code, lang);
  return name ? `${name} (${code})` : code;
}
