/**
 * The small language the invoice model is declared in. Each node names one CII element (in the
 * Factur-X EXTENDED schema, the widest one), the model key it reads into, and the EN16931 business term
 * or group it carries. From this one declaration come the model's TypeScript type (`ModelOf`), the
 * reader, the writer, the profile filter and the term registry.
 *
 * A group declared `flat` is a CII wrapper without meaning of its own (e.g.
 * `ram:ApplicableHeaderTradeAgreement`): its fields sit directly in the enclosing model object.
 */

/** How a leaf's text is read and written. */
export type LeafType =
  /** Free text, kept exactly as written. */
  | 'text'
  /** Identifiers and codes: surrounding white space is not part of the value. */
  | 'token'
  /** An exact decimal, kept as its xs:decimal text (`"12.50"`); see core/decimal. */
  | 'decimal'
  /** `udt:DateTimeString` format 102, as an ISO date `YYYY-MM-DD` in the model. */
  | 'dateTime'
  /** `udt:DateString` format 102. */
  | 'date'
  /** `qdt:DateTimeString` format 102 (referenced documents, advance payments). */
  | 'formattedDateTime'
  /** `udt:Indicator`, a boolean. */
  | 'indicator';

/** Model key → XML attribute name, e.g. `{ scheme: 'schemeID' }`. */
export type Attrs = Readonly<Record<string, string>>;

interface NodeBase {
  /** Qualified element name, prefixes as in core/cii/namespaces (`ram:Name`). */
  readonly el: string;
  /** The EN16931 business term or group (`BT-27`, `BG-4`); absent for Factur-X EXTENDED additions. */
  readonly term?: string;
  /** Further terms the same element carries, told apart by an attribute (BT-32 beside BT-31). */
  readonly alsoTerms?: readonly string[];
  readonly many?: boolean;
}

export interface LeafNode extends NodeBase {
  readonly kind: 'leaf';
  readonly type: LeafType;
  readonly attrs?: Attrs;
}

export interface GroupNode extends NodeBase {
  readonly kind: 'group';
  readonly fields: Readonly<Record<string, Node>>;
  readonly flat?: boolean;
}

export type Node = LeafNode | GroupNode;
export type Fields = Readonly<Record<string, Node>>;

interface Options {
  readonly term?: string;
  readonly alsoTerms?: readonly string[];
}

export function leaf<const T extends LeafType>(el: string, type: T, o: Options = {}) {
  return { kind: 'leaf', el, type, ...o } as const;
}

export function leafWith<const T extends LeafType, const A extends Attrs>(
  el: string,
  type: T,
  attrs: A,
  o: Options = {},
) {
  return { kind: 'leaf', el, type, attrs, ...o } as const;
}

export function group<const F extends Fields>(el: string, fields: F, o: Options = {}) {
  return { kind: 'group', el, fields, ...o } as const;
}

/** A CII wrapper whose fields belong to the enclosing model object. */
export function flat<const F extends Fields>(el: string, fields: F) {
  return { kind: 'group', el, fields, flat: true } as const;
}

export function many<const N extends Node>(node: N): N & { readonly many: true } {
  return { ...node, many: true } as const;
}

/** An exact decimal as xs:decimal text (`"1250.00"`, `"-3.5"`); parse with `Decimal.parse`. */
export type DecimalString = string;
/** An ISO 8601 calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

type Scalar<T extends LeafType> = T extends 'decimal'
  ? DecimalString
  : T extends 'dateTime' | 'date' | 'formattedDateTime'
    ? IsoDate
    : T extends 'indicator'
      ? boolean
      : string;

type LeafValue<N> = N extends { readonly type: infer T extends LeafType; readonly attrs: infer A }
  ? { value: Scalar<T> } & { [K in keyof A]?: string }
  : N extends { readonly type: infer T extends LeafType }
    ? Scalar<T>
    : never;

type NodeValue<N> = N extends { readonly kind: 'group'; readonly fields: infer F }
  ? ModelOf<F>
  : LeafValue<N>;

type Occurs<N> = N extends { readonly many: true } ? NodeValue<N>[] : NodeValue<N>;

type FlatKeys<F> = { [K in keyof F]: F[K] extends { readonly flat: true } ? K : never }[keyof F];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/**
 * Attributes the CII schema allows on an element but no business term gives a meaning to (`schemeID`
 * on the invoice number, `listID` on a postcode…): by the element's model key in this object (`number`,
 * `ids[1]` for the second of a list), then attribute name. Kept so that a read–write round trip of an
 * EXTENDED file loses nothing; the writer drops (and reports) those the target profile does not allow.
 */
export type XmlAttributes = Record<string, Record<string, string>>;

/** The model object a set of fields reads into: every field optional, flat wrappers merged in. */
export type ModelOf<F> = {
  -readonly [K in Exclude<keyof F, FlatKeys<F>>]?: Occurs<F[K]>;
} & { xmlAttributes?: XmlAttributes } & UnionToIntersection<
    { [K in FlatKeys<F>]: F[K] extends { readonly fields: infer G } ? ModelOf<G> : never }[FlatKeys<F>]
  >;
