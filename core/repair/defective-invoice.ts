/**
 * A valid invoice given five formal defects, one for each of R001, R002, R006, R007, R009 (engine tests
 * and benchmark). Each defect replaces the first match in the valid source, so the repaired text must
 * equal the valid source again, byte for byte.
 */
import type { RepairRuleId } from './change';

const DEFECTS: readonly (readonly [RepairRuleId, RegExp, string])[] = [
  ['R001', /(<udt:DateTimeString format="102">)(\d{4})(\d{2})(\d{2})</, '$1$2-$3-$4<'],
  ['R002', /(<ram:GrandTotalAmount>\d+)\.(\d+)</, '$1,$2<'],
  ['R006', /<ram:ID schemeID="0002">(\d{9})</, '<ram:ID>$1<'],
  ['R007', /<ram:InvoiceCurrencyCode>EUR</, '<ram:InvoiceCurrencyCode>eur<'],
  ['R009', /unitCode="C62"/, 'unitCode="PCE"'],
];

export const DEFECT_RULES: readonly RepairRuleId[] = DEFECTS.map(([rule]) => rule);

export function withFiveDefects(valid: string): string {
  return DEFECTS.reduce((text, [rule, pattern, replacement]) => {
    if (!pattern.test(text)) throw new Error(`no place for the ${rule} defect in this invoice`);
    return text.replace(pattern, replacement);
  }, valid);
}
