/**
 * Sums by rate from an index (sums-by-rate.ts) give what the scan of every entry gives: the sum of the
 * entries that count and carry the rate, and the value that stops the scan where one is not a number
 * (unless a rate before it in the same entry matched, as `some` stops there).
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal/decimal';
import { parseXml } from '../../xml/parse';
import type { XmlElement } from '../../xml/tree';
import { decimalOf, UncastableValue } from '../xpath/cast';
import { sumsByRate, type RatedEntry } from './sums-by-rate';

/** Entries written `rate,rate…:amount`, an entry that does not count prefixed with `-`. */
function entries(...written: string[]): RatedEntry[] {
  const xml = `<r>${written
    .map((w) => {
      const [rates, amount] = w.replace(/^-/, '').split(':');
      return `<e>${rates!
        .split(',')
        .map((r) => `<rate>${r}</rate>`)
        .join('')}<amount>${amount}</amount></e>`;
    })
    .join('')}</r>`;
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const elements = (el: XmlElement, local: string) =>
    el.children.filter((c): c is XmlElement => c.kind === 'element' && c.local === local);
  return elements(parsed.doc.root, 'e').map((e, i) => ({
    counts: () => !written[i]!.startsWith('-'),
    rates: elements(e, 'rate'),
    amount: () => decimalOf(elements(e, 'amount')[0]!),
  }));
}

const sum = (es: RatedEntry[], rate: string): string =>
  sumsByRate(es, decimalOf)(Decimal.of(rate)).toString();
const stopsAt = (es: RatedEntry[], rate: string): string | null => {
  try {
    sumsByRate(es, decimalOf)(Decimal.of(rate));
    return null;
  } catch (e) {
    if (!(e instanceof UncastableValue)) throw e;
    return e.value;
  }
};

describe('sums by rate', () => {
  it('adds the entries that count and carry the rate, equal decimals alike', () => {
    const es = entries('20:10.00', '20.0:5', '-20:100', '5.5,20:1', '10:7');
    expect(sum(es, '20')).toBe('16.00');
    expect(sum(es, '5.50')).toBe('1');
    expect(sum(es, '2.1')).toBe('0');
  });

  it('stops where the scan stops: a rate that is not a number, unless one before it matched', () => {
    const es = entries('20:10', '20,x:5', '10:1');
    expect(sum(es, '20')).toBe('15');
    expect(stopsAt(es, '10')).toBe('x');
    // An amount that is not a number stops only the sums of its rate.
    const amounts = entries('20:10', '10:y');
    expect(sum(amounts, '20')).toBe('10');
    expect(stopsAt(amounts, '10')).toBe('y');
  });
});
