/**
 * R007: ISO 4217 currency codes written in the wrong case (`eur` → `EUR`), in the currency elements
 * (BT-5 InvoiceCurrencyCode, BT-6 TaxCurrencyCode, and the exchange currencies) and in every
 * `currencyID` attribute. Only when the upper-case value is a code of the EN16931 list (BR-CL-03/04/05):
 * `EURO` or `eu` stay as they are.
 */
import { RAM } from '../../cii/namespaces';
import { ISO4217_CURRENCIES } from '../../rules/codelists/iso4217';
import { change, type Change, type Message, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { leafText, replaceAttributeValue, replaceText } from '../source-edits';

const CURRENCY_ELEMENTS = new Set([
  'InvoiceCurrencyCode',
  'TaxCurrencyCode',
  'SourceCurrencyCode',
  'TargetCurrencyCode',
]);

function fixed(value: string): string | null {
  const upper = value.toUpperCase();
  return upper !== value && ISO4217_CURRENCIES.has(upper) ? upper : null;
}

function message(before: string, after: string): Message {
  return {
    en: `Currency code ${before} written in upper case: ${after}`,
    fr: `Code devise ${before} écrit en majuscules : ${after}`,
  };
}

function run({ doc, source }: RuleContext): RuleOutput {
  const changes: Change[] = [];
  for (const el of elementsOf(doc)) {
    if (el.ns === RAM && CURRENCY_ELEMENTS.has(el.local)) {
      const text = leafText(el, source);
      const after = text && fixed(text.value);
      if (text && after) {
        changes.push(
          change({
            ruleId: 'R007',
            code: 'code_corrected',
            path: pathOf(el),
            edits: [replaceText(text, after)],
            before: text.value,
            after,
            message: message(text.value, after),
          }),
        );
      }
    }
    for (const attr of el.attributes) {
      if (attr.local !== 'currencyID' || attr.ns !== null) continue;
      const after = fixed(attr.value);
      if (!after) continue;
      changes.push(
        change({
          ruleId: 'R007',
          code: 'code_corrected',
          path: pathOf(el, 'currencyID'),
          edits: [replaceAttributeValue(attr, after)],
          before: attr.value,
          after,
          message: message(attr.value, after),
          touchesAmount: el.local.endsWith('Amount'),
        }),
      );
    }
  }
  return { changes, declined: [] };
}

export const r007CurrencyCase: RepairRule = { id: 'R007', run };
