/**
 * R001: dates of format 102 (CCYYMMDD) written with separators.
 *
 * A `udt:`/`qdt:DateTimeString` (or `qdt:DateString`) with `format="102"` whose value is written
 * year first with one separator kind (`2026-09-15`, `2026/09/15`, `2026.09.15`, `2026 09 15`, one-digit
 * month or day allowed) becomes `20260915`. Day-first or month-first writings (`15/09/2026`,
 * `09/15/2026`) are never guessed: the order is ambiguous. The date must exist in the calendar.
 *
 * The same element without its `format` attribute gets `format="102"` when its value is (or becomes)
 * an existing CCYYMMDD date: 102 is the only format EN16931 allows for these dates (CII-DT-…), and an
 * eight-digit calendar date can be read in no other listed format.
 */
import { QDT, UDT } from '../../cii/namespaces';
import { attribute } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { change, type Change, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { addAttribute, leafText, replaceText } from '../source-edits';

const YEAR_FIRST = /^(\d{4})([-/. ])(\d{1,2})\2(\d{1,2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

function isDateElement(el: XmlElement): boolean {
  return (el.ns === UDT || el.ns === QDT) && (el.local === 'DateTimeString' || el.local === 'DateString');
}

export function existingDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** The CCYYMMDD form of a year-first date with separators, or null. */
export function compactDate(value: string): string | null {
  const m = YEAR_FIRST.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
  if (!existingDate(year, month, day)) return null;
  return `${m[1]}${m[3]!.padStart(2, '0')}${m[4]!.padStart(2, '0')}`;
}

function isCompactDate(value: string): boolean {
  const m = COMPACT.exec(value);
  return m !== null && existingDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function run({ doc, source }: RuleContext): RuleOutput {
  const changes: Change[] = [];
  for (const el of elementsOf(doc)) {
    if (!isDateElement(el)) continue;
    const text = leafText(el, source);
    if (!text) continue;
    const format = attribute(el, 'format');
    if (format && format.value !== '102') continue;
    const compact = compactDate(text.value);
    if (compact) {
      changes.push(
        change({
          ruleId: 'R001',
          code: 'format_corrected',
          path: pathOf(el),
          edits: [replaceText(text, compact)],
          before: text.value,
          after: compact,
          message: {
            en: `Date written ${text.value} rewritten as ${compact} (format 102 is CCYYMMDD)`,
            fr: `Date écrite ${text.value} réécrite en ${compact} (le format 102 est AAAAMMJJ)`,
          },
        }),
      );
    }
    if (!format && (compact !== null || isCompactDate(text.value))) {
      changes.push(
        change({
          ruleId: 'R001',
          code: 'format_attribute_added',
          path: pathOf(el, 'format'),
          edits: [addAttribute(el, 'format', '102')],
          before: null,
          after: '102',
          message: {
            en: 'Missing date format qualifier added: 102 (CCYYMMDD)',
            fr: 'Qualifiant de format de date manquant ajouté : 102 (AAAAMMJJ)',
          },
        }),
      );
    }
  }
  return { changes, declined: [] };
}

export const r001Dates: RepairRule = { id: 'R001', run };
