/**
 * Σ of the lines (or document allowances, charges) whose VAT has a given rate, for each VAT breakdown:
 * what `sum(…[… xs:decimal(ram:RateApplicablePercent) = $rate]/…)` asks once per breakdown. Scanning
 * every entry for every breakdown takes time quadratic in the lines; here the entries are indexed by rate
 * once, and a sum visits only the entries of its rate. The sum, and the value that stops it where one is
 * not a number, are exactly the scan's: entries are taken in order, each counts when its test holds,
 * its rates are read in order until one equals the rate (one that is not a number stops the scan, as the
 * XPath's cast does), and then its amount is added.
 */
import { Decimal } from '../../decimal/decimal';
import type { XmlElement } from '../../xml/tree';
import { UncastableValue } from '../xpath/cast';

export interface RatedEntry {
  /** Whether the entry counts at all (its category, its charge indicator): may stop on a value. */
  counts(): boolean;
  /** Its rate elements, in document order. */
  readonly rates: readonly XmlElement[];
  /** Its amount: may stop on a value. */
  amount(): Decimal;
}

type Outcome<T> = { readonly value: T } | { readonly error: UncastableValue };

function run<T>(compute: () => T): Outcome<T> {
  try {
    return { value: compute() };
  } catch (e) {
    if (e instanceof UncastableValue) return { error: e };
    throw e;
  }
}

/** An entry as the scan of any rate meets it. */
type Met =
  | { readonly stops: UncastableValue }
  | {
      /** Keys of the rates read before the first that is not a number. */
      readonly keys: ReadonlySet<string>;
      /** That rate, where the scan stops unless a rate before it matched. */
      readonly stop: UncastableValue | null;
      readonly amount: Outcome<Decimal>;
    };

const keyOf = (d: Decimal): string => d.normalized().toString();

function meet(entry: RatedEntry, decimal: (el: XmlElement) => Decimal): Met | null {
  const counts = run(() => entry.counts());
  if ('error' in counts) return { stops: counts.error };
  if (!counts.value) return null;
  const keys = new Set<string>();
  let stop: UncastableValue | null = null;
  for (const r of entry.rates) {
    const d = run(() => decimal(r));
    if ('error' in d) {
      stop = d.error;
      break;
    }
    keys.add(keyOf(d.value));
  }
  return { keys, stop, amount: run(() => entry.amount()) };
}

/** The sum for each rate, from the entries indexed once (`decimal` parses a rate element). */
export function sumsByRate(
  entries: readonly RatedEntry[],
  decimal: (el: XmlElement) => Decimal,
): (rate: Decimal) => Decimal {
  const met = new Map<number, Met>();
  const byKey = new Map<string, number[]>();
  // Entries that stop a scan that reaches them without matching.
  const stopping: number[] = [];
  entries.forEach((entry, i) => {
    const m = meet(entry, decimal);
    if (!m) return;
    met.set(i, m);
    if ('stops' in m || m.stop) stopping.push(i);
    if ('stops' in m) return;
    for (const key of m.keys) {
      const list = byKey.get(key);
      if (list) list.push(i);
      else byKey.set(key, [i]);
    }
  });
  return (rate) => {
    const key = keyOf(rate);
    const candidates = [...new Set([...(byKey.get(key) ?? []), ...stopping])].sort((a, b) => a - b);
    let sum = Decimal.ZERO;
    for (const i of candidates) {
      const m = met.get(i)!;
      if ('stops' in m) throw m.stops;
      if (!m.keys.has(key)) throw m.stop!;
      if ('error' in m.amount) throw m.amount.error;
      sum = sum.plus(m.amount.value);
    }
    return sum;
  };
}
