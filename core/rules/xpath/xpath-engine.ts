/**
 * XPath 2.0 expressions of an official Schematron artefact run over our XML tree, for rule sets kept as
 * the artefact's own XPath (the Factur-X profile rules: thousands of assertions, mostly cardinalities,
 * generated as data by bin/dev). Expressions are parsed and compiled once (xpath-parse.ts,
 * xpath-eval.ts, xpath-shapes.ts, xpath-pattern.ts) and evaluated with Saxon's typing rules (xpath-eval.ts); a dynamic error of the official XSLT becomes {@link UncastableValue} on
 * the context element, as for the hand-written rule sets.
 */
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';
import type { XmlAttribute, XmlElement, XmlText } from '../../xml/tree';
import type { NameChain } from '../name-path';
import { perDocument } from '../document-memo';
import type { RuleInput } from '../rule';
import { UncastableValue } from './cast';
import { compileBoolean, unknownFunctions } from './xpath-eval';
import { XPathError, type AttrNode, type TextNode, type XPathEnv } from './xpath-nodes';
import { compilePattern } from './xpath-pattern';
import { parseXPath, type Expr } from './xpath-parse';

const NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['rsm', RSM],
  ['ram', RAM],
  ['udt', UDT],
  ['qdt', QDT],
]);

const envOf = perDocument((input): XPathEnv => {
  const attrs = new Map<XmlAttribute, AttrNode>();
  const texts = new Map<XmlText, TextNode>();
  return {
    namespaces: NAMESPACES,
    document: { kind: 'document', root: input.root },
    byLocalName: input.byLocalName,
    memo: input.memo,
    attrNode: (owner, attr) => {
      let n = attrs.get(attr);
      if (!n) attrs.set(attr, (n = { kind: 'attribute', owner, attr }));
      return n;
    },
    textNode: (parent, text) => {
      let n = texts.get(text);
      if (!n) texts.set(text, (n = { kind: 'textnode', parent, text }));
      return n;
    },
  };
});

/** Parses an artefact's expression; throws on syntax or functions outside what we evaluate. */
export function compileXPath(source: string): Expr {
  const expr = parseXPath(source);
  const unknown = unknownFunctions(expr);
  if (unknown.length > 0) throw new SyntaxError(`unknown function ${unknown.join(', ')} in ${source}`);
  return expr;
}

function stopped(e: unknown, at: XmlElement): never {
  if (e instanceof XPathError) {
    // `N items for …` (XPTY0004): a path gave several values where the expression reads one.
    if (e.code === 'XPTY0004' && /^\d+ items for /.test(e.value ?? ''))
      throw new UncastableValue(at, '', 'one item');
    throw new UncastableValue(at, e.value ?? '', 'xs:decimal');
  }
  throw e;
}

export type XPathTest = (input: RuleInput, at: XmlElement) => boolean;

/** An assertion's test, to run on context elements. */
export function compileTest(source: string): XPathTest {
  const test = compileBoolean(compileXPath(source), NAMESPACES);
  return (input, at) => {
    try {
      return test(at, envOf(input));
    } catch (e) {
      return stopped(e, at);
    }
  };
}

export interface MatchPattern {
  /** The local name the pattern's last step selects, or null for a wildcard. */
  readonly local: string | null;
  /** What the names of an element and of its ancestors alone say (see PatternContext.byNames). */
  byNames(el: NameChain): boolean | null;
  matches(el: XmlElement, input: RuleInput): boolean;
}

/** A rule context (an absolute XSLT match pattern), tested on each candidate element. */
export function compileMatch(source: string): MatchPattern {
  const pattern = compilePattern(compileXPath(source), NAMESPACES);
  return {
    local: pattern.local,
    byNames: pattern.byNames,
    matches: (el, input) => pattern.matches(el, envOf(input)),
  };
}
