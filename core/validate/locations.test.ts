import { expect, it } from 'vitest';
import { CII_PREFIXES } from '../cii/namespaces';
import { parseXml } from '../xml/parse';
import { descendants, xpathOf } from '../xml/query';
import { locator } from './locations';

it('gives the same paths as xpathOf, positions only among same-named siblings', () => {
  const parsed = parseXml(
    '<r:A xmlns:r="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:x="urn:other">' +
      '<r:B/><r:C><r:D/><r:D/><x:D/></r:C><r:B><E/></r:B></r:A>',
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  const locate = locator(CII_PREFIXES);
  const all = [parsed.doc.root, ...descendants(parsed.doc.root)];
  expect(all.map(locate)).toEqual(all.map((el) => xpathOf(el, CII_PREFIXES)));
  expect(locate(all[3]!)).toBe('/rsm:A/rsm:C/rsm:D[1]');
});
