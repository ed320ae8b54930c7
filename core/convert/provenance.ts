/**
 * `fieldProvenance` of a dry run: where each business term present in the invoice came from: the
 * `document` (a full `invoice_data` counts as the document it describes), a saved `profile`, the
 * `request_context`, or a `conflict` between document and context.
 */
import type { ConvertResponse } from '../api/convert-response';
import { invoiceTree, type CompiledNode } from '../model/compiled';
import type { Invoice } from '../model/invoice';

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

/**
 * The BT and BG ids with a value in `invoice`, each from the `document` unless `known` says otherwise
 * (the request context filled it, or contradicts it).
 */
export function fieldProvenance(invoice: Invoice, known: Provenance = {}): Provenance {
  const terms = termsOf(invoice);
  for (const term of Object.keys(known)) terms.add(term);
  const byNumber = (t: string) => Number(/\d+/.exec(t)?.[0] ?? 0) + (t.startsWith('BG') ? 1000 : 0);
  const out: Provenance = {};
  for (const term of [...terms].sort((a, b) => byNumber(a) - byNumber(b))) {
    out[term] = known[term] ?? { source: 'document' };
  }
  return out;
}
