/**
 * The invoice declaration (invoice.ts) linked once with the Factur-X 1.09 schema of every profile:
 * each node learns its namespace, its CII XPath, its model path, and for each profile the schema
 * particle at its place (absent where the profile does not carry the element: its schema does not admit
 * it, or its profile rules report it as not used there) and the attributes the profile allows. Reader,
 * writer and registry all walk this one compiled tree.
 */
import { QDT, RAM, RSM, UDT } from '../cii/namespaces';
import { PROFILES, type Profile } from '../cii/profile';
import { compileModel, type Particle, type XsdModelData } from '../rules/xsd/model';
import { BASIC_XSD } from '../rules/xsd/models/basic';
import { BASIC_WL_XSD } from '../rules/xsd/models/basic-wl';
import { EN16931_XSD } from '../rules/xsd/models/en16931';
import { EXTENDED_XSD } from '../rules/xsd/models/extended';
import { MINIMUM_XSD } from '../rules/xsd/models/minimum';
import { FACTURX_UNUSED_ELEMENTS } from '../rules/facturx/generated/unused';
import { INVOICE } from './invoice';
import type { GroupNode, LeafNode, Node } from './node';

const NAMESPACES: Readonly<Record<string, string>> = { rsm: RSM, ram: RAM, udt: UDT, qdt: QDT };

const UNUSED: Readonly<Record<Profile, ReadonlySet<string>>> = Object.fromEntries(
  PROFILES.map((p) => [p, new Set(FACTURX_UNUSED_ELEMENTS[p])]),
) as Readonly<Record<string, ReadonlySet<string>>> as Readonly<Record<Profile, ReadonlySet<string>>>;

const XSD: Readonly<Record<Profile, XsdModelData>> = {
  MINIMUM: MINIMUM_XSD,
  BASIC_WL: BASIC_WL_XSD,
  BASIC: BASIC_XSD,
  EN16931: EN16931_XSD,
  EXTENDED: EXTENDED_XSD,
};

interface CompiledBase {
  /** Model key in the enclosing object (for a flat wrapper, a key of its own that no model carries). */
  readonly key: string;
  readonly ns: string;
  readonly local: string;
  /** `ram:Name`, as written. */
  readonly qname: string;
  /** `/rsm:CrossIndustryInvoice/…/ram:Name`. */
  readonly xpath: string;
  /** `seller.address.city`, `lines[].netPrice.amount`; a flat wrapper has its parent's path. */
  readonly path: string;
  readonly many: boolean;
  /** The schema particle at this place in each profile that carries the element. */
  readonly particles: Readonly<Partial<Record<Profile, Particle>>>;
}

export interface CompiledLeaf extends CompiledBase {
  readonly kind: 'leaf';
  readonly node: LeafNode;
  /** [model key, XML attribute, profiles that allow the attribute]. */
  readonly attrs: readonly (readonly [string, string, ReadonlySet<Profile>])[];
  /** Attributes some profile allows that the declaration does not name (kept in `xmlAttributes`). */
  readonly otherAttrs: ReadonlyMap<string, ReadonlySet<Profile>>;
}

export interface CompiledGroup extends CompiledBase {
  readonly kind: 'group';
  readonly node: GroupNode;
  readonly flat: boolean;
  readonly children: readonly CompiledNode[];
  /** Children by namespace, then local name, for the reader. */
  readonly byName: ReadonlyMap<string, ReadonlyMap<string, CompiledNode>>;
}

export type CompiledNode = CompiledLeaf | CompiledGroup;

function split(qname: string): [string, string] {
  const [prefix = '', local = ''] = qname.split(':');
  const ns = NAMESPACES[prefix];
  if (ns === undefined) throw new Error(`unknown prefix in ${qname}`);
  return [ns, local];
}

function childParticle(parent: Particle | undefined, ns: string, local: string): Particle | undefined {
  const type = parent?.type;
  if (!type || type.kind === 'simple') return undefined;
  return type.particles.find((p) => p.ns === ns && p.local === local);
}

function compile(
  key: string,
  node: Node,
  parents: Readonly<Partial<Record<Profile, Particle>>>,
  parentXpath: string,
  parentPath: string,
  root: boolean,
): CompiledNode {
  const [ns, local] = split(node.el);
  const xpath = `${parentXpath}/${node.el}`;
  const particles: Partial<Record<Profile, Particle>> = {};
  for (const profile of PROFILES) {
    const p = root ? parents[profile] : childParticle(parents[profile], ns, local);
    if (p && !UNUSED[profile].has(xpath)) particles[profile] = p;
  }
  const many = node.many === true;
  const isFlat = node.kind === 'group' && node.flat === true;
  const path = root || isFlat ? parentPath : `${parentPath ? parentPath + '.' : ''}${key}${many ? '[]' : ''}`;
  const base = { key, ns, local, qname: node.el, xpath, path, many, particles };
  if (node.kind === 'leaf') {
    // Only simple-content leaves carry attributes of their own; a date's `format` is the writer's.
    const byAttribute = new Map<string, Set<Profile>>();
    for (const profile of PROFILES) {
      const type = particles[profile]?.type;
      if (type?.kind !== 'simple') continue;
      for (const a of type.attributes) {
        const allowed = byAttribute.get(a.name) ?? new Set<Profile>();
        allowed.add(profile);
        byAttribute.set(a.name, allowed);
      }
    }
    const declared = Object.entries(node.attrs ?? {});
    const attrs = declared.map(
      ([modelKey, xmlName]) => [modelKey, xmlName, byAttribute.get(xmlName) ?? new Set<Profile>()] as const,
    );
    for (const [, xmlName] of declared) byAttribute.delete(xmlName);
    return { ...base, kind: 'leaf', node, attrs, otherAttrs: byAttribute };
  }
  const children = Object.entries(node.fields).map(([k, child]) =>
    compile(k, child, particles, xpath, path, false),
  );
  const byName = new Map<string, Map<string, CompiledNode>>();
  for (const c of children) {
    const locals = byName.get(c.ns) ?? new Map<string, CompiledNode>();
    locals.set(c.local, c);
    byName.set(c.ns, locals);
  }
  return { ...base, kind: 'group', node, flat: isFlat, children, byName };
}

function build(): CompiledGroup {
  const roots: Partial<Record<Profile, Particle>> = {};
  for (const profile of PROFILES) roots[profile] = compileModel(XSD[profile]).root;
  return compile('', INVOICE, roots, '', '', true) as CompiledGroup;
}

let compiled: CompiledGroup | null = null;

/** The compiled invoice tree (built on first use, then shared). */
export function invoiceTree(): CompiledGroup {
  compiled ??= build();
  return compiled;
}

/** Every compiled node, depth first in schema order. */
export function allNodes(tree: CompiledGroup = invoiceTree()): CompiledNode[] {
  const out: CompiledNode[] = [];
  const walk = (n: CompiledNode): void => {
    out.push(n);
    if (n.kind === 'group') for (const c of n.children) walk(c);
  };
  walk(tree);
  return out;
}
