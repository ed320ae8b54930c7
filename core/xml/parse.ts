/**
 * A small, strict XML 1.0 parser for invoices. It refuses what an invoice never needs and an attacker
 * loves: any DOCTYPE (so no external entities, no entity expansion), undefined entities, oversized
 * input and absurd nesting. It keeps source offsets on every node (see tree.ts).
 */
import { xmlReasonText, type XmlReason } from './messages';
import type { XmlAttribute, XmlDocument, XmlElement, XmlError, XmlErrorCode, XmlNode, XmlText } from './tree';

export interface ParseOptions {
  /** Largest accepted source, in UTF-16 code units (≈ characters). */
  readonly maxLength?: number;
  /** Deepest accepted element nesting. */
  readonly maxDepth?: number;
}

/** 20 MB: far beyond any real invoice XML, small enough to keep a hostile upload harmless. */
export const DEFAULT_MAX_XML_LENGTH = 20 * 1024 * 1024;
export const DEFAULT_MAX_XML_DEPTH = 256;

export type ParseResult =
  { readonly ok: true; readonly doc: XmlDocument } | { readonly ok: false; readonly error: XmlError };

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const NO_DECLARATIONS: ReadonlyMap<string, string> = new Map();
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

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

export function parseXml(source: string, options: ParseOptions = {}): ParseResult {
  const maxLength = options.maxLength ?? DEFAULT_MAX_XML_LENGTH;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_XML_DEPTH;
  if (source.length > maxLength) {
    return fail(source, new Failure('xml_too_large', 'too_large', 0, String(maxLength)));
  }
  if (source.trim() === '') return fail(source, new Failure('xml_empty', 'empty', 0));
  try {
    return { ok: true, doc: new Parser(source, maxDepth).document() };
  } catch (e) {
    if (e instanceof Failure) return fail(source, e);
    throw e;
  }
}

function fail(source: string, f: Failure): ParseResult {
  const { line, column } = position(source, f.at);
  const { code, reason, detail } = f;
  const message = xmlReasonText(reason, detail).en;
  return {
    ok: false,
    error: { code, reason, ...(detail === undefined ? {} : { detail }), message, line, column },
  };
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

class Parser {
  private pos = 0;
  private line = 1;
  private lineScan = 0;
  private bodyStart = 0;
  private readonly names = new Map<string, readonly [string | null, string]>();
  private readonly undeclared: { prefix: string; line: number }[] = [];

  constructor(
    private readonly src: string,
    private readonly maxDepth: number,
  ) {}

  document(): XmlDocument {
    if (this.src.charCodeAt(0) === 0xfeff) this.pos = this.bodyStart = 1;
    this.misc(true);
    if (!this.src.startsWith('<', this.pos)) throw this.error('expected_root');
    const root = this.element();
    this.misc(false);
    if (this.pos < this.src.length) throw this.error('after_root');
    return { source: this.src, root, undeclaredPrefixes: this.undeclared };
  }

  /** Whitespace, comments and processing instructions outside the root element. */
  private misc(prolog: boolean): void {
    for (;;) {
      this.skipSpace();
      if (this.src.startsWith('<?', this.pos)) {
        const isDecl = this.src.startsWith('<?xml', this.pos) && /[\s?]/.test(this.src[this.pos + 5] ?? '');
        if (isDecl && !(prolog && this.pos === this.bodyStart)) throw this.error('declaration_not_first');
        this.skipPast('?>', 'unterminated_pi');
      } else if (this.src.startsWith('<!--', this.pos)) {
        this.comment();
      } else if (this.src.startsWith('<!DOCTYPE', this.pos) || this.src.startsWith('<!doctype', this.pos)) {
        throw new Failure('xml_doctype_forbidden', 'doctype', this.pos);
      } else {
        return;
      }
    }
  }

  private element(): XmlElement {
    const stack: BuildingElement[] = [];
    const scopes: Map<string, string>[] = [new Map([['xml', XML_NS]])];
    let root: XmlElement | null = null;
    while (root === null) {
      const at = this.pos;
      const next = this.src.charCodeAt(at) === LT ? this.src.charCodeAt(at + 1) : -1;
      if (next !== -1 && isNameStart(next)) {
        if (stack.length >= this.maxDepth)
          throw new Failure('xml_too_deep', 'too_deep', at, String(this.maxDepth));
        const parent = stack[stack.length - 1] ?? null;
        const el = this.startTag(parent, scopes);
        parent?.children.push(el);
        if (el.end === -1) {
          stack.push(el);
        } else {
          scopes.pop();
          if (!parent) root = el;
        }
      } else if (next === SLASH) {
        const open = stack.pop();
        if (!open) throw this.error('unexpected_end_tag');
        this.pos += 2;
        const matches =
          this.src.startsWith(open.name, this.pos) &&
          !isNameChar(this.src.charCodeAt(this.pos + open.name.length));
        if (!matches) {
          const detail = `<${open.name}> … </${this.name()}>`;
          throw new Failure('xml_not_well_formed', 'end_tag_mismatch', at, detail);
        }
        this.pos += open.name.length;
        this.skipSpace();
        this.expect('>');
        open.endTagStart = at;
        open.end = this.pos;
        scopes.pop();
        if (stack.length === 0) root = open;
      } else if (this.src.startsWith('<!--', at)) {
        this.comment();
      } else if (this.src.startsWith('<![CDATA[', at)) {
        const close = this.src.indexOf(']]>', at + 9);
        if (close === -1) throw this.error('unterminated_cdata');
        this.pos = close + 3;
        this.addText(stack, {
          kind: 'text',
          value: this.src.slice(at + 9, close),
          start: at,
          end: this.pos,
          encoded: true,
        });
      } else if (this.src.startsWith('<?', at)) {
        this.skipPast('?>', 'unterminated_pi');
      } else if (this.src.startsWith('<!', at)) {
        throw new Failure('xml_doctype_forbidden', 'markup_declaration', at);
      } else if (next !== -1) {
        throw this.error('expected_name');
      } else {
        if (stack.length === 0) throw this.error('text_outside_root');
        this.text(stack);
      }
      if (this.pos >= this.src.length && root === null) throw this.error('unexpected_end');
    }
    return root;
  }

  private startTag(parent: XmlElement | null, scopes: Map<string, string>[]): BuildingElement {
    const start = this.pos;
    const line = this.lineOf(start);
    this.pos += 1;
    const name = this.name();
    const attributes: Mutable<XmlAttribute>[] = [];
    let declarations: Map<string, string> | null = null;
    for (;;) {
      const before = this.pos;
      this.skipSpace();
      const c = this.src.charCodeAt(this.pos);
      if (c === GT || c === SLASH) break;
      if (this.pos === before) throw this.error('attribute_space');
      const attrStart = this.pos;
      const attrName = this.name();
      this.skipSpace();
      this.expect('=');
      this.skipSpace();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") throw this.error('attribute_unquoted');
      const valueStart = this.pos + 1;
      const valueEnd = this.src.indexOf(quote, valueStart);
      if (valueEnd === -1) throw this.error('attribute_unterminated');
      const rawValue = this.src.slice(valueStart, valueEnd);
      if (rawValue.includes('<')) throw new Failure('xml_not_well_formed', 'attribute_lt', valueStart);
      this.pos = valueEnd + 1;
      if (attributes.some((a) => a.name === attrName)) throw this.error('attribute_duplicate', attrName);
      const value = this.decode(rawValue, valueStart).replace(/[\t\n\r]/g, ' ');
      const [prefix, local] = this.split(attrName);
      if (attrName === 'xmlns') (declarations ??= new Map()).set('', value);
      else if (prefix === 'xmlns') (declarations ??= new Map()).set(local, value);
      attributes.push({
        name: attrName,
        prefix,
        local,
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

    const inherited = scopes[scopes.length - 1]!;
    const scope = declarations ? new Map([...inherited, ...declarations]) : inherited;
    scopes.push(scope);
    for (const a of attributes) {
      if (a.name === 'xmlns' || a.prefix === 'xmlns') a.ns = XMLNS_NS;
      else if (a.prefix !== null) a.ns = this.resolve(scope, a.prefix, line);
    }
    const [prefix, local] = this.split(name);
    const ns = this.resolve(scope, prefix ?? '', line, prefix !== null);
    return {
      kind: 'element',
      name,
      prefix,
      local,
      ns,
      attributes,
      children: [],
      parent,
      start,
      startTagEnd: this.pos,
      endTagStart: selfClosing ? this.pos : -1,
      end: selfClosing ? this.pos : -1,
      line,
      declarations: declarations ?? NO_DECLARATIONS,
    };
  }

  private resolve(scope: Map<string, string>, prefix: string, line: number, required = true): string | null {
    const uri = scope.get(prefix);
    if (uri !== undefined) return uri === '' ? null : uri;
    if (required && prefix !== '') this.undeclared.push({ prefix, line });
    return null;
  }

  private text(stack: BuildingElement[]): void {
    const start = this.pos;
    const next = this.src.indexOf('<', start);
    const end = next === -1 ? this.src.length : next;
    const raw = this.src.slice(start, end);
    this.pos = end;
    const encoded = raw.includes('&');
    // Line ends are normalised before references are resolved, so that `&#13;` stays a carriage return.
    const lines = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
    const value = encoded ? this.decode(lines, start) : lines;
    this.addText(stack, { kind: 'text', value, start, end, encoded });
  }

  private addText(stack: BuildingElement[], node: XmlText): void {
    const parent = stack[stack.length - 1];
    if (!parent) throw this.error('text_outside_root');
    parent.children.push(node);
  }

  private decode(raw: string, offset: number): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&]*);?/g, (match, ref: string, at: number) => {
      if (!match.endsWith(';')) throw new Failure('xml_not_well_formed', 'bare_ampersand', offset + at);
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        const valid =
          /^#(x[0-9A-Fa-f]+|[0-9]+)$/.test(ref) &&
          (code === 0x9 ||
            code === 0xa ||
            code === 0xd ||
            (code >= 0x20 && code <= 0xd7ff) ||
            (code >= 0xe000 && code <= 0xfffd) ||
            (code >= 0x10000 && code <= 0x10ffff));
        if (!valid) throw new Failure('xml_not_well_formed', 'bad_char_reference', offset + at, `&${ref};`);
        return String.fromCodePoint(code);
      }
      const value = PREDEFINED[ref];
      if (value === undefined)
        throw new Failure('xml_not_well_formed', 'undefined_entity', offset + at, `&${ref};`);
      return value;
    });
  }

  private comment(): void {
    const close = this.src.indexOf('-->', this.pos + 4);
    if (close === -1) throw this.error('unterminated_comment');
    this.pos = close + 3;
  }

  private skipPast(marker: string, reason: XmlReason): void {
    const close = this.src.indexOf(marker, this.pos + 2);
    if (close === -1) throw this.error(reason);
    this.pos = close + marker.length;
  }

  private name(): string {
    const start = this.pos;
    const first = this.src.charCodeAt(start);
    if (!isNameStart(first)) throw this.error('expected_name');
    let end = start + 1;
    while (end < this.src.length && isNameChar(this.src.charCodeAt(end))) end += 1;
    this.pos = end;
    return this.src.slice(start, end);
  }

  /** Prefix and local part of a qualified name; names repeat, so each is split once per document. */
  private split(name: string): readonly [string | null, string] {
    let parts = this.names.get(name);
    if (!parts) {
      const colon = name.indexOf(':');
      parts = colon === -1 ? [null, name] : [name.slice(0, colon), name.slice(colon + 1)];
      this.names.set(name, parts);
    }
    return parts;
  }

  private skipSpace(): void {
    let c = this.src.charCodeAt(this.pos);
    while (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) c = this.src.charCodeAt(++this.pos);
  }

  private expect(c: string): void {
    if (this.src[this.pos] !== c) throw this.error('expected_char', c);
    this.pos += 1;
  }

  /** Lines are counted forwards only, as start tags come in document order. */
  private lineOf(offset: number): number {
    for (
      let i = this.src.indexOf('\n', this.lineScan);
      i !== -1 && i < offset;
      i = this.src.indexOf('\n', i + 1)
    ) {
      this.line += 1;
      this.lineScan = i + 1;
    }
    if (this.lineScan < offset) this.lineScan = offset;
    return this.line;
  }

  private error(reason: XmlReason, detail?: string): Failure {
    return new Failure('xml_not_well_formed', reason, this.pos, detail);
  }
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0xc0;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0xb7;
}
