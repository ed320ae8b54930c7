import { describe, expect, it } from 'vitest';
import { parseXml } from './parse';
import { parseXmlBytes } from './parse-bytes';
import { attributeValue, childrenNamed, firstChild, textOf, xpathOf } from './query';
import type { XmlElement } from './tree';

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
    expect(doc.undeclaredPrefixes).toEqual([{ prefix: 'ram', line: 1, column: 5 }]);
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

describe('white space between tags', () => {
  it('keeps each run as written, indentations made once included', () => {
    const runs = ['\n  ', '\n\t\t', '\n \t', '\n\n  ', '\n', ' ', `\n${' '.repeat(70)}`, '\n  x  '];
    const doc = parsed(`<a>${runs.map((r) => `${r}<b/>`).join('')}\r\n  </a>`);
    const texts = doc.root.children.filter((c) => c.kind === 'text').map((c) => c.value);
    expect(texts).toEqual([...runs, '\n  ']);
  });
});

describe('line ends', () => {
  it('normalises literal line ends but keeps a referenced carriage return', () => {
    const r = parseXml('<a>x\r\ny&#13;z</a>');
    expect(r.ok && r.doc.root.children[0]).toMatchObject({ value: 'x\ny\rz' });
  });
});

describe('XML 1.0 fifth edition and Namespaces 1.0', () => {
  it('reads the XML declaration', () => {
    expect(parsed('<?xml version="1.0" encoding="utf-8" standalone="yes"?><a/>').declaration).toMatchObject({
      version: '1.0',
      encoding: 'utf-8',
      standalone: true,
    });
    expect(parsed("<?xml version='1.1'?><a/>").declaration).toMatchObject({ version: '1.1', encoding: null });
    expect(parsed('<a/>').declaration).toBeNull();
  });

  it.each([
    ['no version', '<?xml encoding="UTF-8"?><a/>', 'declaration_version'],
    ['version not first', '<?xml standalone="yes" version="1.0"?><a/>', 'declaration_version'],
    [
      'encoding after standalone',
      '<?xml version="1.0" standalone="no" encoding="UTF-8"?><a/>',
      'declaration_syntax',
    ],
    [
      'an encoding name with a slash',
      '<?xml version="1.0" encoding="UTF-8-W/O-BOM"?><a/>',
      'declaration_encoding_value',
    ],
    ['version 2.0', '<?xml version="2.0"?><a/>', 'declaration_version_value'],
    ['standalone YES', '<?xml version="1.0" standalone="YES"?><a/>', 'declaration_standalone_value'],
    ['no space between pseudo-attributes', '<?xml version="1.0"encoding="UTF-8"?><a/>', 'declaration_syntax'],
    ['an unknown pseudo-attribute', '<?xml version="1.0" valid="yes"?><a/>', 'declaration_syntax'],
    ['a PI named xml in content', '<a><?xml version="1.0"?></a>', 'declaration_not_first'],
    ['a PI named XML', '<a><?XML x?></a>', 'pi_target'],
    ['a PI target with a colon', '<a><?a:b x?></a>', 'pi_target'],
    ['a PI without space after its target', '<a><?pi"x"?></a>', 'pi_space'],
    ["'--' in a comment", '<a><!-- a -- b --></a>', 'comment_hyphens'],
    ["a comment ending in '-'", '<a><!-- a ---></a>', 'comment_hyphens'],
    ["']]>' in text", '<a>x ]]> y</a>', 'cdata_end_in_text'],
    ['a control character', '<a>\u0001</a>', 'bad_char'],
    ['U+FFFE', '<a>\uFFFE</a>', 'bad_char'],
    ['a lone surrogate', '<a>\uD800</a>', 'bad_char'],
    ['a lone low surrogate', '<a>\uDC00x</a>', 'bad_char'],
    ['two high surrogates', '<a>\uD800\uD800\uDC00</a>', 'bad_char'],
    ['U+FFFF after a supplementary character', '<a>\uD83D\uDE00\uFFFF</a>', 'bad_char'],
    ['an escape character in an attribute', '<a b="\u001B"/>', 'bad_char'],
    ['a character reference to U+0000', '<a>&#0;</a>', 'bad_char_reference'],
    ['a name starting with a combining mark', '<\u0301a/>', 'expected_name'],
    ['two colons in a name', '<a:b:c xmlns:a="urn:a"/>', 'bad_qname'],
    ['xmlns: with no prefix', '<a xmlns:="urn:a"/>', 'bad_qname'],
    ['an element prefixed xmlns', '<xmlns:a/>', 'xmlns_element'],
    ['the xml prefix rebound', '<a xmlns:xml="urn:a"/>', 'reserved_namespace'],
    [
      'another prefix bound to the XML namespace',
      '<a xmlns:x="http://www.w3.org/XML/1998/namespace"/>',
      'reserved_namespace',
    ],
    ['the xmlns prefix declared', '<a xmlns:xmlns="http://www.w3.org/2000/xmlns/"/>', 'reserved_namespace'],
    ['a prefix undeclared (Namespaces 1.1 only)', '<a xmlns:p="urn:p"><b xmlns:p=""/></a>', 'prefix_unbound'],
    [
      'one attribute under two prefixes',
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:id="1" q:id="2"/>',
      'attribute_duplicate',
    ],
  ])('refuses %s', (_label, src, reason) => {
    expect(failure(src)).toMatchObject({ code: 'xml_not_well_formed', reason });
  });

  it('accepts names with characters beyond the Basic Multilingual Plane', () => {
    expect(parsed('<\u{10000}a \u{10001}="1"></\u{10000}a>').root.name).toBe('\u{10000}a');
  });

  it('tells apart names that look alike to its name cache, however many', () => {
    // "Aa" and "BB" hash alike, and so do all 16 names of four of them in a row.
    const names = [0, 1, 2, 3].reduce<string[]>((all) => all.flatMap((n) => [`${n}Aa`, `${n}BB`]), ['']);
    const doc = parsed(`<r>${[...names, ...names].map((n) => `<${n} ${n}="${n}"/>`).join('')}</r>`);
    const read = doc.root.children.map((c) => {
      const el = c as XmlElement;
      return `${el.local}=${el.attributes[0]!.name}`;
    });
    expect(read).toEqual([...names, ...names].map((n) => `${n}=${n}`));
  });

  it('reads every name right across documents, past the bounds of the names it keeps between them', () => {
    const names = (doc: ReturnType<typeof parsed>) =>
      doc.root.children.map((c) => `${(c as XmlElement).prefix}:${(c as XmlElement).local}`);
    const small = '<r xmlns:p="urn:p"><p:a/><b/><p:b/></r>';
    expect(names(parsed(small))).toEqual(['p:a', 'null:b', 'p:b']);
    // More names than it keeps (8192 hashes), then names long enough to pass its characters' bound.
    const many = Array.from({ length: 9000 }, (_, i) => `n${i}`);
    expect(names(parsed(`<r>${many.map((n) => `<${n}/>`).join('')}</r>`))).toEqual(
      many.map((n) => `null:${n}`),
    );
    const long = Array.from({ length: 40 }, (_, i) => `${'x'.repeat(30_000)}${i}`);
    expect(names(parsed(`<r>${long.map((n) => `<${n}/>`).join('')}</r>`))).toEqual(
      long.map((n) => `null:${n}`),
    );
    expect(names(parsed(small))).toEqual(['p:a', 'null:b', 'p:b']);
  });

  it('normalises attribute values as XML 1.0 §3.3.3 says', () => {
    const root = parsed('<a v="x\r\ny\tz&#10;&#13;"/>').root;
    expect(root.attributes[0]!.value).toBe('x y z\n\r');
  });

  it('allows the default namespace to be undeclared, and binds xml: everywhere', () => {
    const doc = parsed('<a xmlns="urn:a"><b xmlns="" xml:lang="fr"/></a>');
    const b = doc.root.children[0] as XmlElement;
    expect(b.ns).toBeNull();
    expect(b.attributes[1]!.ns).toBe('http://www.w3.org/XML/1998/namespace');
  });

  it('puts a prefix back in scope when the element that rebound it ends', () => {
    const doc = parsed('<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a>');
    const [b, c] = doc.root.children as XmlElement[];
    expect([b!.ns, c!.ns]).toEqual(['urn:2', 'urn:1']);
  });
});

describe('bounds', () => {
  it.each([
    ['elements', '<a>' + '<b/>'.repeat(11) + '</a>', { maxElements: 10 }, 'too_many_elements'],
    [
      'attributes',
      `<a ${Array.from({ length: 5 }, (_, i) => `x${i}="1"`).join(' ')}/>`,
      { maxAttributes: 4 },
      'too_many_attributes',
    ],
    [
      'namespace declarations',
      '<a xmlns:a="urn:a"><b xmlns:b="urn:b"><c xmlns:c="urn:c"/></b></a>',
      { maxNamespaceDeclarations: 2 },
      'too_many_namespace_declarations',
    ],
    ['lines', '<a>\n\n\n</a>', { maxLines: 3 }, 'too_many_lines'],
  ] as const)('refuses more %s than allowed, with the bound', (_label, src, limits, reason) => {
    const r = parseXml(src, limits);
    expect(r.ok || r.error).toMatchObject({
      code: 'xml_limit_exceeded',
      reason,
      detail: String(Object.values(limits)[0]),
    });
  });

  it('counts lines on a document of one long line in linear time', () => {
    const tags = '<b/>'.repeat(200_000);
    const r = parseXml(`<a>${tags}</a>`);
    expect(r.ok && r.doc.root.children).toHaveLength(200_000);
  });
});

describe('bytes in ISO-8859-1', () => {
  it('reads every byte as its code point, across the chunks the text is built in', () => {
    const head = '<?xml version="1.0" encoding="ISO-8859-1"?><a>';
    const body = Array.from({ length: 0x9000 }, (_, i) => 0xa0 + (i % 0x60));
    const bytes = Uint8Array.from([
      ...[...head].map((c) => c.charCodeAt(0)),
      ...body,
      ...[0x3c, 0x2f, 0x61, 0x3e],
    ]);
    const r = parseXmlBytes(bytes);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.doc.encoding.name).toBe('ISO-8859-1');
    expect(textOf(r.doc.root)).toBe(String.fromCharCode(...body));
  });
});
