import { describe, expect, it } from 'vitest';
import { parseXml } from './parse';
import { attributeValue, childrenNamed, firstChild, textOf, xpathOf } from './query';

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';

function parsed(src: string) {
  const r = parseXml(src);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.doc;
}

function failure(src: string) {
  const r = parseXml(src);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

describe('parseXml', () => {
  it('resolves namespaces, attributes, text and references', () => {
    const src = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<rsm:Root xmlns:rsm="${RSM}" xmlns:ram="${RAM}">
  <ram:ID schemeID="0002">A &amp; B &#x41;&#66;</ram:ID>
  <ram:Note><![CDATA[<raw> & text]]></ram:Note>
</rsm:Root>`;
    const doc = parsed(src);
    expect(doc.root.ns).toBe(RSM);
    expect(doc.root.local).toBe('Root');
    const id = firstChild(doc.root, RAM, 'ID')!;
    expect(textOf(id)).toBe('A & B AB');
    expect(attributeValue(id, 'schemeID')).toBe('0002');
    expect(id.line).toBe(4);
    expect(src.slice(id.start, id.end)).toBe('<ram:ID schemeID="0002">A &amp; B &#x41;&#66;</ram:ID>');
    expect(textOf(firstChild(doc.root, RAM, 'Note')!)).toBe('<raw> & text');
    expect(doc.undeclaredPrefixes).toEqual([]);
  });

  it('treats a default namespace like a prefix', () => {
    const doc = parsed(`<Root xmlns="${RSM}"><ram:X xmlns:ram="${RAM}"/><Y/></Root>`);
    expect(doc.root.ns).toBe(RSM);
    expect(childrenNamed(doc.root, RSM, 'Y')).toHaveLength(1);
    expect(childrenNamed(doc.root, RAM, 'X')[0]?.end).toBeGreaterThan(0);
  });

  it('records undeclared prefixes without failing', () => {
    const doc = parsed(`<a><ram:b/></a>`);
    expect(doc.undeclaredPrefixes).toEqual([{ prefix: 'ram', line: 1 }]);
  });

  it('writes locations with canonical prefixes and positions among same-named siblings', () => {
    const doc = parsed(`<r xmlns="${RSM}" xmlns:x="${RAM}"><x:L/><x:L><x:ID/></x:L></r>`);
    const second = childrenNamed(doc.root, RAM, 'L')[1]!;
    const prefixes = new Map([
      [RSM, 'rsm'],
      [RAM, 'ram'],
    ]);
    expect(xpathOf(firstChild(second, RAM, 'ID')!, prefixes)).toBe('/rsm:r/ram:L[2]/ram:ID');
  });

  it('accepts a byte order mark before the declaration', () => {
    expect(parsed('\uFEFF<?xml version="1.0"?><a/>').root.local).toBe('a');
  });

  it.each([
    [
      'doctype (XXE)',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      'xml_doctype_forbidden',
    ],
    [
      'billion laughs',
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>',
      'xml_doctype_forbidden',
    ],
    ['undefined entity', '<a>&nbsp;</a>', 'xml_not_well_formed'],
    ['mismatched tags', '<a><b></a></b>', 'xml_not_well_formed'],
    ['unterminated', '<a><b>', 'xml_not_well_formed'],
    ['two roots', '<a/><b/>', 'xml_not_well_formed'],
    ['duplicate attribute', '<a x="1" x="2"/>', 'xml_not_well_formed'],
    ['bare ampersand', '<a>fish & chips</a>', 'xml_not_well_formed'],
    ['not XML at all', '%PDF-1.7 binary', 'xml_not_well_formed'],
    ['empty', '   ', 'xml_empty'],
    ['late declaration', '<!-- x --><?xml version="1.0"?><a/>', 'xml_not_well_formed'],
  ])('refuses %s', (_label, src, code) => {
    expect(failure(src).code).toBe(code);
  });

  it('reports the line of a defect', () => {
    expect(failure('<a>\n<b>\n</c></a>').line).toBe(3);
  });

  it('bounds size and depth', () => {
    expect(parseXml('<a>' + 'x'.repeat(100) + '</a>', { maxLength: 50 })).toMatchObject({
      ok: false,
      error: { code: 'xml_too_large' },
    });
    expect(parseXml('<a>'.repeat(300) + '</a>'.repeat(300))).toMatchObject({
      ok: false,
      error: { code: 'xml_too_deep' },
    });
  });
});

describe('line ends', () => {
  it('normalises literal line ends but keeps a referenced carriage return', () => {
    const r = parseXml('<a>x\r\ny&#13;z</a>');
    expect(r.ok && r.doc.root.children[0]).toMatchObject({ value: 'x\ny\rz' });
  });
});
