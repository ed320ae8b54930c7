/**
 * Navigation helpers and the facts about one document that many BR-FR assertions share (billing
 * framework, document type, lines indexed by identifier…), computed once per document so that an
 * assertion evaluated on each of 5,000 lines never walks the document again.
 */
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';
import { attributeValue, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { perDocument } from '../document-memo';
import type { RuleInput } from '../rule';
import { atMostOne } from '../xpath/cast';
import { BIDIRECTIONAL_MODES, MULTI_VENDOR_MODES } from './lists-1.4.0';
import { normalizeSpace } from './xpath-strings';

export type Path = readonly (readonly [ns: string, local: string])[];

const PREFIXES: Readonly<Record<string, string>> = { rsm: RSM, ram: RAM, udt: UDT, qdt: QDT };

/** A relative child path written as in the artefact (`ram:A/ram:B`), parsed once at module load. */
export function path(written: string): Path {
  return written.split('/').map((step) => {
    const [prefix, local] = step.split(':');
    const ns = prefix === undefined ? undefined : PREFIXES[prefix];
    if (!ns || !local) throw new Error(`BR-FR path step not understood: ${step}`);
    return [ns, local] as const;
  });
}

/** Every element the path reaches from `from`, in document order. */
export function all(from: XmlElement | undefined, p: Path): XmlElement[] {
  const out: XmlElement[] = [];
  if (from) collect(from, p, 0, out);
  return out;
}

function collect(el: XmlElement, p: Path, depth: number, out: XmlElement[]): void {
  const [ns, local] = p[depth]!;
  const last = depth === p.length - 1;
  for (const c of el.children) {
    if (c.kind !== 'element' || c.local !== local || c.ns !== ns) continue;
    if (last) out.push(c);
    else collect(c, p, depth + 1, out);
  }
}

/** The first element the path reaches, without collecting the others. */
export function first(from: XmlElement | undefined, p: Path, depth = 0): XmlElement | undefined {
  if (!from) return undefined;
  const [ns, local] = p[depth]!;
  for (const c of from.children) {
    if (c.kind !== 'element' || c.local !== local || c.ns !== ns) continue;
    const found = depth === p.length - 1 ? c : first(c, p, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function exists(from: XmlElement | undefined, p: Path): boolean {
  return first(from, p) !== undefined;
}

/**
 * `string(path)`: the value of the element reached, '' when none. With several, the official XSLT stops
 * on a type error, and so do we (atMostOne).
 */
export function text(from: XmlElement | undefined, p: Path): string {
  const el = atMostOne(all(from, p));
  return el ? textOf(el) : '';
}

/** The values of every element reached, for XPath's existential `=`. */
export function texts(from: XmlElement | undefined, p: Path): string[] {
  return all(from, p).map(textOf);
}

/** `el[@name = value]`. */
export function hasAttribute(el: XmlElement, name: string, value: string): boolean {
  return attributeValue(el, name) === value;
}

/** `el[child = value]`: some child reached by the path has exactly this value. */
export function hasValue(el: XmlElement | undefined, p: Path, value: string): boolean {
  if (p.length === 1 && el) {
    const [ns, local] = p[0]!;
    for (const c of el.children)
      if (c.kind === 'element' && c.local === local && c.ns === ns && textOf(c) === value) return true;
    return false;
  }
  return all(el, p).some((c) => textOf(c) === value);
}

export const P = {
  billingMode: path(
    'rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
  ),
  typeCode: path('rsm:ExchangedDocument/ram:TypeCode'),
  invoiceId: path('rsm:ExchangedDocument/ram:ID'),
  issueDate: path('rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString'),
  notes: path('rsm:ExchangedDocument/ram:IncludedNote'),
  subjectCode: path('ram:SubjectCode'),
  content: path('ram:Content'),
  lines: path('rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem'),
  lineId: path('ram:AssociatedDocumentLineDocument/ram:LineID'),
  parentLineId: path('ram:AssociatedDocumentLineDocument/ram:ParentLineID'),
  lineStatus: path('ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode'),
  lineSettlement: path('ram:SpecifiedLineTradeSettlement'),
  lineReferences: path('ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument'),
  referenceTypeCode: path('ram:ReferenceTypeCode'),
  typeCodeChild: path('ram:TypeCode'),
  issuerAssignedId: path('ram:IssuerAssignedID'),
  invoiceCurrency: path(
    'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode',
  ),
  taxCurrency: path(
    'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode',
  ),
  headerTaxes: path(
    'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax',
  ),
  exemptionReason: path('ram:ExemptionReason'),
} as const;

/** `ram:AdditionalReferencedDocument[(ram:ReferenceTypeCode = 'AFL') and (ram:TypeCode = '130')]`. */
function isInvoicedObjectAfl130(ref: XmlElement): boolean {
  return hasValue(ref, P.referenceTypeCode, 'AFL') && hasValue(ref, P.typeCodeChild, '130');
}

/**
 * Per-line memo: a document's tree never changes, and many patterns ask the same things of every line
 * (is it a top GROUP line, what is its sub-invoice number), so each is computed once per line.
 */
export function memoized<T>(compute: (line: XmlElement) => T): (line: XmlElement) => T {
  const cache = new WeakMap<XmlElement, T>();
  return (line) => {
    if (cache.has(line)) return cache.get(line) as T;
    const value = compute(line);
    cache.set(line, value);
    return value;
  };
}

/** The sub-invoice number elements (AFL/130 IssuerAssignedID) of a line, in document order. */
export const subInvoiceIds = memoized((line): readonly XmlElement[] =>
  all(line, P.lineReferences)
    .filter(isInvoicedObjectAfl130)
    .flatMap((r) => all(r, P.issuerAssignedId)),
);

/**
 * `normalize-space(ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument[AFL, 130]/ram:IssuerAssignedID)`:
 * the sub-invoice number of a line of a multi-vendor or bidirectional invoice (BT-128).
 */
export const subInvoiceNumber = memoized((line): string => {
  const id = subInvoiceIds(line)[0];
  return id ? normalizeSpace(textOf(id)) : '';
});

/** `ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode = 'GROUP' and not(…/ram:ParentLineID)`. */
export const isTopGroupLine = memoized(
  (line): boolean => hasValue(line, P.lineStatus, 'GROUP') && !exists(line, P.parentLineId),
);

/** The facts of one document. */
export class FrenchInvoice {
  /** The document element when it is `rsm:CrossIndustryInvoice` (the functions' `/rsm:CrossIndustryInvoice`). */
  readonly invoice: XmlElement | undefined;
  /** BT-23 values as written. */
  readonly billingModes: readonly string[];
  /** `custom:isSpecialContract`: frame 8 or 9 (value normalised). */
  readonly specialContract: boolean;
  /** `custom:isSpecialContractMV`: multi-vendor, frame 8. */
  readonly multiVendor: boolean;
  /** `custom:isSpecialContractBD`: bidirectional, frame 9. */
  readonly bidirectional: boolean;
  /** BT-3 values as written. */
  readonly typeCodes: readonly string[];
  private readonly memo = new Map<string, unknown>();
  private readonly values = new Map<Path, readonly string[]>();
  private readonly elements = new Map<Path, readonly XmlElement[]>();

  constructor(readonly input: RuleInput) {
    const root = input.root;
    this.invoice = root.local === 'CrossIndustryInvoice' && root.ns === RSM ? root : undefined;
    const modes = all(this.invoice, P.billingMode);
    this.billingModes = modes.map(textOf);
    const mode = modes[0] ? normalizeSpace(textOf(modes[0])) : undefined;
    this.multiVendor = mode !== undefined && MULTI_VENDOR_MODES.has(mode);
    this.bidirectional = mode !== undefined && BIDIRECTIONAL_MODES.has(mode);
    this.specialContract = this.multiVendor || this.bidirectional;
    this.typeCodes = texts(this.invoice, P.typeCode);
  }

  /** A fact computed once per document (`key` names it; callers own distinct keys). */
  once<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  /** `$typeCode = list` (existential over BT-3). */
  typeIn(list: ReadonlySet<string>): boolean {
    return this.typeCodes.some((t) => list.has(t));
  }

  /** `$frameworkCode = list` (existential over BT-23, not normalised). */
  billingModeIn(list: ReadonlySet<string>): boolean {
    return this.billingModes.some((m) => list.has(m));
  }

  /** Contents (BT-22) of the notes with subject code BAR (BT-21), as written. */
  barTreatments(): readonly string[] {
    return this.once('bar', () =>
      all(this.invoice, P.notes)
        .filter((n) => hasValue(n, P.subjectCode, 'BAR'))
        .flatMap((n) => texts(n, P.content)),
    );
  }

  /** Values reached from the document element (`/rsm:CrossIndustryInvoice/…`), read once per document. */
  valuesAt(p: Path): readonly string[] {
    let values = this.values.get(p);
    if (!values) {
      values = this.elementsAt(p).map(textOf);
      this.values.set(p, values);
    }
    return values;
  }

  /** Elements reached from the document element, found once per document. */
  elementsAt(p: Path): readonly XmlElement[] {
    let elements = this.elements.get(p);
    if (!elements) {
      elements = all(this.invoice, p);
      this.elements.set(p, elements);
    }
    return elements;
  }

  /** The lines of the transaction (BG-25). */
  lines(): readonly XmlElement[] {
    return this.once('lines', () => all(this.invoice, P.lines));
  }

  /** Lines by the value of their LineID (BT-126). */
  linesById(): ReadonlyMap<string, readonly XmlElement[]> {
    return this.once('linesById', () => indexBy(this.lines(), P.lineId));
  }

  /** Lines by the value of their ParentLineID (EXT-FR-FE-162). */
  linesByParentId(): ReadonlyMap<string, readonly XmlElement[]> {
    return this.once('linesByParentId', () => indexBy(this.lines(), P.parentLineId));
  }

  /** The lines whose LineID equals one of the values (`lines[LineID = $values]`), in document order. */
  linesWithId(values: readonly string[]): XmlElement[] {
    if (values.length === 1) return [...(this.linesById().get(values[0]!) ?? [])];
    const found = new Set(values.flatMap((v) => this.linesById().get(v) ?? []));
    return this.lines().filter((l) => found.has(l));
  }

  /**
   * The header VAT breakdowns (TypeCode VAT) by every `#…#` prefix their exemption reason starts with, in
   * document order, so that `ApplicableTradeTax[starts-with(ram:ExemptionReason, concat('#', $n, '#'))]`
   * is one lookup per GROUP line instead of a scan of all breakdowns (BR-FR-MV-09).
   */
  vatBreakdownsByPrefix(): ReadonlyMap<string, readonly XmlElement[]> {
    return this.once('vatBreakdownsByPrefix', () => {
      const index = new Map<string, XmlElement[]>();
      for (const tax of this.elementsAt(P.headerTaxes)) {
        if (!hasValue(tax, P.typeCodeChild, 'VAT')) continue;
        const reason = text(tax, P.exemptionReason);
        if (!reason.startsWith('#')) continue;
        for (let end = reason.indexOf('#', 1); end !== -1; end = reason.indexOf('#', end + 1)) {
          const prefix = reason.slice(0, end + 1);
          const list = index.get(prefix);
          if (list) list.push(tax);
          else index.set(prefix, [tax]);
        }
      }
      return index;
    });
  }

  /** `ram:IssuerAssignedID[. = preceding::ram:IssuerAssignedID]`: equal to an earlier one anywhere. */
  repeatedIssuerAssignedIds(): ReadonlySet<XmlElement> {
    return this.once('repeatedIssuerIds', () => {
      const seen = new Set<string>();
      const repeated = new Set<XmlElement>();
      for (const el of this.input.byLocalName.get('IssuerAssignedID') ?? []) {
        if (el.ns !== RAM) continue;
        const v = textOf(el);
        if (seen.has(v)) repeated.add(el);
        else seen.add(v);
      }
      return repeated;
    });
  }
}

function indexBy(lines: readonly XmlElement[], p: Path): Map<string, XmlElement[]> {
  const index = new Map<string, XmlElement[]>();
  for (const line of lines) {
    for (const v of new Set(texts(line, p))) {
      const list = index.get(v);
      if (list) list.push(line);
      else index.set(v, [line]);
    }
  }
  return index;
}

export const frenchInvoiceOf = perDocument((input) => new FrenchInvoice(input));
