/**
 * A strict XML 1.0 (fifth edition) and Namespaces 1.0 parser for invoices: a document that is not
 * well-formed by those texts is refused with the reason and its position. By policy it also refuses what
 * an invoice never needs and an attacker loves: any DOCTYPE (so no external entities, no entity
 * expansion), and documents beyond the bounds of limits.ts. It keeps source offsets on every node (see
 * tree.ts), which repairs rely on to edit the source byte for byte.
 *
 * One namespace error is recorded rather than refused: a prefix used without a declaration
 * (`undeclaredPrefixes`), which the validator refuses and repair R005 can fix.
 */
import { interned } from './interned';
import { firstNonChar, isAstralNamePair, isNameChar, isNameStart, isSpace } from './chars';
import { XML_LIMITS, type XmlLimits } from './limits';
import { xmlReasonText, type XmlReason } from './messages';
import type {
  XmlAttribute,
  XmlDeclaration,
  XmlDocument,
  XmlElement,
  XmlEncoding,
  XmlError,
  XmlErrorCode,
  XmlNode,
  XmlText,
} from './tree';

export type ParseOptions = Partial<XmlLimits> & {
  /** What the text was decoded from (parse-bytes.ts); text given as a string counts as UTF-8. */
  readonly encoding?: XmlEncoding;
};

export const DEFAULT_MAX_XML_LENGTH = XML_LIMITS.maxLength;
export const DEFAULT_MAX_XML_DEPTH = XML_LIMITS.maxDepth;

export type ParseResult =
  { readonly ok: true; readonly doc: XmlDocument } | { readonly ok: false; readonly error: XmlError };

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const AMP = 0x26;
const HASH = 0x23;
const CR = 0x0d;
const DQUOTE = 0x22;
const QUOTE = 0x27;
const BRACKET = 0x5d;
const NO_DECLARATIONS: ReadonlyMap<string, string> = new Map();
// The children of an element without any and the attributes of one without any: one shared array each
// (a tree keeps every node; an empty array per element is a fifth of the objects a scavenge copies).
const NO_CHILDREN: XmlNode[] = [];
const NO_ATTRIBUTES: XmlAttribute[] = [];
const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};
/** References and literal line ends in text; references and white space in attribute values. */
const TEXT_SPECIALS = /&[^;&]*;?|\r\n?/g;
const ATTRIBUTE_SPECIALS = /&[^;&]*;?|\r\n?|[\t\n]/g;
const CHAR_REFERENCE = /^#(?:x[0-9A-Fa-f]+|[0-9]+)$/;
const DECLARATION_VALUES: Readonly<Record<string, RegExp>> = {
  version: /^1\.[0-9]+$/,
  encoding: /^[A-Za-z][A-Za-z0-9._-]*$/,
  standalone: /^(?:yes|no)$/,
};
const DECLARATION_ORDER = ['version', 'encoding', 'standalone'] as const;

class Failure {
  constructor(
    readonly code: XmlErrorCode,
    readonly reason: XmlReason,
    readonly at: number,
    readonly detail?: string,
  ) {}
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type BuildingElement = Mutable<Omit<XmlElement, 'children' | 'attributes'>> & {
  children: XmlNode[];
  attributes: XmlAttribute[];
};
/** What an ASCII character may be in a name: 2 a NameStartChar, 1 a NameChar only, 0 neither. */
const ASCII_NAME = Uint8Array.from({ length: 0x80 }, (_, c) => (isNameStart(c) ? 2 : isNameChar(c) ? 1 : 0));
/** Names of one hash kept, at most. */
const SAME_HASH_KEPT = 8;
/** A qualified name as written, its prefix (null without one) and its local part. */
type QName = readonly [name: string, prefix: string | null, local: string];

/**
 * The qualified names met so far, by a hash of their characters (see qname), kept from one document to
 * the next: documents of one schema share a few hundred names, so after the first most names of a
 * document are found here without cutting a string out of it. Bounded (hostile input), in hashes and in
 * characters held: past either bound the table starts again.
 */
const knownNames = new Map<number, QName[]>();
const KNOWN_HASHES = 8192;
const KNOWN_CHARS = 1 << 20;
let knownChars = 0;

function keepName(hash: number, same: QName[] | undefined, parts: QName): void {
  // Names made to share a hash are not kept past a few: a lookup stays short.
  if (same && same.length >= SAME_HASH_KEPT) return;
  if (knownNames.size === KNOWN_HASHES || knownChars + parts[0].length > KNOWN_CHARS) {
    knownNames.clear();
    knownChars = 0;
    same = undefined;
  }
  knownChars += parts[0].length;
  if (same) same.push(parts);
  else knownNames.set(hash, [parts]);
}
/** The bindings an element's declarations replaced, to put back at its end. */
type Undo = readonly (readonly [string, string | undefined])[];

export function parseXml(source: string, options: ParseOptions = {}): ParseResult {
  const { encoding } = options;
  const limits = limitsOf(options);
  if (source.length > limits.maxLength) {
    return fail(source, new Failure('xml_too_large', 'too_large', 0, String(limits.maxLength)));
  }
  if (source.trim() === '') return fail(source, new Failure('xml_empty', 'empty', 0));
  const nonChar = firstNonChar(source);
  if (nonChar !== -1) {
    const code = source.codePointAt(nonChar)!;
    return fail(source, new Failure('xml_not_well_formed', 'bad_char', nonChar, codePointName(code)));
  }
  const tooManyLines = lineLimitOffset(source, limits.maxLines);
  if (tooManyLines !== -1) {
    return fail(
      source,
      new Failure('xml_limit_exceeded', 'too_many_lines', tooManyLines, String(limits.maxLines)),
    );
  }
  try {
    const read = encoding ?? { name: 'UTF-8', bom: source.charCodeAt(0) === 0xfeff };
    return { ok: true, doc: new Parser(source, limits, read).document() };
  } catch (e) {
    if (e instanceof Failure) return fail(source, e);
    throw e;
  }
}

/**
 * The bounds of one parse, always made by this one literal: a spread copy of XML_LIMITS has another shape
 * in the first documents of a process than in the next ones (V8 learns how to copy it), which threw the
 * optimised parser out early in a batch, to be compiled again (node --trace-deopt).
 */
const limitsOf = (given: Partial<XmlLimits>): XmlLimits => ({
  maxLength: given.maxLength ?? XML_LIMITS.maxLength,
  maxDepth: given.maxDepth ?? XML_LIMITS.maxDepth,
  maxElements: given.maxElements ?? XML_LIMITS.maxElements,
  maxAttributes: given.maxAttributes ?? XML_LIMITS.maxAttributes,
  maxNamespaceDeclarations: given.maxNamespaceDeclarations ?? XML_LIMITS.maxNamespaceDeclarations,
  maxLines: given.maxLines ?? XML_LIMITS.maxLines,
});

function fail(source: string, f: Failure): ParseResult {
  return { ok: false, error: xmlError(source, f.code, f.reason, f.at, f.detail) };
}

/** An error value at `offset` of `source`, with its line, column and English message. */
export function xmlError(
  source: string,
  code: XmlErrorCode,
  reason: XmlReason,
  offset: number,
  detail?: string,
): XmlError {
  const { line, column } = position(source, offset);
  const message = xmlReasonText(reason, detail).en;
  return { code, reason, ...(detail === undefined ? {} : { detail }), message, line, column };
}

/** 1-based line and column of an offset. */
export function position(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** `U+000C`: how a character is named in a message. */
export const codePointName = (code: number): string =>
  `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Offset of the line end past the `max`-th line, or -1 when the source has at most `max` lines. */
function lineLimitOffset(source: string, max: number): number {
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) {
    lines += 1;
    if (lines > max) return i;
  }
  return -1;
}

class Parser {
  private pos = 0;
  private line = 1;
  private nextLineEnd: number;
  private elements = 0;
  private namespaceDeclarations = 0;
  /** Prefixes used without a declaration, at the offset of their name. */
  private readonly undeclared: { prefix: string; at: number }[] = [];
  /** Prefix → namespace URI in scope (`''` the default namespace; an empty URI: none). */
  private readonly bindings = new Map<string, string>([['xml', XML_NS]]);
  /**
   * The children of the open elements, in one list: each element's are copied out at its end tag into an
   * array of their exact number (an array grown by pushes keeps room for more, for as long as the tree).
   */
  private readonly pending: XmlNode[] = [];
  /**
   * How many of `pending` are children still to be given: the array is not shortened when an element
   * takes its own (V8 would give back its room, to grow it again for the next).
   */
  private pendingCount = 0;
  /** What the last start tag's declarations replaced (see startTag). */
  private undo: Undo | null = null;

  constructor(
    private readonly src: string,
    private readonly limits: XmlLimits,
    private readonly encoding: XmlEncoding,
  ) {
    const first = src.indexOf('\n');
    this.nextLineEnd = first === -1 ? Number.POSITIVE_INFINITY : first;
  }

  document(): XmlDocument {
    if (this.src.charCodeAt(0) === 0xfeff) this.pos = 1;
    const declaration = this.startsDeclaration() ? this.declaration() : null;
    this.misc();
    if (this.src.charCodeAt(this.pos) !== LT) throw this.error('expected_root');
    const root = this.element();
    this.misc();
    if (this.pos < this.src.length) throw this.error('after_root');
    return {
      source: this.src,
      root,
      undeclaredPrefixes: this.undeclaredPositions(),
      declaration,
      encoding: this.encoding,
    };
  }

  private startsDeclaration(): boolean {
    if (!this.src.startsWith('<?xml', this.pos)) return false;
    const next = this.src.charCodeAt(this.pos + 5);
    return isSpace(next) || next === 0x3f;
  }

  /** XMLDecl [23]: version, then optionally encoding and standalone, in this order. */
  private declaration(): XmlDeclaration {
    const start = this.pos;
    this.pos += 5;
    const values: Partial<Record<(typeof DECLARATION_ORDER)[number], string>> = {};
    let encodingAt = -1;
    let next = 0;
    for (;;) {
      const spaced = this.skipSpace();
      if (this.src.startsWith('?>', this.pos)) {
        this.pos += 2;
        break;
      }
      if (this.pos >= this.src.length) throw new Failure('xml_not_well_formed', 'unterminated_pi', start);
      const nameAt = this.pos;
      let end = nameAt;
      while (end < this.src.length && isNameChar(this.src.charCodeAt(end))) end += 1;
      const name = this.src.slice(nameAt, end);
      const index = (DECLARATION_ORDER as readonly string[]).indexOf(name);
      if (!spaced || index < next || (next === 0 && index !== 0)) {
        const reason = next === 0 && index !== 0 ? 'declaration_version' : 'declaration_syntax';
        throw new Failure('xml_not_well_formed', reason, nameAt, name || this.src.charAt(nameAt));
      }
      this.pos = end;
      this.skipSpace();
      this.expect('=');
      this.skipSpace();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") throw this.error('attribute_unquoted');
      const valueAt = this.pos + 1;
      const close = this.src.indexOf(quote, valueAt);
      if (close === -1) throw this.error('attribute_unterminated');
      const value = this.src.slice(valueAt, close);
      const key = DECLARATION_ORDER[index]!;
      if (!DECLARATION_VALUES[key]!.test(value)) {
        throw new Failure('xml_not_well_formed', `declaration_${key}_value`, valueAt, value);
      }
      if (key === 'encoding') encodingAt = valueAt;
      values[key] = value;
      next = index + 1;
      this.pos = close + 1;
    }
    if (values.version === undefined) throw new Failure('xml_not_well_formed', 'declaration_version', start);
    return {
      version: values.version,
      encoding: values.encoding ?? null,
      encodingAt,
      standalone: values.standalone === undefined ? null : values.standalone === 'yes',
      end: this.pos,
    };
  }

  /** Misc [27] before and after the root: white space, comments and processing instructions. */
  private misc(): void {
    for (;;) {
      this.skipSpace();
      if (this.src.startsWith('<?', this.pos)) this.pi();
      else if (this.src.startsWith('<!--', this.pos)) this.comment();
      else if (this.src.startsWith('<!DOCTYPE', this.pos)) {
        throw new Failure('xml_doctype_forbidden', 'doctype', this.pos);
      } else return;
    }
  }

  private element(): XmlElement {
    const stack: BuildingElement[] = [];
    const undos: (Undo | null)[] = [];
    // Where the children of each open element start in `pending`.
    const firstChild: number[] = [];
    const pending = this.pending;
    let root: XmlElement | null = null;
    while (root === null) {
      const at = this.pos;
      const next = this.src.charCodeAt(at) === LT ? this.src.charCodeAt(at + 1) : -1;
      if (next !== -1 && (isNameStart(next) || isAstralNamePair(this.src, at + 1))) {
        if (stack.length >= this.limits.maxDepth)
          throw new Failure('xml_too_deep', 'too_deep', at, String(this.limits.maxDepth));
        const parent = stack[stack.length - 1] ?? null;
        const el = this.startTag(parent);
        const undo = this.undo;
        if (parent) pending[this.pendingCount++] = el;
        if (el.end === -1) {
          stack.push(el);
          undos.push(undo);
          firstChild.push(this.pendingCount);
        } else {
          this.restore(undo);
          if (!parent) root = el;
        }
      } else if (next === SLASH) {
        const open = stack.pop();
        if (!open) throw this.error('unexpected_end_tag');
        this.pos += 2;
        const after = this.pos + open.name.length;
        const matches =
          this.src.startsWith(open.name, this.pos) &&
          !isNameChar(this.src.charCodeAt(after)) &&
          !isAstralNamePair(this.src, after);
        if (!matches) {
          const detail = `<${open.name}> … </${this.name()}>`;
          throw new Failure('xml_not_well_formed', 'end_tag_mismatch', at, detail);
        }
        this.pos = after;
        this.skipSpace();
        this.expect('>');
        open.endTagStart = at;
        open.end = this.pos;
        const first = firstChild.pop()!;
        if (this.pendingCount > first) {
          open.children = pending.slice(first, this.pendingCount);
          this.pendingCount = first;
        }
        this.restore(undos.pop() ?? null);
        if (stack.length === 0) root = open;
      } else if (this.src.startsWith('<!--', at)) {
        this.comment();
      } else if (this.src.startsWith('<![CDATA[', at)) {
        const close = this.src.indexOf(']]>', at + 9);
        if (close === -1) throw this.error('unterminated_cdata');
        this.pos = close + 3;
        const raw = this.src.slice(at + 9, close);
        this.addText(stack, {
          kind: 'text',
          value: raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw,
          start: at,
          end: this.pos,
          encoded: true,
        });
      } else if (this.src.startsWith('<?', at)) {
        this.pi();
      } else if (this.src.startsWith('<!', at)) {
        const doctype = this.src.startsWith('<!DOCTYPE', at);
        throw doctype
          ? new Failure('xml_doctype_forbidden', 'doctype', at)
          : new Failure('xml_not_well_formed', 'markup_declaration', at);
      } else if (next !== -1) {
        this.pos += 1;
        throw this.error('expected_name');
      } else {
        this.text(stack);
      }
      if (this.pos >= this.src.length && root === null) throw this.error('unexpected_end');
    }
    return root;
  }

  /** The element begun; the bindings its declarations replaced are left in {@link undo}. */
  private startTag(parent: XmlElement | null): BuildingElement {
    const start = this.pos;
    this.elements += 1;
    if (this.elements > this.limits.maxElements) {
      throw new Failure('xml_limit_exceeded', 'too_many_elements', start, String(this.limits.maxElements));
    }
    const line = this.lineOf(start);
    this.pos += 1;
    const [name, prefix, local] = this.qname();
    // Most elements have none: an array is made for the first.
    let attributes = NO_ATTRIBUTES as Mutable<XmlAttribute>[];
    let seen: Set<string> | null = null;
    let declarations: Map<string, string> | null = null;
    for (;;) {
      const spaced = this.skipSpace();
      const c = this.src.charCodeAt(this.pos);
      if (c === GT || c === SLASH) break;
      if (!spaced) throw this.error(this.pos >= this.src.length ? 'unexpected_end' : 'attribute_space');
      if (attributes.length >= this.limits.maxAttributes) {
        throw new Failure(
          'xml_limit_exceeded',
          'too_many_attributes',
          this.pos,
          String(this.limits.maxAttributes),
        );
      }
      const attrStart = this.pos;
      const [attrName, attrPrefix, attrLocal] = this.qname();
      this.skipSpace();
      this.expect('=');
      this.skipSpace();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") throw this.error('attribute_unquoted');
      const valueStart = this.pos + 1;
      // The value up to its closing quote, in one pass that notes its first `<` (refused) and whether it
      // holds a reference or white space other than a space (to be replaced).
      const close = quote === '"' ? DQUOTE : QUOTE;
      let valueEnd = valueStart;
      let lt = -1;
      let special = false;
      for (; valueEnd < this.src.length; valueEnd++) {
        const c = this.src.charCodeAt(valueEnd);
        if (c === close) break;
        if (c === LT) lt = lt === -1 ? valueEnd : lt;
        else if (c === AMP || c === CR || c === 0x0a || c === 0x09) special = true;
      }
      if (valueEnd === this.src.length) throw this.error('attribute_unterminated');
      if (lt !== -1) throw new Failure('xml_not_well_formed', 'attribute_lt', lt);
      const rawValue = this.src.slice(valueStart, valueEnd);
      this.pos = valueEnd + 1;
      if (attributes.length >= 8) seen ??= new Set(attributes.map((a) => a.name));
      if (seen ? seen.has(attrName) : attributes.some((a) => a.name === attrName))
        throw new Failure('xml_not_well_formed', 'attribute_duplicate', attrStart, attrName);
      seen?.add(attrName);
      const value = special ? this.expand(rawValue, valueStart, ATTRIBUTE_SPECIALS, ' ') : rawValue;
      if (attrName === 'xmlns' || attrPrefix === 'xmlns') {
        const declared = attrPrefix === 'xmlns' ? attrLocal : '';
        this.checkDeclaration(declared, value, attrStart);
        (declarations ??= new Map()).set(declared, value);
      }
      if (attributes === NO_ATTRIBUTES) attributes = [];
      attributes.push({
        name: attrName,
        prefix: attrPrefix,
        local: attrLocal,
        ns: null,
        value,
        start: attrStart,
        end: this.pos,
        valueStart,
        valueEnd,
      });
    }
    const selfClosing = this.src.charCodeAt(this.pos) === SLASH;
    if (selfClosing) this.pos += 1;
    this.expect('>');

    let undo: [string, string | undefined][] | null = null;
    if (declarations) {
      undo = [];
      for (const [prefix, uri] of declarations) {
        undo.push([prefix, this.bindings.get(prefix)]);
        this.bindings.set(prefix, interned(uri));
      }
    }
    let prefixed = 0;
    for (const a of attributes) {
      if (a.name === 'xmlns' || a.prefix === 'xmlns') a.ns = XMLNS_NS;
      else if (a.prefix !== null) {
        a.ns = this.resolve(a.prefix, a.start);
        prefixed += 1;
      }
    }
    if (prefixed > 1) this.checkExpandedNames(attributes);
    if (prefix === 'xmlns') throw new Failure('xml_not_well_formed', 'xmlns_element', start + 1, name);
    const ns = prefix === null ? this.defaultNamespace() : this.resolve(prefix, start + 1);
    const element: BuildingElement = {
      kind: 'element',
      name,
      prefix,
      local,
      ns,
      attributes,
      children: NO_CHILDREN,
      parent,
      start,
      startTagEnd: this.pos,
      endTagStart: selfClosing ? this.pos : -1,
      end: selfClosing ? this.pos : -1,
      line,
      declarations: declarations ?? NO_DECLARATIONS,
    };
    this.undo = undo;
    return element;
  }

  /** Namespaces 1.0 §3: the reserved prefixes and names, and no undeclaring of a prefix. */
  private checkDeclaration(prefix: string, uri: string, at: number): void {
    this.namespaceDeclarations += 1;
    if (this.namespaceDeclarations > this.limits.maxNamespaceDeclarations) {
      const max = String(this.limits.maxNamespaceDeclarations);
      throw new Failure('xml_limit_exceeded', 'too_many_namespace_declarations', at, max);
    }
    const reserved =
      prefix === 'xmlns' || (prefix === 'xml' ? uri !== XML_NS : uri === XML_NS) || uri === XMLNS_NS;
    if (reserved) {
      throw new Failure('xml_not_well_formed', 'reserved_namespace', at, `${prefix || 'xmlns'}="${uri}"`);
    }
    if (prefix !== '' && uri === '') throw new Failure('xml_not_well_formed', 'prefix_unbound', at, prefix);
  }

  /** No two attributes of an element may have the same local name and namespace (Namespaces 1.0 §6.3). */
  private checkExpandedNames(attributes: readonly XmlAttribute[]): void {
    const expanded = new Set<string>();
    for (const a of attributes) {
      if (a.ns === null || a.ns === XMLNS_NS) continue;
      const key = `${a.ns} ${a.local}`;
      if (expanded.has(key)) throw new Failure('xml_not_well_formed', 'attribute_duplicate', a.start, a.name);
      expanded.add(key);
    }
  }

  private restore(undo: Undo | null): void {
    if (!undo) return;
    for (let i = undo.length - 1; i >= 0; i--) {
      const [prefix, previous] = undo[i]!;
      if (previous === undefined) this.bindings.delete(prefix);
      else this.bindings.set(prefix, previous);
    }
  }

  private defaultNamespace(): string | null {
    const uri = this.bindings.get('');
    return uri === undefined || uri === '' ? null : uri;
  }

  private resolve(prefix: string, at: number): string | null {
    const uri = this.bindings.get(prefix);
    if (uri !== undefined) return uri;
    this.undeclared.push({ prefix, at });
    return null;
  }

  /** Line and column of each undeclared prefix, found in one pass over the source. */
  private undeclaredPositions(): XmlDocument['undeclaredPrefixes'] {
    if (this.undeclared.length === 0) return [];
    const byOffset = [...this.undeclared].sort((a, b) => a.at - b.at);
    const found = new Map<number, { line: number; column: number }>();
    let line = 1;
    let lineStart = 0;
    for (const { at } of byOffset) {
      for (let i = this.src.indexOf('\n', lineStart); i !== -1 && i < at; i = this.src.indexOf('\n', i + 1)) {
        line += 1;
        lineStart = i + 1;
      }
      found.set(at, { line, column: at - lineStart + 1 });
    }
    return this.undeclared.map(({ prefix, at }) => ({ prefix, ...found.get(at)! }));
  }

  /**
   * Character data up to the next markup, in one pass over its code units that notes what it holds: a
   * reference, a carriage return, a `]` (which may begin the `]]>` text must not hold).
   */
  private text(stack: BuildingElement[]): void {
    const src = this.src;
    const start = this.pos;
    let end = start;
    let encoded = false;
    let carriageReturn = false;
    let bracket = false;
    let blank = true;
    for (; end < src.length; end++) {
      const c = src.charCodeAt(end);
      if (c === LT) break;
      // Below a space, only white space is left (firstNonChar refused the rest).
      if (c <= 0x20) {
        if (c === CR) carriageReturn = true;
      } else {
        blank = false;
        if (c === AMP) encoded = true;
        else if (c === BRACKET) bracket = true;
      }
    }
    const raw = (blank && !carriageReturn && indentation(src, start, end)) || src.slice(start, end);
    this.pos = end;
    const cdataEnd = bracket ? raw.indexOf(']]>') : -1;
    if (cdataEnd !== -1) throw new Failure('xml_not_well_formed', 'cdata_end_in_text', start + cdataEnd);
    // Line ends are normalised in the same pass that resolves references, so `&#13;` stays a carriage return.
    const value = encoded || carriageReturn ? this.expand(raw, start, TEXT_SPECIALS, '\n') : raw;
    this.addText(stack, { kind: 'text', value, start, end, encoded });
  }

  private addText(stack: BuildingElement[], node: XmlText): void {
    if (stack.length === 0) throw new Failure('xml_not_well_formed', 'text_outside_root', node.start);
    this.pending[this.pendingCount++] = node;
  }

  /** Resolves references and replaces literal line ends (and, in attributes, white space) by `space`. */
  private expand(raw: string, offset: number, specials: RegExp, space: string): string {
    return raw.replace(specials, (match: string, at: number) =>
      match.charCodeAt(0) === AMP ? this.reference(match, offset + at) : space,
    );
  }

  private reference(match: string, at: number): string {
    if (!match.endsWith(';')) throw new Failure('xml_not_well_formed', 'bare_ampersand', at);
    const ref = match.slice(1, -1);
    if (ref.charCodeAt(0) === HASH) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!CHAR_REFERENCE.test(ref) || !isCharCode(code)) {
        throw new Failure('xml_not_well_formed', 'bad_char_reference', at, match);
      }
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value !== undefined) return value;
    throw new Failure('xml_not_well_formed', isName(ref) ? 'undefined_entity' : 'bare_ampersand', at, match);
  }

  /** A processing instruction [16]: a target that is a name without a colon and not `xml`. */
  private pi(): void {
    const start = this.pos;
    this.pos += 2;
    const target = this.name();
    if (target === 'xml') throw new Failure('xml_not_well_formed', 'declaration_not_first', start);
    if (target.toLowerCase() === 'xml' || target.includes(':')) {
      throw new Failure('xml_not_well_formed', 'pi_target', start + 2, target);
    }
    if (this.src.startsWith('?>', this.pos)) {
      this.pos += 2;
      return;
    }
    if (!isSpace(this.src.charCodeAt(this.pos))) throw this.error('pi_space');
    const close = this.src.indexOf('?>', this.pos);
    if (close === -1) throw new Failure('xml_not_well_formed', 'unterminated_pi', start);
    this.pos = close + 2;
  }

  /** A comment [15]: no `--` inside, and not ending in `-`. */
  private comment(): void {
    const start = this.pos;
    const hyphens = this.src.indexOf('--', start + 4);
    if (hyphens === -1) throw new Failure('xml_not_well_formed', 'unterminated_comment', start);
    if (this.src.charCodeAt(hyphens + 2) !== GT) {
      throw new Failure('xml_not_well_formed', 'comment_hyphens', hyphens);
    }
    this.pos = hyphens + 3;
  }

  /** Where the Name [5] at the current position ends. */
  private nameEnd(): number {
    const start = this.pos;
    let end: number;
    if (isNameStart(this.src.charCodeAt(start))) end = start + 1;
    else if (isAstralNamePair(this.src, start)) end = start + 2;
    else throw this.error('expected_name');
    for (;;) {
      const c = this.src.charCodeAt(end);
      if (isNameChar(c)) end += 1;
      else if (c >= 0xd800 && isAstralNamePair(this.src, end)) end += 2;
      else break;
    }
    return end;
  }

  private name(): string {
    const start = this.pos;
    this.pos = this.nameEnd();
    return this.src.slice(start, this.pos);
  }

  /**
   * A name that is a QName of Namespaces 1.0 [7] (at most one colon, neither first nor last), with its
   * parts. Documents repeat few names, so each is cut out of a source and split once: it is found
   * again by a hash of its characters (in {@link knownNames}), without making a string of it.
   */
  private qname(): QName {
    const src = this.src;
    const start = this.pos;
    // The name's end and the hash of its characters, in one pass.
    let end = start;
    let hash = 0;
    for (;;) {
      const c = src.charCodeAt(end);
      if (
        c < 0x80 ? ASCII_NAME[c]! > (end === start ? 1 : 0) : end === start ? isNameStart(c) : isNameChar(c)
      )
        end += 1;
      else if (c >= 0xd800 && isAstralNamePair(src, end)) end += 2;
      else if (end === start) throw this.error('expected_name');
      else break;
      hash = (Math.imul(hash, 31) + c) | 0;
    }
    hash = (Math.imul(hash, 31) + end - start) | 0;
    this.pos = end;
    const same = knownNames.get(hash);
    if (same) {
      for (const known of same)
        if (known[0].length === end - start && this.src.startsWith(known[0], start)) return known;
    }
    const name = this.src.slice(start, end);
    const colon = name.indexOf(':');
    if (colon !== -1 && (colon === 0 || colon === name.length - 1 || name.includes(':', colon + 1))) {
      throw new Failure('xml_not_well_formed', 'bad_qname', start, name);
    }
    const whole = interned(name);
    const parts: QName =
      colon === -1
        ? [whole, null, whole]
        : [whole, interned(name.slice(0, colon)), interned(name.slice(colon + 1))];
    keepName(hash, same, parts);
    return parts;
  }

  /** Skips white space; true when there was some. */
  private skipSpace(): boolean {
    // Never read past the end (the line end after the root): optimised code that did was thrown out.
    const src = this.src;
    const start = this.pos;
    let p = start;
    for (; p < src.length; p++) {
      const c = src.charCodeAt(p);
      if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) break;
    }
    this.pos = p;
    return p > start;
  }

  private expect(c: string): void {
    if (this.src[this.pos] !== c) throw this.error('expected_char', c);
    this.pos += 1;
  }

  /**
   * Lines are counted forwards only, as start tags come in document order; the next line end is kept,
   * so that a long line is not searched again for each of its tags.
   */
  private lineOf(offset: number): number {
    while (this.nextLineEnd < offset) {
      this.line += 1;
      const next = this.src.indexOf('\n', this.nextLineEnd + 1);
      this.nextLineEnd = next === -1 ? Number.POSITIVE_INFINITY : next;
    }
    return this.line;
  }

  private error(reason: XmlReason, detail?: string): Failure {
    return new Failure('xml_not_well_formed', reason, this.pos, detail);
  }
}

/**
 * The white space between tags of an indented document, made once: a line end then up to INDENT_MAX
 * spaces, or tabs. Most text nodes of an invoice are such, and each would otherwise be a string of its own.
 */
const INDENT_MAX = 64;
const indents = (unit: string): string[] =>
  Array.from({ length: INDENT_MAX }, (_, n) => interned(`\n${unit.repeat(n)}`));
const SPACE_INDENTS = indents(' ');
const TAB_INDENTS = indents('\t');

/** The text from `start` to `end`, when it is one of the indentations made once, else null. */
function indentation(src: string, start: number, end: number): string | null {
  const n = end - start - 1;
  if (n < 0 || n >= INDENT_MAX || src.charCodeAt(start) !== 0x0a) return null;
  const unit = src.charCodeAt(start + 1);
  for (let i = start + 2; i < end; i++) if (src.charCodeAt(i) !== unit) return null;
  if (n === 0 || unit === 0x20) return SPACE_INDENTS[n]!;
  return unit === 0x09 ? TAB_INDENTS[n]! : null;
}

function isCharCode(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function isName(text: string): boolean {
  if (text === '' || !(isNameStart(text.charCodeAt(0)) || isAstralNamePair(text, 0))) return false;
  for (let i = 1; i < text.length; i++) {
    if (isNameChar(text.charCodeAt(i))) continue;
    if (!isAstralNamePair(text, i)) return false;
    i += 1;
  }
  return true;
}
