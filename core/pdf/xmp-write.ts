/**
 * The XMP packet of a Factur-X PDF/A-3 (ISO 19005-3 §6.6, Factur-X 1.0 §5 / annex A): PDF/A
 * identification, the document information mirrored from the Info dictionary, the Factur-X extension
 * schema declaration and the four `fx:` properties.
 */
import { DC_NS, FACTURX_NS, noteWrittenXmp, PDF_NS, PDFAID_NS, XMP_NS, type XmpPacket } from './xmp-read';

export interface XmpFields {
  readonly pdfaPart: number;
  readonly pdfaConformance: string;
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creatorTool?: string;
  readonly producer: string;
  readonly createDate: string;
  readonly modifyDate: string;
  /** `fx:ConformanceLevel` (CONFORMANCE_LEVEL of the profile). */
  readonly conformanceLevel: string;
  readonly documentFileName: string;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FX_PROPERTIES: readonly [string, string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

export function facturxXmp(f: XmpFields): string {
  const opt = (value: string | undefined, xml: (v: string) => string): string =>
    value ? xml(esc(value)) : '';
  const properties = FX_PROPERTIES.map(
    ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  ).join('');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>${f.pdfaPart}</pdfaid:part>
      <pdfaid:conformance>${esc(f.pdfaConformance)}</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>${opt(
        f.title,
        (v) => `
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${v}</rdf:li></rdf:Alt></dc:title>`,
      )}${opt(
        f.author,
        (v) => `
      <dc:creator><rdf:Seq><rdf:li>${v}</rdf:li></rdf:Seq></dc:creator>`,
      )}${opt(
        f.subject,
        (v) => `
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${v}</rdf:li></rdf:Alt></dc:description>`,
      )}
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${esc(f.producer)}</pdf:Producer>${opt(
        f.keywords,
        (v) => `
      <pdf:Keywords>${v}</pdf:Keywords>`,
      )}
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">${opt(
      f.creatorTool,
      (v) => `
      <xmp:CreatorTool>${v}</xmp:CreatorTool>`,
    )}
      <xmp:CreateDate>${f.createDate}</xmp:CreateDate>
      <xmp:ModifyDate>${f.modifyDate}</xmp:ModifyDate>
      <xmp:MetadataDate>${f.modifyDate}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NS}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${properties}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NS}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${esc(f.documentFileName)}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${esc(f.conformanceLevel)}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * The packet as bytes, noted with what it reads as (xmp-read.ts) when {@link facturxXmpPacket} can tell:
 * the check of the packaged file then does not parse it again.
 */
export function writtenXmp(f: XmpFields): Uint8Array {
  const bytes = Buffer.from(facturxXmp(f), 'utf8');
  const packet = facturxXmpPacket(f);
  if (packet) noteWrittenXmp(bytes, packet);
  return bytes;
}

/** Characters XML 1.0 allows, less the carriage return (a parser reads it as a line feed). */
const XML_TEXT = /^[\t\n\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
/** A value written as it is, not escaped (the dates): the same, less the markup characters. */
const RAW_TEXT = /^[\t\n\x20-\x25\x27-\x3b\x3d\x3f-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

/**
 * What xmp-read.ts reads {@link facturxXmp} as, worked out from the fields: each property's value
 * trimmed, the Factur-X extension schema, the packet header. Null when a value is not plain text (a
 * character XML forbids, a carriage return): then only parsing the packet tells. xmp-write.test.ts
 * shows the two agree on any fields.
 */
export function facturxXmpPacket(f: XmpFields): XmpPacket | null {
  const escaped = [
    f.pdfaConformance,
    f.title,
    f.author,
    f.subject,
    f.keywords,
    f.creatorTool,
    f.producer,
    f.conformanceLevel,
    f.documentFileName,
  ];
  const plain =
    escaped.every((v) => v === undefined || XML_TEXT.test(v)) &&
    [f.createDate, f.modifyDate, String(f.pdfaPart)].every((v) => RAW_TEXT.test(v));
  if (!plain) return null;
  const props = new Map<string, string>();
  const put = (ns: string, local: string, value: string | number): void => {
    props.set(ns + local, String(value).trim());
  };
  // facturxXmp leaves an optional value out when it is empty.
  const optional = (ns: string, local: string, value: string | undefined): void => {
    if (value) put(ns, local, value);
  };
  put(PDFAID_NS, 'part', f.pdfaPart);
  put(PDFAID_NS, 'conformance', f.pdfaConformance);
  put(DC_NS, 'format', 'application/pdf');
  optional(DC_NS, 'title', f.title);
  optional(DC_NS, 'creator', f.author);
  optional(DC_NS, 'description', f.subject);
  put(PDF_NS, 'Producer', f.producer);
  optional(PDF_NS, 'Keywords', f.keywords);
  optional(XMP_NS, 'CreatorTool', f.creatorTool);
  put(XMP_NS, 'CreateDate', f.createDate);
  put(XMP_NS, 'ModifyDate', f.modifyDate);
  put(XMP_NS, 'MetadataDate', f.modifyDate);
  put(FACTURX_NS, 'DocumentType', 'INVOICE');
  put(FACTURX_NS, 'DocumentFileName', f.documentFileName);
  put(FACTURX_NS, 'Version', '1.0');
  put(FACTURX_NS, 'ConformanceLevel', f.conformanceLevel);
  return {
    props,
    schemas: [{ namespaceURI: FACTURX_NS, prefix: 'fx', properties: FX_PROPERTIES.map(([name]) => name) }],
    packetHeader: 'begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"',
  };
}
