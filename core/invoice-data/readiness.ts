/**
 * The readiness levels of the integration contract, derived from the rules rather than written by hand:
 * each golden example is converted and validated once per level with one optional field left out at a
 * time. A field whose absence makes a level fail (a fatal finding of that profile's structure and
 * Factur-X profile rules for MINIMUM and BASIC WL, of its structure and the EN16931 rules above them, or
 * for France 2026 any blocking or advisory BR-FR finding) is needed for that level.
 *
 * Deriving this takes about a second, so it runs at dev time (bin/dev/generate-readiness.ts writes
 * readiness-data.ts) and in the test that keeps the written data equal to a fresh derivation.
 * A payload that gives amounts which stop adding up once a field is gone says nothing about the field
 * (`invalid_data_format`), so such a removal counts for nothing.
 */
import { READINESS_LEVELS, type ReadinessLevel } from '../api/contract';
import type { Profile } from '../cii/profile';
import { verdictOf } from '../convert/readiness';
import { validateXml } from '../validate/validate';
import { invoiceDataToCii } from './convert';
import type { GoldenExample } from './examples';

/**
 * How each level is judged. MINIMUM and BASIC WL documents are not EN 16931 invoices (no lines), so those
 * levels are their profile's own verdict: its structure and its Factur-X profile rules.
 */
const CHECKED_AS: Readonly<
  Record<ReadinessLevel, { profile: Profile; target: string; by: 'profile' | 'target' }>
> = {
  MINIMUM: { profile: 'MINIMUM', target: 'en16931', by: 'profile' },
  BASIC_WL: { profile: 'BASIC_WL', target: 'en16931', by: 'profile' },
  BASIC: { profile: 'BASIC', target: 'en16931', by: 'target' },
  EN16931: { profile: 'EN16931', target: 'en16931', by: 'target' },
  FRANCE_2026: { profile: 'EN16931', target: 'france_2026', by: 'target' },
};

/** An optional payload field that some golden example cannot do without. */
export interface NeededField {
  /** Contract path, `lines[].vat_rate`. */
  readonly path: string;
  /** The lowest level that fails without it. */
  readonly level: ReadinessLevel;
  /** The golden examples that need it (each at its own lowest level). */
  readonly examples: readonly string[];
  /** No golden example does without it (those whose amounts stop adding up without it are not counted). */
  readonly always: boolean;
  /** The rules (or the payload error code) that fail without it. */
  readonly because: readonly string[];
}

type Json = Record<string, unknown>;

/** `path` split at dots; a step ending in `[]` applies to every element of that list. */
function steps(path: string): string[] {
  return path.split('.');
}

function has(value: unknown, [head, ...rest]: string[]): boolean {
  if (head === undefined) return true;
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  if (typeof value !== 'object' || value === null || !(key in value)) return false;
  const child = (value as Json)[key];
  return list && Array.isArray(child) ? child.some((e) => has(e, rest)) : has(child, rest);
}

function without(value: unknown, [head, ...rest]: string[]): unknown {
  if (head === undefined) return value;
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  if (typeof value !== 'object' || value === null || !(key in value)) return value;
  const copy = { ...(value as Json) };
  if (rest.length === 0) delete copy[key];
  else if (list && Array.isArray(copy[key]))
    copy[key] = (copy[key] as unknown[]).map((e) => without(e, rest));
  else copy[key] = without(copy[key], rest);
  return copy;
}

/** `payload` without the field at a contract path (`lines[].vat_rate`: on every line). */
export function withoutField(payload: unknown, path: string): unknown {
  return without(payload, steps(path));
}

/** What fails at `level` for this payload: rule ids, a payload error code; null when it cannot tell. */
export function failures(payload: unknown, level: ReadinessLevel): string[] | null {
  const { profile, target, by } = CHECKED_AS[level];
  const converted = invoiceDataToCii(payload, profile);
  if (!converted.ok) {
    const code = converted.error.body.error;
    return code === 'invalid_data_format' ? null : [code];
  }
  const outcome = validateXml(converted.draft, { target, written: converted });
  if (!outcome.ok) return [outcome.error.code];
  const { report } = outcome;
  const failing =
    by === 'profile'
      ? [...report.issues.filter((i) => i.stage === 'xsd'), ...report.profileConformance.issues].filter(
          (i) => i.severity === 'fatal',
        )
      : (({ blocking, advisories }) => [...blocking, ...advisories])(verdictOf(report));
  return [...new Set(failing.map((i) => i.ruleId))];
}

/** Fields of which any one will do (BR-CO-26: a seller identifier, legal registration or VAT number). */
export interface Alternatives {
  readonly level: ReadinessLevel;
  readonly paths: readonly string[];
  /** The golden examples where this choice was found. */
  readonly examples: readonly string[];
  /** The rule that fails without any of them. */
  readonly because: readonly string[];
}

export interface DerivedReadiness {
  readonly needed: readonly NeededField[];
  readonly alternatives: readonly Alternatives[];
}

/**
 * What the golden examples need of the optional fields (`optionalPaths`): each field they cannot do
 * without, at the lowest level that fails without it; then, for each level, the choices left (groups of
 * fields any one of which will do) found by stripping an example down to what that level needs.
 * Throws when an example itself fails a level, or when a failure needs two fields at once: the
 * derivation would not describe the rules.
 */
export function deriveReadiness(
  examples: readonly GoldenExample[],
  optionalPaths: readonly string[],
): DerivedReadiness {
  for (const example of examples) {
    for (const level of READINESS_LEVELS) {
      const own = failures(example.invoice_data, level);
      if (own?.length !== 0)
        throw new Error(`${example.name} fails ${level}: ${own?.join(', ') ?? 'its amounts'}`);
    }
  }
  const needed = optionalPaths.flatMap((path) => neededField(examples, path));
  return { needed, alternatives: alternatives(examples, optionalPaths, needed) };
}

function neededField(examples: readonly GoldenExample[], path: string): NeededField[] {
  let level: ReadinessLevel | null = null;
  const needing: string[] = [];
  const because = new Set<string>();
  let always = true;
  for (const example of examples) {
    if (!has(example.invoice_data, steps(path))) {
      always = false;
      continue;
    }
    const first = firstFailure(withoutField(example.invoice_data, path));
    if (first === undefined) continue;
    if (first === null) {
      always = false;
      continue;
    }
    if (level === null || rankOf(first.level) < rankOf(level)) level = first.level;
    needing.push(example.name);
    for (const f of first.failed) because.add(f);
  }
  return level === null ? [] : [{ path, level, examples: needing, always, because: [...because].sort() }];
}

const rankOf = (level: ReadinessLevel): number => READINESS_LEVELS.indexOf(level);
const within = (path: string, parent: string): boolean =>
  path === parent || path.startsWith(`${parent}.`) || path.startsWith(`${parent}[]`);

function alternatives(
  examples: readonly GoldenExample[],
  optionalPaths: readonly string[],
  needed: readonly NeededField[],
): Alternatives[] {
  const neededAt = new Map(needed.map((n) => [n.path, rankOf(n.level)]));
  const groups = new Map<
    string,
    { level: ReadinessLevel; paths: string[]; examples: string[]; because: string }
  >();
  for (const example of examples) {
    const present = optionalPaths.filter((p) => has(example.invoice_data, steps(p)));
    const strip = (removed: readonly string[]) =>
      removed.reduce<unknown>((payload, p) => withoutField(payload, p), example.invoice_data);
    const kept = new Set<string>();
    for (const [rank, level] of READINESS_LEVELS.entries()) {
      let removed = present.filter((p) => !kept.has(p) && !((neededAt.get(p) ?? Infinity) <= rank));
      for (;;) {
        const rule = failures(strip(removed), level)?.[0];
        if (rule === undefined) break;
        const restorable = removed.filter((p) => !removed.some((q) => q !== p && within(p, q)));
        const fixes = restorable.filter((p) => {
          const after = failures(strip(removed.filter((q) => !within(q, p))), level);
          return after !== null && !after.includes(rule);
        });
        const [first] = fixes;
        if (first === undefined) throw new Error(`${example.name} at ${level}: no one field clears ${rule}`);
        const key = `${level}|${fixes.join('|')}`;
        const group = groups.get(key) ?? { level, paths: fixes, examples: [], because: rule };
        if (!group.examples.includes(example.name)) group.examples.push(example.name);
        groups.set(key, group);
        kept.add(first);
        removed = removed.filter((q) => !within(q, first));
      }
    }
  }
  return [...groups.values()].map((g) => ({ ...g, because: [g.because] }));
}

/** The lowest level this payload fails, with what fails; null if it passes all; undefined if no telling. */
function firstFailure(payload: unknown): { level: ReadinessLevel; failed: string[] } | null | undefined {
  for (const level of READINESS_LEVELS) {
    const failed = failures(payload, level);
    if (failed === null) return undefined;
    if (failed.length > 0) return { level, failed };
  }
  return null;
}
