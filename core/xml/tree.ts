/**
 * The XML tree that every reader of invoices shares: the CII reader, the validation rules and the repair
 * rules. Each node keeps its character offsets in the source text, so that findings can point at the
 * source and repairs can edit the source in place (everything outside the edited spans stays byte for
 * byte as it was).
 */
import type { XmlReason } from './messages';

export interface XmlAttribute {
  /** The qualified name as written, e.g. `schemeID` or `xmlns:ram`. */
  readonly name: string;
  readonly prefix: string | null;
  readonly local: string;
  /** Namespace URI; `null` for unprefixed attributes (they are in no namespace) or an undeclared prefix. */
  readonly ns: string | null;
  /** The value with entity and character references resolved. */
  readonly value: string;
  /** Offsets of the whole `name="value"` in the source. */
  readonly start: number;
  readonly end: number;
  /** Offsets of the raw value between the quotes. */
  readonly valueStart: number;
  readonly valueEnd: number;
}

export interface XmlText {
  readonly kind: 'text';
  /** The text with references resolved (CDATA sections included as they are). */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** True when the source text is a single CDATA section or contains references, i.e. raw ≠ value. */
  readonly encoded: boolean;
}

export interface XmlElement {
  readonly kind: 'element';
  /** The qualified name as written, e.g. `ram:ID`. */
  readonly name: string;
  readonly prefix: string | null;
  readonly local: string;
  /** Namespace URI, or `null` when the element is in no namespace or its prefix is undeclared. */
  readonly ns: string | null;
  readonly attributes: readonly XmlAttribute[];
  readonly children: readonly XmlNode[];
  readonly parent: XmlElement | null;
  /** Offset of `<` of the start tag. */
  readonly start: number;
  /** Offset just after the start tag's `>`. */
  readonly startTagEnd: number;
  /** Offset of `<` of the end tag (equals `startTagEnd` for an empty element written `<a/>`). */
  readonly endTagStart: number;
  /** Offset just after the end tag's `>` (or after `/>`). */
  readonly end: number;
  /** 1-based line of the start tag. */
  readonly line: number;
  /** Namespace declarations made on this element (prefix `''` for the default namespace). */
  readonly declarations: ReadonlyMap<string, string>;
}

export type XmlNode = XmlElement | XmlText;

/** The XML declaration `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, as written. */
export interface XmlDeclaration {
  readonly version: string;
  /** The encoding name as written, or null when the declaration names none. */
  readonly encoding: string | null;
  /** Offset of the encoding name's first character (-1 when there is none). */
  readonly encodingAt: number;
  readonly standalone: boolean | null;
  /** Offset just after `?>`. */
  readonly end: number;
}

export interface XmlDocument {
  readonly source: string;
  readonly root: XmlElement;
  /** Prefixes used without a declaration in scope (the document is well-formed but not namespace-well-formed). */
  readonly undeclaredPrefixes: readonly {
    readonly prefix: string;
    readonly line: number;
    readonly column: number;
  }[];
  readonly declaration: XmlDeclaration | null;
  /** What the bytes were read as (text given as a string counts as UTF-8). */
  readonly encoding: XmlEncoding;
}

export interface XmlEncoding {
  /** `UTF-8`, `UTF-16LE`, `UTF-16BE`, or another encoding the declaration named. */
  readonly name: string;
  /** Whether the document starts with a byte-order mark (kept in the text, as U+FEFF). */
  readonly bom: boolean;
}

export type XmlErrorCode =
  | 'xml_empty'
  | 'xml_too_large'
  | 'xml_doctype_forbidden'
  | 'xml_not_well_formed'
  | 'xml_too_deep'
  | 'xml_limit_exceeded'
  | 'xml_unsupported_encoding';

/**
 * A parse failure, as a value: the code says what kind, the reason and its detail what exactly, the
 * position where (core/xml/messages.ts words it in either language).
 */
export interface XmlError {
  readonly code: XmlErrorCode;
  readonly reason: XmlReason;
  /** What the source held, when the reason quotes it (a name, a reference, a limit). */
  readonly detail?: string;
  /** The reason in English, for logs. */
  readonly message: string;
  readonly line: number;
  readonly column: number;
}
