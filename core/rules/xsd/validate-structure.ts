/**
 * Schema validation of a CII document against a compiled Factur-X profile model, the way libxml2
 * (xmllint --schema) judges it: element names and order, cardinalities, declared and required
 * attributes, lexical forms of decimal, boolean and base64 content. One finding per offending element:
 * an unexpected child (its subtree is not validated, nor are its later siblings, as libxml2 stops on a
 * content model once it failed), a parent missing required children, an invalid value or attribute.
 * Each says so in the words of the business terms (place-words.ts); the element is its location.
 */
import { CII_PREFIXES } from '../../cii/namespaces';
import { isSpace } from '../../xml/chars';
import type { XmlElement } from '../../xml/tree';
import { ATTRIBUTE_WORDS } from '../../model/place-vocabulary';
import { attributeWords, placeWords, spelledName } from '../../model/place-words';
import type { Message } from '../rule';
import type { Attribute, ContentType, Particle, SimpleBase, XsdModel } from './model';

export interface StructureError {
  readonly at: XmlElement;
  readonly detail: Message;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const TRIM = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/** XML white space alone: what lies between the children of an element with element content. */
function onlySpace(text: string): boolean {
  // A loop, not a regular expression: every such element of every document is read.
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

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

/** `/rsm:CrossIndustryInvoice/…/ram:Name`, without positions. */
const pathOf = (el: XmlElement): string => `${el.parent ? pathOf(el.parent) : ''}/${nameOf(el)}`;

/** An element in words: its term or breadcrumb, or its name spelled out where no profile carries it. */
const wordsOf = (path: string): Message =>
  placeWords(path) ?? spelledName(path.slice(path.lastIndexOf('/') + 1));

const error = (at: XmlElement, detail: Message): StructureError => ({ at, detail });

/** Most elements an error lists as expected; more are cut short. */
const LISTED = 4;

/** The particles a content model accepts next, in words: `“A”, “B” or “C”`. */
function list(parent: XmlElement, particles: readonly Particle[]): Message {
  const words = particles.slice(0, LISTED).map((p) => wordsOf(`${pathOf(parent)}/${p.name}`));
  const more = particles.length > LISTED;
  const join = (lang: 'en' | 'fr', or: string): string => {
    const quoted = words.map((w) => (lang === 'en' ? `“${w.en}”` : `« ${w.fr} »`));
    if (more) return `${quoted.join(', ')}…`;
    return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${or} ${quoted.at(-1)!}`;
  };
  return { en: join('en', 'or'), fr: join('fr', 'ou') };
}

function notExpected(at: XmlElement, expected: readonly Particle[]): StructureError {
  const what = wordsOf(pathOf(at));
  const where = {
    en: `“${what.en}” is not allowed at this place`,
    fr: `« ${what.fr} » n'est pas admis à cet endroit`,
  };
  if (expected.length === 0) return error(at, { en: `${where.en}.`, fr: `${where.fr}.` });
  const l = list(at.parent!, expected);
  return error(at, {
    en: `${where.en}; expected here: ${l.en}.`,
    fr: `${where.fr} ; attendu ici : ${l.fr}.`,
  });
}

function missing(at: XmlElement, expected: readonly Particle[]): StructureError {
  const what = wordsOf(pathOf(at));
  const l = list(at, expected);
  return error(at, {
    en: `“${what.en}” lacks required data; expected next: ${l.en}.`,
    fr: `« ${what.fr} » est incomplet ; attendu ensuite : ${l.fr}.`,
  });
}

/** What each built-in type accepts, for a value it refused. */
const VALUE_KINDS: Readonly<Record<SimpleBase, Message>> = {
  string: { en: 'text', fr: 'du texte' },
  token: { en: 'text', fr: 'du texte' },
  decimal: {
    en: 'a number, with "." as decimal separator',
    fr: 'un nombre, avec « . » comme séparateur décimal',
  },
  boolean: { en: 'true or false', fr: 'true ou false' },
  base64Binary: { en: 'file content in base64', fr: 'un contenu de fichier en base64' },
};

const attributeName = (name: string): Message => ATTRIBUTE_WORDS[name] ?? spelledName(name);

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
      const what = wordsOf(pathOf(el));
      const attr = attributeName(a.local);
      return error(el, {
        en: `“${what.en}” may not carry “${attr.en}” (here "${a.value}"): remove it.`,
        fr: `« ${what.fr} » ne peut pas porter « ${attr.fr} » (ici « ${a.value} ») : retirez-le.`,
      });
    }
  }
  for (const d of declared) {
    if (d.required && !el.attributes.some((a) => a.ns === null && a.local === d.name)) {
      const path = pathOf(el);
      const what = wordsOf(path);
      const name = attributeName(d.name);
      const attr = attributeWords(path, d.name) ?? {
        en: `${what.en} › ${name.en}`,
        fr: `${what.fr} › ${name.fr}`,
      };
      return error(el, {
        en: `“${attr.en}” is required: give it.`,
        fr: `« ${attr.fr} » est obligatoire : indiquez-le.`,
      });
    }
  }
  return undefined;
}

function checkSimple(el: XmlElement, base: SimpleBase): StructureError | undefined {
  let text = '';
  for (const c of el.children) {
    if (c.kind === 'element') {
      const what = wordsOf(pathOf(el));
      return error(el, {
        en: `“${what.en}” holds other data where only a value may be.`,
        fr: `« ${what.fr} » contient d'autres données là où seule une valeur est admise.`,
      });
    }
    text += c.value;
  }
  const lexical = LEXICAL[base];
  if (lexical && !lexical(text)) {
    const what = wordsOf(pathOf(el));
    const kind = VALUE_KINDS[base];
    return error(el, {
      en: `“${what.en}”: "${text}" is not valid (expected: ${kind.en}).`,
      fr: `« ${what.fr} » : « ${text} » n'est pas valide (attendu : ${kind.fr}).`,
    });
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
      const what = wordsOf(pathOf(el));
      out.push(error(el, { en: `“${what.en}” must be empty.`, fr: `« ${what.fr} » doit être vide.` }));
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
    if (c.kind === 'text' && !onlySpace(c.value)) {
      const what = wordsOf(pathOf(el));
      out.push(
        error(el, {
          en: `“${what.en}” holds text where only other data may be.`,
          fr: `« ${what.fr} » contient du texte là où seules d'autres données sont admises.`,
        }),
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
      error(root, {
        en: 'The document is not a cross-industry invoice (CII), the XML Factur-X carries.',
        fr: "Le document n'est pas une facture CII (Cross Industry Invoice), le XML que porte Factur-X.",
      }),
    );
    return out;
  }
  validateElement(root, model.root.type, out);
  return out;
}
