/**
 * Schema validation of a CII document against a compiled Factur-X profile model, the way libxml2
 * (xmllint --schema) judges it: element names and order, cardinalities, declared and required
 * attributes, lexical forms of decimal, boolean and base64 content. One finding per offending element:
 * an unexpected child (its subtree is not validated, nor are its later siblings, as libxml2 stops on a
 * content model once it failed), a parent missing required children, an invalid value or attribute.
 */
import { CII_PREFIXES } from '../../cii/namespaces';
import type { XmlElement } from '../../xml/tree';
import type { Message } from '../rule';
import type { Attribute, ContentType, Particle, SimpleBase, XsdModel } from './model';

export interface StructureError {
  readonly at: XmlElement;
  readonly detail: Message;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_SPACE = /^[ \t\r\n]*$/;
const TRIM = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/** The lexical spaces, after the whiteSpace="collapse" these built-in types apply. */
const LEXICAL: Readonly<Record<SimpleBase, ((value: string) => boolean) | null>> = {
  string: null,
  token: null,
  decimal: (v) => /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(v.replace(TRIM, '')),
  boolean: (v) => /^(?:true|false|1|0)$/.test(v.replace(TRIM, '')),
  base64Binary: isBase64,
};

/** Index of a base64 character, 64 for `=`, -1 for anything else. */
function base64Digit(c: number): number {
  if (c >= 65 && c <= 90) return c - 65;
  if (c >= 97 && c <= 122) return c - 71;
  if (c >= 48 && c <= 57) return c + 4;
  if (c === 43) return 62;
  if (c === 47) return 63;
  return c === 61 ? 64 : -1;
}

/**
 * libxml2's base64Binary check: characters outside the alphabet are ignored, no data after padding,
 * 4n data characters or 4n+3 with one `=` or 4n+2 with two, and the bits padding covers must be zero.
 */
function isBase64(value: string): boolean {
  let data = 0;
  let pad = 0;
  let last = -1;
  for (let i = 0; i < value.length; i++) {
    const d = base64Digit(value.charCodeAt(i));
    if (d < 0) continue;
    if (d === 64) pad++;
    else if (pad > 0) return false;
    else {
      data++;
      last = d;
    }
  }
  if (pad === 0) return data % 4 === 0;
  if (pad === 1) return data % 4 === 3 && (last & ~0x3c) === 0;
  return pad === 2 && data % 4 === 2 && (last & ~0x30) === 0;
}

function nameOf(el: XmlElement): string {
  if (el.ns === null) return el.name;
  const prefix = CII_PREFIXES.get(el.ns);
  return prefix === undefined ? `{${el.ns}}${el.local}` : `${prefix}:${el.local}`;
}

function error(at: XmlElement, en: string, fr: string): StructureError {
  const name = nameOf(at);
  return { at, detail: { en: `Element '${name}': ${en}`, fr: `Élément « ${name} » : ${fr}` } };
}

function list(particles: readonly Particle[]): { en: string; fr: string } {
  const names = particles.map((p) => p.name).join(', ');
  return particles.length === 1
    ? { en: `Expected is ( ${names} ).`, fr: `Attendu : ( ${names} ).` }
    : { en: `Expected is one of ( ${names} ).`, fr: `Attendu : l'un de ( ${names} ).` };
}

function notExpected(at: XmlElement, expected: readonly Particle[]): StructureError {
  if (expected.length === 0)
    return error(at, 'This element is not expected.', "cet élément n'est pas attendu.");
  const l = list(expected);
  return error(at, `This element is not expected. ${l.en}`, `cet élément n'est pas attendu. ${l.fr}`);
}

function missing(at: XmlElement, expected: readonly Particle[]): StructureError {
  const l = list(expected);
  return error(at, `Missing child element(s). ${l.en}`, `élément(s) enfant(s) manquant(s). ${l.fr}`);
}

const matches = (el: XmlElement, p: Particle): boolean => el.local === p.local && el.ns === p.ns;

/** What a sequence accepts next when particle `at` has occurred `count` times. */
function acceptable(particles: readonly Particle[], at: number, count: number): Particle[] {
  const out: Particle[] = [];
  for (let i = at; i < particles.length; i++) {
    const p = particles[i]!;
    const seen = i === at ? count : 0;
    if (seen < p.max) out.push(p);
    if (seen < p.min) break;
  }
  return out;
}

/** What the content model accepts next (a chosen choice branch accepts only itself). */
function next(type: ContentType & { kind: 'sequence' | 'choice' }, at: number, count: number): Particle[] {
  if (type.kind === 'sequence') return acceptable(type.particles, at, count);
  const p = type.particles[at]!;
  return count < p.max ? [p] : [];
}

function checkAttributes(el: XmlElement, declared: readonly Attribute[]): StructureError | undefined {
  for (const a of el.attributes) {
    if (a.name === 'xmlns' || a.prefix === 'xmlns' || a.ns === XSI) continue;
    if (a.ns !== null || !declared.some((d) => d.name === a.local)) {
      return error(
        el,
        `The attribute '${a.name}' is not allowed.`,
        `l'attribut « ${a.name} » n'est pas autorisé.`,
      );
    }
  }
  for (const d of declared) {
    if (d.required && !el.attributes.some((a) => a.ns === null && a.local === d.name)) {
      return error(
        el,
        `The attribute '${d.name}' is required but missing.`,
        `l'attribut « ${d.name} » est obligatoire mais absent.`,
      );
    }
  }
  return undefined;
}

function checkSimple(el: XmlElement, base: SimpleBase): StructureError | undefined {
  let text = '';
  for (const c of el.children) {
    if (c.kind === 'element') {
      return error(
        el,
        'Element content is not allowed, because the content type is a simple type.',
        "aucun élément enfant n'est admis : le contenu est de type simple.",
      );
    }
    text += c.value;
  }
  const lexical = LEXICAL[base];
  if (lexical && !lexical(text)) {
    return error(
      el,
      `'${text}' is not a valid value of the atomic type 'xs:${base}'.`,
      `« ${text} » n'est pas une valeur valide du type atomique « xs:${base} ».`,
    );
  }
  return undefined;
}

/** Children of an element-only type, matched to particles; the first content-model error ends it. */
function assignChildren(
  el: XmlElement,
  type: ContentType & { kind: 'sequence' | 'choice' },
  out: StructureError[],
): [XmlElement, Particle][] {
  const matched: [XmlElement, Particle][] = [];
  const { particles } = type;
  let at = 0;
  let count = 0;
  let chosen = type.kind === 'sequence';
  for (const child of el.children) {
    if (child.kind === 'text') continue;
    if (particles.length === 0) {
      out.push(
        error(
          el,
          'Element content is not allowed, because the content type is empty.',
          "aucun contenu n'est admis ici.",
        ),
      );
      return matched;
    }
    if (!chosen) {
      const i = particles.findIndex((p) => matches(child, p));
      if (i < 0) {
        out.push(notExpected(child, particles));
        return matched;
      }
      at = i;
      chosen = true;
    }
    const startAt = at;
    const startCount = count;
    for (;;) {
      const p = type.kind === 'choice' && at !== startAt ? undefined : particles[at];
      if (p && matches(child, p) && count < p.max) {
        count++;
        matched.push([child, p]);
        break;
      }
      if (!p || count < p.min) {
        out.push(notExpected(child, next(type, startAt, startCount)));
        return matched;
      }
      at++;
      count = 0;
    }
  }
  if (!chosen) {
    if (particles.some((p) => p.min > 0)) out.push(missing(el, particles));
  } else {
    const unmet = particles
      .slice(at, type.kind === 'choice' ? at + 1 : undefined)
      .some((p, i) => (i === 0 ? count : 0) < p.min);
    if (unmet) out.push(missing(el, next(type, at, count)));
  }
  return matched;
}

function validateElement(el: XmlElement, type: ContentType, out: StructureError[]): void {
  const attributeError = checkAttributes(el, type.attributes);
  if (attributeError) out.push(attributeError);
  if (type.kind === 'simple') {
    const e = checkSimple(el, type.base);
    if (e) out.push(e);
    return;
  }
  for (const c of el.children) {
    if (c.kind === 'text' && !XML_SPACE.test(c.value)) {
      out.push(
        type.particles.length === 0
          ? error(
              el,
              'Character content is not allowed, because the content type is empty.',
              "aucun texte n'est admis ici.",
            )
          : error(
              el,
              "Character content other than whitespace is not allowed because the content type is 'element-only'.",
              'seuls des espaces sont admis comme texte dans cet élément (contenu « element-only »).',
            ),
      );
      break;
    }
  }
  for (const [child, particle] of assignChildren(el, type, out)) validateElement(child, particle.type, out);
}

/** Every structure error of the document under the model, in no particular order. */
export function validateStructure(root: XmlElement, model: XsdModel): StructureError[] {
  const out: StructureError[] = [];
  if (!matches(root, model.root)) {
    out.push(
      error(
        root,
        `No matching global declaration available for the validation root (expected ${model.root.name}).`,
        `aucune déclaration globale ne correspond à la racine (attendu : ${model.root.name}).`,
      ),
    );
    return out;
  }
  validateElement(root, model.root.type, out);
  return out;
}
