/**
 * Dev-time reader of Schematron artefacts, for the generators and the oracle of bin/dev: the patterns,
 * rules, variables and assertions of a Schematron source (`.sch`) or of the XSLT a Schematron skeleton
 * compiled from one (`.xsl`, where the source is not published), in the artefact's order. Never used at
 * install or run time.
 */
import { parseXml } from '../../core/xml/parse';
import { attributeValue, elementChildren, textOf } from '../../core/xml/query';
import type { XmlElement } from '../../core/xml/tree';

export interface SchAssertion {
  readonly kind: 'assert' | 'report';
  readonly test: string;
  readonly flag: 'fatal' | 'warning';
  /** The `id` attribute of the compiled assertion (`FX-SCH-A-000390`), when there is one. */
  readonly idAttribute: string | null;
  /** The message, whitespace collapsed. */
  readonly text: string;
}

export interface SchRule {
  readonly context: string;
  /** `let` (or `xsl:variable`) of the rule, in order: name and XPath. */
  readonly lets: readonly (readonly [string, string])[];
  readonly assertions: readonly SchAssertion[];
}

export interface SchPattern {
  /** Pattern-level `let`s (absolute paths in the artefacts: evaluated the same from any rule). */
  readonly lets: readonly (readonly [string, string])[];
  readonly rules: readonly SchRule[];
}

export interface SchArtefact {
  readonly title: string;
  /** Prefix and namespace URI of each `ns` (or of the compiled stylesheet's declarations). */
  readonly namespaces: readonly (readonly [string, string])[];
  /** XSLT the artefact embeds (`xsl:function` …), as source text. */
  readonly functions: readonly string[];
  /** Global variables (`let` under `schema`, or top-level `xsl:variable` other than the skeleton's own). */
  readonly lets: readonly (readonly [string, string])[];
  readonly patterns: readonly SchPattern[];
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

const XSL = 'http://www.w3.org/1999/XSL/Transform';

function parse(file: string, source: string): XmlElement {
  const parsed = parseXml(source, { maxLength: 10 * 1024 * 1024 });
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.doc.root;
}

const named = (el: XmlElement, local: string): XmlElement[] =>
  elementChildren(el).filter((c) => c.local === local);

function flagOf(el: XmlElement): 'fatal' | 'warning' {
  return attributeValue(el, 'flag') === 'warning' ? 'warning' : 'fatal';
}

function letsOf(el: XmlElement, local: string, valueAttr: string): [string, string][] {
  return named(el, local).map((l) => [attributeValue(l, 'name')!, attributeValue(l, valueAttr)!]);
}

/** A Schematron source: `schema/pattern/rule/(let|assert|report)`. */
export function readSch(file: string, source: string): SchArtefact {
  const root = parse(file, source);
  return {
    title: collapse(named(root, 'title').map(textOf).join(' ')),
    namespaces: named(root, 'ns').map((n) => [attributeValue(n, 'prefix')!, attributeValue(n, 'uri')!]),
    functions: elementChildren(root)
      .filter((c) => c.ns === XSL)
      .map((c) => source.slice(c.start, c.end)),
    lets: letsOf(root, 'let', 'value'),
    patterns: named(root, 'pattern').map((p) => ({
      lets: letsOf(p, 'let', 'value'),
      rules: named(p, 'rule').map((r) => ({
        context: attributeValue(r, 'context')!,
        lets: letsOf(r, 'let', 'value'),
        assertions: elementChildren(r)
          .filter((a) => a.local === 'assert' || a.local === 'report')
          .map((a) => ({
            kind: a.local as 'assert' | 'report',
            test: attributeValue(a, 'test')!,
            flag: flagOf(a),
            idAttribute: attributeValue(a, 'id') ?? null,
            text: collapse(textOf(a)),
          })),
      })),
    })),
  };
}

/** The text of an element and all its descendants (`svrl:text` may hold `xsl:value-of`: left out). */
function deepText(el: XmlElement): string {
  return el.children.map((c) => (c.kind === 'text' ? c.value : deepText(c))).join('');
}

function compiledAssertion(test: string, kind: 'assert' | 'report', svrl: XmlElement): SchAssertion {
  const attrs = named(svrl, 'attribute');
  const attr = (name: string): string | null => {
    const a = attrs.find((x) => attributeValue(x, 'name') === name);
    return a ? collapse(textOf(a)) : null;
  };
  const text = named(svrl, 'text')[0];
  return {
    kind,
    test,
    flag: (attr('flag') ?? attributeValue(svrl, 'flag')) === 'warning' ? 'warning' : 'fatal',
    idAttribute: attr('id') ?? attributeValue(svrl, 'id') ?? null,
    text: text ? collapse(deepText(text)) : '',
  };
}

/** The assertions of a compiled rule template, in order (`xsl:choose` = assert, `xsl:if` = report). */
function templateAssertions(template: XmlElement): SchAssertion[] {
  const out: SchAssertion[] = [];
  for (const c of elementChildren(template)) {
    if (c.local === 'choose') {
      const when = named(c, 'when')[0]!;
      const failed = named(named(c, 'otherwise')[0]!, 'failed-assert')[0]!;
      out.push(compiledAssertion(attributeValue(when, 'test')!, 'assert', failed));
    } else if (c.local === 'if') {
      const report = named(c, 'successful-report')[0];
      if (report) out.push(compiledAssertion(attributeValue(c, 'test')!, 'report', report));
    }
  }
  return out;
}

/**
 * An XSLT compiled by the ISO Schematron skeleton: the root template applies the patterns' modes in
 * order; in each mode, the rule templates' priorities give the rules' order (highest first).
 */
export function readCompiled(file: string, source: string): SchArtefact {
  const root = parse(file, source);
  const templates = named(root, 'template');
  const rootTemplate = templates.find(
    (t) => attributeValue(t, 'match') === '/' && !attributeValue(t, 'mode'),
  );
  if (!rootTemplate) throw new Error(`${file}: no root template`);
  const modes: string[] = [];
  const visit = (el: XmlElement): void => {
    for (const c of elementChildren(el)) {
      if (c.local === 'apply-templates' && attributeValue(c, 'select') === '/')
        modes.push(attributeValue(c, 'mode')!);
      visit(c);
    }
  };
  visit(rootTemplate);
  const skeletonVariables = new Set(['document-uri']);
  return {
    namespaces: [...root.declarations].filter(([prefix]) => prefix !== ''),
    functions: [],
    title: collapse(
      elementChildren(rootTemplate)
        .filter((c) => c.local === 'schema-output' || c.local === 'text')
        .map((c) => attributeValue(c, 'title') ?? '')
        .join(' '),
    ),
    lets: letsOf(root, 'variable', 'select').filter(([name]) => !skeletonVariables.has(name)),
    patterns: modes.map((mode) => ({
      lets: [],
      rules: templates
        .filter((t) => attributeValue(t, 'mode') === mode && attributeValue(t, 'priority') !== undefined)
        .filter((t) => Number(attributeValue(t, 'priority')) >= 1000)
        .sort((a, b) => Number(attributeValue(b, 'priority')) - Number(attributeValue(a, 'priority')))
        .map((t) => ({
          context: attributeValue(t, 'match')!,
          lets: letsOf(t, 'variable', 'select'),
          assertions: templateAssertions(t),
        })),
    })),
  };
}
