import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml/parse';
import type { XmlDocument } from '../xml/tree';
import { byNamePath, type NameChain } from './name-path';
import { ruleInput } from './run';
import { patternRules, pathContext, type PatternAssertion, type PatternContext } from './schematron-pattern';

const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

function doc(body: string): XmlDocument {
  const parsed = parseXml(
    `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}">${body}</rsm:CrossIndustryInvoice>`,
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.doc;
}

/** An element's or a path's names from the document element down. */
const names = (at: NameChain | null): string => (at ? `${names(at.parent)}/${at.local}` : '');

describe('name paths', () => {
  it('groups the elements of one path in document order, the groups by local name', () => {
    const ids = byNamePath(
      doc('<ram:L><ram:ID>1</ram:ID></ram:L><ram:ID>h</ram:ID><ram:L><ram:ID>2</ram:ID></ram:L>').root,
    ).get('ID')!;
    expect(ids.map((g) => names(g.path))).toEqual(['/CrossIndustryInvoice/L/ID', '/CrossIndustryInvoice/ID']);
    const starts = ids[0]!.elements.map((e) => e.start);
    expect(starts).toHaveLength(2);
    expect(starts[0]).toBeLessThan(starts[1]!);
  });

  it('gives the same names the same path in every document, told apart by namespace', () => {
    const one = byNamePath(doc('<ram:L><ram:ID>1</ram:ID></ram:L>').root).get('ID')![0]!.path;
    const two = byNamePath(doc('<ram:X/><ram:L><ram:ID>2</ram:ID></ram:L>').root).get('ID')![0]!.path;
    expect(two).toBe(one);
    const other = byNamePath(doc('<ram:L><rsm:ID>2</rsm:ID></ram:L>').root).get('ID')![0]!.path;
    expect(other).not.toBe(one);
    expect(other.ns).toBe(RSM);
  });

  it('starts a new table when one is full, the groups still right across it', () => {
    const first = byNamePath(doc('<ram:L/>').root).get('L')![0]!.path;
    const body = Array.from({ length: 5000 }, (_, i) => `<ram:E${i}><ram:ID>${i}</ram:ID></ram:E${i}>`);
    const ids = byNamePath(doc(body.join('')).root).get('ID')!;
    expect(ids).toHaveLength(5000);
    for (const { path, elements } of ids) {
      expect(elements).toHaveLength(1);
      expect(names(path)).toBe(names(elements[0]!));
    }
    expect(new Set(ids.map((g) => `${g.path.table}:${g.path.id}`)).size).toBe(5000);
    expect(byNamePath(doc('<ram:L/>').root).get('L')![0]!.path.table).toBeGreaterThan(first.table);
  });
});

describe('a pattern assigning its contexts by name path', () => {
  it('gives each element to the first context matching it, each rule its elements in document order', () => {
    const valued = pathContext('//ram:ID', (el) => el.children.length > 0);
    const anyId = pathContext('//ram:ID');
    const failing = (id: string, context: PatternContext): PatternAssertion => ({
      id,
      severity: 'fatal',
      bt: [],
      message: { en: id, fr: id },
      context,
      test: () => false,
    });
    const rules = patternRules([valued, anyId], [failing('valued', valued), failing('any', anyId)]);
    const input = ruleInput(
      doc('<ram:L><ram:ID>1</ram:ID></ram:L><ram:ID/><ram:L><ram:ID/></ram:L><ram:ID>h</ram:ID>'),
    );
    const at = (id: string) =>
      rules
        .find((r) => r.id === id)!
        .check(input)
        .map((v) => v.at.start);
    const all = input.byLocalName.get('ID')!.map((e) => e.start);
    expect(at('valued')).toEqual([all[0], all[3]]);
    expect(at('any')).toEqual([all[1], all[2]]);
  });
});
