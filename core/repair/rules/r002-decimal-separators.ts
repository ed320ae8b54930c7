/**
 * R002: amounts, quantities and rates written with a decimal comma or thousands separators
 * (`1125,00`, `1 234,56`, `1.234.567,89`) become xs:decimal (`1125.00`, `1234.56`, `1234567.89`).
 * How a number is read, and which writings are refused as ambiguous, is in decimal-reading.ts; the
 * rewritten text denotes exactly the number the original did, so a fix of an amount keeps its value.
 */
import { RAM } from '../../cii/namespaces';
import type { XmlElement } from '../../xml/tree';
import { change, type Change, type Declined, type RuleOutput } from '../change';
import { readNumber } from '../decimal-reading';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { leafText, replaceText } from '../source-edits';

/** CII names its numeric business terms …Amount (amounts and prices), …Quantity and …Percent (rates). */
const NUMERIC = /(Amount|Quantity|Percent)$/;

export function isAmountElement(el: XmlElement): boolean {
  return el.ns === RAM && el.local.endsWith('Amount');
}

function run({ doc, source }: RuleContext): RuleOutput {
  const changes: Change[] = [];
  const declined: Declined[] = [];
  for (const el of elementsOf(doc)) {
    if (el.ns !== RAM || !NUMERIC.test(el.local)) continue;
    const text = leafText(el, source);
    if (!text) continue;
    const reading = readNumber(text.value);
    if (reading.kind === 'read') {
      const amount = isAmountElement(el);
      changes.push(
        change({
          ruleId: 'R002',
          code: 'format_corrected',
          path: pathOf(el),
          edits: [replaceText(text, reading.decimal)],
          before: text.value,
          after: reading.decimal,
          message: {
            en: `Number ${text.value} written with a decimal point and without thousands separators: ${reading.decimal} (same value)`,
            fr: `Nombre ${text.value} écrit avec un point décimal et sans séparateur de milliers : ${reading.decimal} (même valeur)`,
          },
          touchesAmount: amount,
        }),
      );
    } else if (reading.kind === 'ambiguous' || reading.kind === 'unreadable') {
      declined.push({
        ruleId: 'R002',
        path: pathOf(el),
        before: text.value,
        message:
          reading.kind === 'ambiguous'
            ? {
                en: `Number ${text.value} not rewritten: the comma may be a decimal or a thousands separator`,
                fr: `Nombre ${text.value} non réécrit : la virgule peut être décimale ou séparateur de milliers`,
              }
            : {
                en: `Number ${text.value} not rewritten: its separators do not form a number that can be read for certain`,
                fr: `Nombre ${text.value} non réécrit : ses séparateurs ne forment pas un nombre lisible avec certitude`,
              },
      });
    }
  }
  return { changes, declined };
}

export const r002DecimalSeparators: RepairRule = { id: 'R002', run };
