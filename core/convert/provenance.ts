/**
 * `fieldProvenance` of a dry run: for each business term the candidate holds, where it came from (the
 * `document`, which a full `invoice_data` stands for; a saved `profile`; the `request_context`; or a
 * `conflict` between document and context) and its value in canonical form, as `candidateInvoiceData`
 * carries it. Line terms are keyed `BG-25[n]/BT-…`, VAT breakdown terms `BG-23[n]/BT-…`.
 */
import type { ConvertResponse } from '../api/convert-response';
import type { InvoiceDataDraft } from '../invoice-data/schema';
import { termValues } from '../invoice-data/term-values';
import { invoiceTree, type CompiledNode } from '../model/compiled';
import type { Invoice } from '../model/invoice';
import { term } from '../model/registry';

type Provenance = NonNullable<ConvertResponse['fieldProvenance']>;

function collect(node: CompiledNode, value: unknown, out: Set<string>): void {
  if (value === undefined || value === null || value === '') return;
  for (const one of Array.isArray(value) ? value : [value]) {
    if (node.node.term) out.add(node.node.term);
    if (node.kind === 'leaf' || typeof one !== 'object' || one === null) continue;
    for (const child of node.children) {
      // A flat wrapper has no model key of its own: its children sit in the same object.
      const childValue =
        child.kind === 'group' && child.flat ? one : (one as Record<string, unknown>)[child.key];
      collect(child, childValue, out);
    }
  }
}

/** The BT and BG ids with a value in `invoice`. */
export function termsOf(invoice: Invoice): Set<string> {
  const terms = new Set<string>();
  for (const child of invoiceTree().children) {
    const value =
      child.kind === 'group' && child.flat ? invoice : (invoice as Record<string, unknown>)[child.key];
    collect(child, value, terms);
  }
  return terms;
}

/** A term of an invoice line or a VAT breakdown entry: keyed by its position, never alone. */
function isPositional(id: string): boolean {
  const path = term(id)?.path;
  return !!path && (path.startsWith('lines[]') || path.startsWith('vatBreakdown[]'));
}

/** `BG-25[2]/BT-131` → [25, 2, 131]: groups by number, then position, then term. */
function order(key: string): number[] {
  const numbers = (s: string) => {
    const [kind, n = '0', sub = '0'] = s.split('-');
    return (kind === 'BG' ? 0 : 1000) + Number(n) + Number(sub) / 10;
  };
  const at = /^(BG-\d+)\[(\d+)\]\/(.+)$/.exec(key);
  return at ? [numbers(at[1]!), Number(at[2]), numbers(at[3]!)] : [numbers(key), 0, 0];
}

function compare(a: string, b: string): number {
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/**
 * Every term of `invoice` with its value in `data` (the invoice as `invoice_data`), from the `document`
 * unless `known` says otherwise (read with evidence on a page, filled by a profile or the request
 * context, or contradicted by it).
 */
export function fieldProvenance(
  invoice: Invoice,
  data: InvoiceDataDraft,
  known: Provenance = {},
): Provenance {
  const values = termValues(data);
  const keys = new Set([...termsOf(invoice), ...Object.keys(known)].filter((k) => !isPositional(k)));
  for (const key of values.keys()) keys.add(key);
  const out: Provenance = {};
  for (const key of [...keys].sort(compare)) {
    const value = values.get(key);
    out[key] = { ...(known[key] ?? { source: 'document' }), ...(value !== undefined ? { value } : {}) };
  }
  return out;
}
