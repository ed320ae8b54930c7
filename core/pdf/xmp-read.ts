/**
 * Reads an XMP packet (ISO 16684-1) into the simple properties PDF/A and Factur-X care about: every
 * top-level property of every `rdf:Description`, in element or attribute form, keyed by namespace URI and
 * local name, plus the extension schemas declared under `pdfaExtension:schemas`.
 */
import { parseXmlBytes } from '../xml/parse-bytes';
import { elementChildren, textOf as xmlText } from '../xml/query';
import type { XmlElement } from '../xml/tree';

export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const PDFAID_NS = 'http://www.aiim.org/pdfa/ns/id/';
export const PDFA_EXTENSION_NS = 'http://www.aiim.org/pdfa/ns/extension/';
export const PDFA_SCHEMA_NS = 'http://www.aiim.org/pdfa/ns/schema#';
export const PDFA_PROPERTY_NS = 'http://www.aiim.org/pdfa/ns/property#';
export const DC_NS = 'http://purl.org/dc/elements/1.1/';
export const XMP_NS = 'http://ns.adobe.com/xap/1.0/';
export const PDF_NS = 'http://ns.adobe.com/pdf/1.3/';
/** Factur-X 1.0 and ZUGFeRD 2.1+ (`fx`). */
export const FACTURX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
/** ZUGFeRD 2.0 (`zf`, though some writers use the `fx` prefix for it). */
export const ZUGFERD2_NS = 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#';
/** XRechnung in ZUGFeRD 2.1+ / Factur-X carriers. */
export const XRECHNUNG_XMP_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:1p0#';

export interface ExtensionSchema {
  readonly namespaceURI: string;
  readonly prefix: string;
  readonly properties: readonly string[];
}

export interface XmpPacket {
  /** `namespaceURI + localName` → first value (text, or the first `rdf:li` of an Alt/Seq/Bag). */
  readonly props: ReadonlyMap<string, string>;
  readonly schemas: readonly ExtensionSchema[];
  /** The attributes of the `<?xpacket begin=… ?>` header, if the packet has one. */
  readonly packetHeader: string | null;
}

export type XmpResult = { ok: true; xmp: XmpPacket } | { ok: false; message: string };

/**
 * Packets read already, by their bytes: a document decodes its metadata stream to the same bytes for
 * every reader (reader/document.ts), and extraction, packaging and the checks each read it.
 */
const read = new WeakMap<Uint8Array, XmpResult>();

/**
 * Packets this thread wrote (xmp-write.ts), with what they read as: the latest few, so that a Factur-X
 * checked once packaged does not parse its own metadata again. A packet is taken as written here only
 * when it is those bytes, byte for byte.
 */
const written: { readonly bytes: Uint8Array; readonly result: XmpResult }[] = [];
const KEPT_WRITTEN = 8;

/** Notes that `bytes` read as `packet` (xmp-write.ts says so only where a test shows it), newest first. */
export function noteWrittenXmp(bytes: Uint8Array, packet: XmpPacket): void {
  written.unshift({ bytes, result: { ok: true, xmp: packet } });
  if (written.length > KEPT_WRITTEN) written.pop();
}

export function readXmp(bytes: Uint8Array): XmpResult {
  let result = read.get(bytes);
  if (!result) {
    result = writtenAs(bytes) ?? parseXmp(bytes);
    read.set(bytes, result);
  }
  return result;
}

function writtenAs(bytes: Uint8Array): XmpResult | undefined {
  for (const w of written)
    if (w.bytes.length === bytes.length && Buffer.compare(w.bytes, bytes) === 0) return w.result;
  return undefined;
}

function parseXmp(bytes: Uint8Array): XmpResult {
  const parsed = parseXmlBytes(bytes, { maxLength: 4 * 1024 * 1024 });
  if (!parsed.ok) return { ok: false, message: `XMP is not well-formed XML: ${parsed.error.message}` };
  const rdf = findRdf(parsed.doc.root);
  if (!rdf) return { ok: false, message: 'XMP has no rdf:RDF element' };
  const props = new Map<string, string>();
  const schemas: ExtensionSchema[] = [];
  for (const desc of elementChildren(rdf)) {
    if (desc.ns !== RDF_NS || desc.local !== 'Description') continue;
    for (const a of desc.attributes) {
      if (a.ns && a.ns !== RDF_NS && a.prefix !== 'xmlns' && !props.has(a.ns + a.local))
        props.set(a.ns + a.local, a.value);
    }
    for (const p of elementChildren(desc)) {
      if (!p.ns) continue;
      if (p.ns === PDFA_EXTENSION_NS && p.local === 'schemas') schemas.push(...extensionSchemas(p));
      else if (!props.has(p.ns + p.local)) props.set(p.ns + p.local, valueOf(p));
    }
  }
  const text = parsed.doc.source.replace(/^\uFEFF/, '');
  const packetHeader = /^\s*<\?xpacket\s+(begin=[^?]*)\?>/.exec(text)?.[1] ?? null;
  return { ok: true, xmp: { props, schemas, packetHeader } };
}

function findRdf(root: XmlElement): XmlElement | undefined {
  if (root.ns === RDF_NS && root.local === 'RDF') return root;
  return elementChildren(root).find((e) => e.ns === RDF_NS && e.local === 'RDF');
}

function valueOf(p: XmlElement): string {
  const container = elementChildren(p).find(
    (e) => e.ns === RDF_NS && ['Alt', 'Seq', 'Bag'].includes(e.local),
  );
  if (!container) return xmlText(p).trim();
  const li = elementChildren(container).find((e) => e.ns === RDF_NS && e.local === 'li');
  return li ? xmlText(li).trim() : '';
}

/** Both layouts: `rdf:li rdf:parseType="Resource"` with fields, or `rdf:li` holding an `rdf:Description`. */
function fieldsOf(li: XmlElement): XmlElement[] {
  const desc = elementChildren(li).find((e) => e.ns === RDF_NS && e.local === 'Description');
  return elementChildren(desc ?? li);
}

function extensionSchemas(schemasEl: XmlElement): ExtensionSchema[] {
  const out: ExtensionSchema[] = [];
  for (const bag of elementChildren(schemasEl)) {
    for (const li of elementChildren(bag)) {
      let namespaceURI = '';
      let prefix = '';
      const properties: string[] = [];
      for (const f of fieldsOf(li)) {
        if (f.ns !== PDFA_SCHEMA_NS) continue;
        if (f.local === 'namespaceURI') namespaceURI = xmlText(f).trim();
        else if (f.local === 'prefix') prefix = xmlText(f).trim();
        else if (f.local === 'property') {
          for (const seq of elementChildren(f)) {
            for (const pli of elementChildren(seq)) {
              const name = fieldsOf(pli).find((e) => e.ns === PDFA_PROPERTY_NS && e.local === 'name');
              if (name) properties.push(xmlText(name).trim());
            }
          }
        }
      }
      out.push({ namespaceURI, prefix, properties });
    }
  }
  return out;
}

export interface FacturxXmp {
  /** Namespace URI of the Factur-X / ZUGFeRD / XRechnung properties found, if any. */
  readonly namespace: string | null;
  readonly documentType: string | null;
  readonly documentFileName: string | null;
  readonly version: string | null;
  readonly conformanceLevel: string | null;
  readonly pdfaPart: number | null;
  readonly pdfaConformance: string | null;
}

const FX_NAMESPACES = [FACTURX_NS, ZUGFERD2_NS, XRECHNUNG_XMP_NS];

export function facturxXmpOf(xmp: XmpPacket | null): FacturxXmp {
  const get = (ns: string, local: string): string | null => xmp?.props.get(ns + local) ?? null;
  const namespace =
    FX_NAMESPACES.find(
      (ns) => get(ns, 'ConformanceLevel') !== null || get(ns, 'DocumentFileName') !== null,
    ) ?? null;
  const fx = (local: string): string | null => (namespace ? get(namespace, local) : null);
  const part = get(PDFAID_NS, 'part');
  return {
    namespace,
    documentType: fx('DocumentType'),
    documentFileName: fx('DocumentFileName'),
    version: fx('Version'),
    conformanceLevel: fx('ConformanceLevel'),
    pdfaPart: part !== null && /^\d+$/.test(part.trim()) ? Number(part.trim()) : null,
    pdfaConformance: get(PDFAID_NS, 'conformance'),
  };
}
