import { expect, it } from 'vitest';
import { CII_PREFIXES } from '../cii/namespaces';
import { parseXml } from './parse';
import { descendants, locator } from './query';

it('writes canonical prefixes, and positions only among same-named siblings of one namespace', () => {
  const parsed = parseXml(
    '<r:A xmlns:r="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:x="urn:other">' +
      '<r:B/><r:C><r:D/><r:D/><x:D/></r:C><r:B><E/></r:B></r:A>',
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  const locate = locator(CII_PREFIXES);
  expect([parsed.doc.root, ...descendants(parsed.doc.root)].map(locate)).toEqual([
    '/rsm:A',
    '/rsm:A/rsm:B[1]',
    '/rsm:A/rsm:C',
    '/rsm:A/rsm:C/rsm:D[1]',
    '/rsm:A/rsm:C/rsm:D[2]',
    '/rsm:A/rsm:C/x:D',
    '/rsm:A/rsm:B[2]',
    '/rsm:A/rsm:B[2]/E',
  ]);
});
