/**
 * What a Factur-X profile schema allows, as data: for each type, either an element-only content model
 * (a sequence or a choice of element particles with their cardinalities) or simple content of a
 * built-in XSD type, plus the attributes it declares. The per-profile data modules in models/ are
 * generated from the reference XSDs by bin/dev/generate-xsd-models.ts; `compileModel` links them once
 * (type names resolved to objects) so that validation does no lookups by name.
 */
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';

/** The built-in types the Factur-X schemas use for simple content. */
export type SimpleBase = 'string' | 'token' | 'decimal' | 'boolean' | 'base64Binary';

/** `[qualified name, type name, minOccurs, maxOccurs]`, maxOccurs -1 for unbounded. */
export type ParticleData = readonly [name: string, type: string, min: number, max: number];
/** `[attribute name, required]`: every attribute of these schemas is a string or token. */
export type AttributeData = readonly [name: string, required: boolean];

export type TypeData =
  | { readonly sequence: readonly ParticleData[]; readonly attributes?: readonly AttributeData[] }
  | { readonly choice: readonly ParticleData[]; readonly attributes?: readonly AttributeData[] }
  | { readonly simple: SimpleBase; readonly attributes?: readonly AttributeData[] };

export interface XsdModelData {
  /** Profile folder of the reference schemas, e.g. `EN16931`, `BASICWL`. */
  readonly profile: string;
  readonly root: ParticleData;
  readonly types: Readonly<Record<string, TypeData>>;
}

export interface Particle {
  readonly ns: string;
  readonly local: string;
  /** `ram:ID`, as messages name it. */
  readonly name: string;
  readonly min: number;
  readonly max: number;
  type: ContentType;
}

export interface Attribute {
  readonly name: string;
  readonly required: boolean;
}

export type ContentType =
  | {
      readonly kind: 'sequence' | 'choice';
      readonly particles: readonly Particle[];
      readonly attributes: readonly Attribute[];
    }
  | { readonly kind: 'simple'; readonly base: SimpleBase; readonly attributes: readonly Attribute[] };

export interface XsdModel {
  readonly profile: string;
  readonly root: Particle;
}

const PREFIXES: Readonly<Record<string, string>> = { rsm: RSM, ram: RAM, udt: UDT, qdt: QDT };

export function compileModel(data: XsdModelData): XsdModel {
  const compiled = new Map<string, ContentType>();
  const pending: [Particle, string][] = [];
  const particle = ([name, type, min, max]: ParticleData): Particle => {
    const [prefix = '', local = ''] = name.split(':');
    const ns = PREFIXES[prefix];
    if (ns === undefined) throw new Error(`unknown prefix in ${name}`);
    const p: Particle = { ns, local, name, min, max: max < 0 ? Infinity : max, type: EMPTY };
    pending.push([p, type]);
    return p;
  };
  for (const [name, t] of Object.entries(data.types)) {
    const attributes = (t.attributes ?? []).map(([n, required]) => ({ name: n, required }));
    compiled.set(
      name,
      'simple' in t
        ? { kind: 'simple', base: t.simple, attributes }
        : 'sequence' in t
          ? { kind: 'sequence', particles: t.sequence.map(particle), attributes }
          : { kind: 'choice', particles: t.choice.map(particle), attributes },
    );
  }
  const root = particle(data.root);
  for (const [p, type] of pending) {
    const resolved = compiled.get(type);
    if (!resolved) throw new Error(`${data.profile}: type ${type} of ${p.name} is not defined`);
    p.type = resolved;
  }
  return { profile: data.profile, root };
}

const EMPTY: ContentType = { kind: 'sequence', particles: [], attributes: [] };
