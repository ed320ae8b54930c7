/**
 * Dev-time tool, run by hand when new Factur-X schemas are adopted:
 *   npx tsx bin/dev/generate-xsd-models.ts [path/to/facturx-1.09-xsd] && npx prettier --write core/rules/xsd/models
 * It reads each profile's reference XSDs and writes their content models as TypeScript data,
 * core/rules/xsd/models/<profile>.ts. Never run at install or test time: the product does not read XSDs.
 *
 * The Factur-X schemas use a small subset of XSD, which this reader accepts and nothing more: named
 * complex types holding one sequence or choice of local elements (`type`, `minOccurs`, `maxOccurs`),
 * simple content extending a built-in type or a named simple type restricting one (no facets), attributes
 * (`use="required"`), and anonymous complex types on local elements.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AttributeData, ParticleData, SimpleBase, TypeData } from '../../core/rules/xsd/model';
import { parseXml } from '../../core/xml/parse';
import { attributeValue, elementChildren } from '../../core/xml/query';
import type { XmlElement } from '../../core/xml/tree';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = process.argv[2] ?? path.resolve(repo, '../shared/reference/facturx-1.09-xsd');
const XS = 'http://www.w3.org/2001/XMLSchema';
const PREFIX_OF: Readonly<Record<string, string>> = {
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
};
const BUILT_IN: Readonly<Record<string, SimpleBase>> = {
  string: 'string',
  token: 'token',
  decimal: 'decimal',
  boolean: 'boolean',
  base64Binary: 'base64Binary',
};
const PROFILES: readonly [folder: string, file: string][] = [
  ['MINIMUM', 'minimum'],
  ['BASICWL', 'basic-wl'],
  ['BASIC', 'basic'],
  ['EN16931', 'en16931'],
  ['EXTENDED', 'extended'],
];

interface Schema {
  readonly file: string;
  readonly root: XmlElement;
  readonly prefix: string;
}

function xs(el: XmlElement, local: string): XmlElement[] {
  return elementChildren(el).filter((c) => c.ns === XS && c.local === local);
}

function unsupported(el: XmlElement, schema: Schema): never {
  throw new Error(`${schema.file}:${el.line}: unsupported XSD construct <${el.name}>`);
}

/** A QName attribute value (`ram:FooType`, `xs:token`) as a prefix of ours or `xs`. */
function qname(value: string, el: XmlElement, schema: Schema): string {
  const [prefix, local] = value.includes(':') ? value.split(':') : ['', value];
  const ns = declaredNamespace(el, prefix!);
  if (ns === XS) return `xs:${local}`;
  const ours = ns === undefined ? undefined : PREFIX_OF[ns];
  if (!ours) throw new Error(`${schema.file}:${el.line}: unknown namespace for ${value}`);
  return `${ours}:${local}`;
}

function declaredNamespace(el: XmlElement, prefix: string): string | undefined {
  for (let at: XmlElement | null = el; at; at = at.parent) {
    const ns = at.declarations.get(prefix);
    if (ns !== undefined) return ns;
  }
  return undefined;
}

function occurs(el: XmlElement, name: 'minOccurs' | 'maxOccurs'): number {
  const v = attributeValue(el, name);
  if (v === undefined) return 1;
  return v === 'unbounded' ? -1 : Number(v);
}

function main(): void {
  for (const [folder, file] of PROFILES) {
    const dir = path.join(source, folder);
    const schemas: Schema[] = readdirSync(dir)
      .filter((f) => f.endsWith('.xsd'))
      .sort()
      .map((f) => {
        const parsed = parseXml(readFileSync(path.join(dir, f), 'utf8'));
        if (!parsed.ok) throw new Error(`${f}: ${parsed.error.message}`);
        const target = attributeValue(parsed.doc.root, 'targetNamespace') ?? '';
        if (attributeValue(parsed.doc.root, 'elementFormDefault') !== 'qualified') {
          throw new Error(`${f}: local elements must be qualified`);
        }
        return { file: f, root: parsed.doc.root, prefix: PREFIX_OF[target]! };
      });

    const simpleTypes = new Map<string, string>();
    for (const schema of schemas) {
      for (const st of xs(schema.root, 'simpleType')) {
        const restriction = xs(st, 'restriction')[0];
        if (!restriction || elementChildren(restriction).length > 0) unsupported(st, schema);
        simpleTypes.set(
          `${schema.prefix}:${attributeValue(st, 'name')}`,
          qname(attributeValue(restriction, 'base')!, restriction, schema),
        );
      }
    }
    const builtIn = (name: string, at: XmlElement, schema: Schema): SimpleBase => {
      const resolved = simpleTypes.get(name) ?? name;
      const base = resolved.startsWith('xs:') ? BUILT_IN[resolved.slice(3)] : undefined;
      if (!base) throw new Error(`${schema.file}:${at.line}: unsupported simple type ${name}`);
      return base;
    };

    const types: Record<string, TypeData> = {};
    let root: ParticleData | undefined;

    const complexType = (ct: XmlElement, name: string, schema: Schema): void => {
      const [content, ...more] = elementChildren(ct);
      if (more.length > 0) unsupported(more[0]!, schema);
      if (!content) {
        types[name] = { sequence: [] };
      } else if (content.ns === XS && (content.local === 'sequence' || content.local === 'choice')) {
        if (
          attributeValue(content, 'minOccurs') !== undefined ||
          attributeValue(content, 'maxOccurs') !== undefined
        ) {
          unsupported(content, schema);
        }
        const particles = elementChildren(content).map((el): ParticleData => {
          if (el.ns !== XS || el.local !== 'element') unsupported(el, schema);
          const local = attributeValue(el, 'name')!;
          let type = attributeValue(el, 'type');
          if (type === undefined) {
            const anonymous = xs(el, 'complexType')[0] ?? unsupported(el, schema);
            type = `${name}/${local}`;
            complexType(anonymous, type, schema);
          } else {
            type = qname(type, el, schema);
            if (type.startsWith('xs:')) types[type] = { simple: builtIn(type, el, schema) };
          }
          return [`${schema.prefix}:${local}`, type, occurs(el, 'minOccurs'), occurs(el, 'maxOccurs')];
        });
        types[name] = content.local === 'sequence' ? { sequence: particles } : { choice: particles };
      } else if (content.ns === XS && content.local === 'simpleContent') {
        const extension = xs(content, 'extension')[0] ?? unsupported(content, schema);
        const base = builtIn(qname(attributeValue(extension, 'base')!, extension, schema), extension, schema);
        const attributes = elementChildren(extension).map((a): AttributeData => {
          if (a.ns !== XS || a.local !== 'attribute') unsupported(a, schema);
          builtIn(qname(attributeValue(a, 'type')!, a, schema), a, schema);
          return [attributeValue(a, 'name')!, attributeValue(a, 'use') === 'required'];
        });
        types[name] = attributes.length > 0 ? { simple: base, attributes } : { simple: base };
      } else {
        unsupported(content, schema);
      }
    };

    for (const schema of schemas) {
      for (const child of elementChildren(schema.root)) {
        if (child.ns !== XS) unsupported(child, schema);
        if (child.local === 'complexType')
          complexType(child, `${schema.prefix}:${attributeValue(child, 'name')}`, schema);
        else if (child.local === 'element') {
          root = [
            `${schema.prefix}:${attributeValue(child, 'name')}`,
            qname(attributeValue(child, 'type')!, child, schema),
            1,
            1,
          ];
        } else if (child.local !== 'import' && child.local !== 'simpleType') unsupported(child, schema);
      }
    }
    if (!root) throw new Error(`${folder}: no global element`);

    const sorted = Object.fromEntries(Object.entries(types).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const out = path.join(repo, 'core/rules/xsd/models', `${file}.ts`);
    writeFileSync(
      out,
      `/**
 * Factur-X 1.09 ${folder} profile: the content models of its schema (${schemas.length} XSD files).
 * Generated by bin/dev/generate-xsd-models.ts from ../shared/reference/facturx-1.09-xsd/${folder}/;
 * regenerate (then run prettier), do not edit.
 */
import type { XsdModelData } from '../model';

export const ${file.replace('-', '_').toUpperCase()}_XSD: XsdModelData = ${JSON.stringify(
        { profile: folder, root, types: sorted },
        null,
        2,
      )};
`,
    );
    console.log(`${path.relative(repo, out)}: ${Object.keys(types).length} types`);
  }
}

main();
