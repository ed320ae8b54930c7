/**
 * Editing an invoice draft (an `invoice_data` payload in the making) by path: `['seller', 'address',
 * 'city']`, `['lines', 1, 'quantity']`. Every change returns a new draft; an emptied value is removed, and
 * so is an object left empty, so that what is sent is exactly what the user sees.
 */
import { isRecord } from '../backend/backend';
import type { InvoiceDraft } from '../document/invoice-draft';

export type Path = readonly (string | number)[];

type Node = Readonly<Record<string, unknown>> | readonly unknown[];

export function getAt(draft: unknown, path: Path): unknown {
  let node: unknown = draft;
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(node) : !isRecord(node)) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === '' || (isRecord(value) && Object.keys(value).length === 0);

function setIn(node: unknown, path: Path, value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (typeof step === 'number') {
    const list = Array.isArray(node) ? [...(node as unknown[])] : [];
    const next = setIn(list[step], rest, value);
    list[step] = isEmpty(next) ? {} : next;
    return list;
  }
  const record: Record<string, unknown> = isRecord(node) ? { ...node } : {};
  const next = setIn(record[step], rest, value);
  if (isEmpty(next)) delete record[step];
  else record[step] = next;
  return record;
}

/** The draft with the value at `path` set; an empty string removes it. */
export function setAt(draft: InvoiceDraft, path: Path, value: unknown): InvoiceDraft {
  return (setIn(draft, path, value) ?? {}) as InvoiceDraft;
}

/** The draft with one more entry (an empty one unless given) at the end of the list at `path`. */
export function addAt(draft: InvoiceDraft, path: Path, entry: unknown = {}): InvoiceDraft {
  const list = getAt(draft, path);
  return setAt(draft, path, [...(Array.isArray(list) ? list : []), entry]);
}

/** The draft without the entry `index` of the list at `path`; an emptied list is removed. */
export function removeAt(draft: InvoiceDraft, path: Path, index: number): InvoiceDraft {
  const list = getAt(draft, path);
  const kept = Array.isArray(list) ? list.filter((_, n) => n !== index) : [];
  return setAt(draft, path, kept.length > 0 ? kept : undefined);
}

/** What is sent: the draft without empty values, empty objects or list entries left empty. */
export function payloadOf(draft: InvoiceDraft): unknown {
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const kept = (node as Node as unknown[]).map(clean).filter((entry) => !isEmpty(entry));
      return kept.length > 0 ? kept : undefined;
    }
    if (isRecord(node)) {
      const kept = Object.entries(node).flatMap(([key, value]) => {
        const cleaned = clean(value);
        return isEmpty(cleaned) ? [] : [[key, cleaned] as const];
      });
      return Object.fromEntries(kept);
    }
    return typeof node === 'string' ? (node.trim() === '' ? undefined : node.trim()) : node;
  };
  return clean(draft) ?? {};
}

/** `lines[2].quantity`, as the API names a field in `missing_fields` and `field`. */
export function pathText(path: Path): string {
  return path.reduce<string>(
    (text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step),
    '',
  );
}

/**
 * A decimal as people type it ("1 234,50", "12,5") in the form the payload takes ("1234.50"); anything
 * else unchanged, for the backend to refuse with a clear message.
 */
export function decimalText(typed: string): string {
  const compact = typed.replace(/[\s\u00a0\u202f]/g, '');
  return /^[+-]?\d*[,.]?\d*$/.test(compact) ? compact.replace(',', '.') : typed;
}
