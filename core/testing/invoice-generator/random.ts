/**
 * The generator's only source of chance: a seeded pseudo-random stream (mulberry32), so that a seed
 * always draws the same invoices on every machine, and helpers to draw from it.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream of its own for the `index`-th invoice of a seed: each invoice is drawn independently. */
  static forInvoice(seed: number, index: number): Random {
    return new Random(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
  }

  /**
   * A second stream for the same invoice, for what the generator learnt to print later (the French
   * category of operation): drawing it leaves every invoice drawn before as it was.
   */
  static addedFor(seed: number, index: number): Random {
    return Random.forInvoice(seed ^ 0x20260901, index);
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [value, weight] of entries) {
      at -= weight;
      if (at < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `n` decimal digits, the first one not 0 when `leadingZero` is false. */
  digits(n: number, leadingZero = true): string {
    let out = leadingZero ? '' : String(this.int(1, 9));
    while (out.length < n) out += String(this.int(0, 9));
    return out;
  }

  letters(n: number): string {
    let out = '';
    while (out.length < n) out += String.fromCharCode(65 + this.int(0, 25));
    return out;
  }

  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0]!);
    return out;
  }
}
