/**
 * The registry of business terms: each EN16931 term and group once, as data, with its names, where it
 * sits in the model and in CII, its cardinality in each Factur-X profile (from the profile's schema),
 * and the EN16931 and France 2026 rules that concern it. The writer's order, the reader, the
 * integration contract, provenance and UI labels all read it.
 */
import { PROFILES, type Profile } from '../cii/profile';
import { en16931ModelRules } from '../rules/en16931';
import { en16931CodeRules } from '../rules/en16931/codes';
import { ciiSyntaxRules } from '../rules/en16931/syntax';
import { france2026Rules } from '../rules/france-2026';
import type { RuleSet } from '../rules/rule';
import { allNodes, type CompiledLeaf, type CompiledNode } from './compiled';
import type { LeafType } from './node';
import { ATTRIBUTE_OF, SAME_ELEMENT_AS, TERM_NAMES, type TermName } from './terms';

/** `1..1`, `0..n`…, or null where the profile does not carry the term. */
export type Cardinality = string | null;

export interface TermEntry {
  readonly id: string;
  readonly name: TermName;
  /** `group`, or how the value is typed (see LeafType). */
  readonly type: LeafType | 'group';
  /** Model path (`seller.address.city`), null for a term with no element of its own. */
  readonly path: string | null;
  readonly xpath: string | null;
  readonly cardinality: Readonly<Record<Profile, Cardinality>>;
  readonly rules: { readonly en16931: readonly string[]; readonly france2026: readonly string[] };
}

function termNodes(): Map<string, CompiledNode[]> {
  const byTerm = new Map<string, CompiledNode[]>();
  for (const n of allNodes()) {
    for (const t of [n.node.term, ...(n.node.alsoTerms ?? [])]) {
      if (t) byTerm.set(t, [...(byTerm.get(t) ?? []), n]);
    }
  }
  return byTerm;
}

/** Where a term lives: its element, or for a qualifier term (BT-34-1) an attribute of another's. */
type Place =
  | { readonly node: CompiledNode; readonly attribute?: undefined }
  | { readonly node: CompiledLeaf; readonly attribute: readonly [key: string, xmlName: string] };

function placeOf(id: string, nodes: Map<string, CompiledNode[]>): Place | undefined {
  const qualifier = ATTRIBUTE_OF[id];
  if (!qualifier) {
    const node = (nodes.get(id) ?? nodes.get(SAME_ELEMENT_AS[id] ?? ''))?.[0];
    return node && { node };
  }
  const [of, xmlName, element] = qualifier;
  for (const node of nodes.get(of) ?? []) {
    if (node.kind !== 'leaf' || (element && node.qname !== element)) continue;
    const attr = node.attrs.find(([, name]) => name === xmlName);
    if (attr) return { node, attribute: [attr[0], xmlName] };
  }
  return undefined;
}

function rulesByTerm(sets: readonly RuleSet[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const set of sets) {
    for (const rule of set.rules) {
      for (const bt of rule.bt) {
        const list = out.get(bt) ?? [];
        if (!list.includes(rule.id)) list.push(rule.id);
        out.set(bt, list);
      }
    }
  }
  return out;
}

function cardinality(place: Place | undefined, profile: Profile): Cardinality {
  const p = place?.node.particles[profile];
  if (!p) return null;
  if (place?.attribute) {
    const type = p.type;
    const attr =
      type.kind === 'simple' ? type.attributes.find((a) => a.name === place.attribute[1]) : undefined;
    return attr ? `${attr.required ? 1 : 0}..1` : null;
  }
  return `${p.min}..${p.max === Infinity ? 'n' : p.max}`;
}

let registry: ReadonlyMap<string, TermEntry> | null = null;

/** Every EN16931 term and group, by id (`BT-112`), in the order of the standard. */
export function termRegistry(): ReadonlyMap<string, TermEntry> {
  if (registry) return registry;
  const nodes = termNodes();
  const en = rulesByTerm([en16931ModelRules, en16931CodeRules, ciiSyntaxRules]);
  const fr = rulesByTerm([france2026Rules]);
  const entries = Object.entries(TERM_NAMES).map(([id, name]): TermEntry => {
    const place = placeOf(id, nodes);
    const node = place?.node;
    const card = Object.fromEntries(PROFILES.map((p) => [p, cardinality(place, p)])) as Record<
      Profile,
      Cardinality
    >;
    const attribute = place?.attribute;
    return {
      id,
      name,
      type: attribute ? 'token' : node ? (node.kind === 'group' ? 'group' : node.node.type) : 'group',
      path: node ? (attribute ? `${node.path}.${attribute[0]}` : node.path) : null,
      xpath: node ? (attribute ? `${node.xpath}/@${attribute[1]}` : node.xpath) : null,
      cardinality: card,
      rules: { en16931: en.get(id) ?? [], france2026: fr.get(id) ?? [] },
    };
  });
  entries.sort((a, b) => order(a.id) - order(b.id));
  registry = new Map(entries.map((e) => [e.id, e]));
  return registry;
}

function order(id: string): number {
  const [kind, n = '0', sub = '0'] = id.split('-');
  return (kind === 'BG' ? 0 : 1000) + Number(n) + Number(sub) / 10;
}

export function term(id: string): TermEntry | undefined {
  return termRegistry().get(id);
}
