/**
 * The XMP packet of a Factur-X PDF/A-3 (ISO 19005-3 §6.6, Factur-X 1.0 §5 / annex A): PDF/A
 * identification, the document information mirrored from the Info dictionary, the Factur-X extension
 * schema declaration and the four `fx:` properties.
 */
import { FACTURX_NS } from './xmp-read';

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
