/**
 * The business terms an `invoice_data` payload gives, each with its value as the payload states it: the
 * term of each field is the one its schema declares (`.meta({ bt })`), so a charge's amount is BT-99
 * and not BT-92, a VAT accounting total BT-111 and not BT-110. Invoice line terms are keyed
 * `BG-25[n]/BT-…` and VAT breakdown terms `BG-23[n]/BT-…` (n from 1, in payload order); any other
 * repeated term keeps the value of its first occurrence. Groups are keyed without a value.
 */
import { globalRegistry, z } from 'zod';
import type { FieldMeta } from './schema';
import { invoiceDataSchema, type InvoiceDataDraft } from './schema';

/** Business term key → its value (`undefined` for a group). */
export type TermValues = Map<string, string | undefined>;

/** The groups whose every occurrence is told apart by its position. */
const INDEXED = new Set(['BG-25', 'BG-23']);

const btOf = (schema: z.ZodType): string | undefined =>
  (globalRegistry.get(schema) as FieldMeta | undefined)?.bt;

function walk(schema: z.ZodType, value: unknown, prefix: string, out: TermValues): void {
  if (value === undefined || value === null) return;
  if (schema instanceof z.ZodOptional) return walk(schema.unwrap() as z.ZodType, value, prefix, out);
  const bt = btOf(schema);
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return;
    const element = schema.element as z.ZodType;
    const group = btOf(element);
    value.forEach((item, i) => {
      const indexed = group !== undefined && INDEXED.has(group);
      if (indexed && !out.has(group)) out.set(group, undefined);
      walk(element, item, indexed ? `${prefix}${group}[${i + 1}]/` : prefix, out);
    });
    return;
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== 'object') return;
    if (bt && !INDEXED.has(bt) && !out.has(`${prefix}${bt}`)) out.set(`${prefix}${bt}`, undefined);
    for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>))
      walk(child, (value as Record<string, unknown>)[key], prefix, out);
    return;
  }
  // An identifier's value and the identifier itself share their term: the value fills it.
  if (bt && out.get(`${prefix}${bt}`) === undefined) out.set(`${prefix}${bt}`, String(value));
}

export function termValues(data: InvoiceDataDraft): TermValues {
  const out: TermValues = new Map();
  walk(invoiceDataSchema, data, '', out);
  return out;
}
