/**
 * Factur-X profiles and their detection from the guideline identifier (BT-24,
 * `ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID`).
 */
import { descend, textOf } from '../xml/query';
import type { XmlElement } from '../xml/tree';
import { RAM, RSM } from './namespaces';

export const PROFILES = ['MINIMUM', 'BASIC_WL', 'BASIC', 'EN16931', 'EXTENDED'] as const;
export type Profile = (typeof PROFILES)[number];

/** BT-24 as Factur-X 1.0 (1.07+) writes it for each profile. */
export const GUIDELINE_ID: Readonly<Record<Profile, string>> = {
  MINIMUM: 'urn:factur-x.eu:1p0:minimum',
  BASIC_WL: 'urn:factur-x.eu:1p0:basicwl',
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  EN16931: 'urn:cen.eu:en16931:2017',
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
};

/** The XMP `fx:ConformanceLevel` of each profile (Factur-X writes them upper case, with spaces). */
export const CONFORMANCE_LEVEL: Readonly<Record<Profile, string>> = {
  MINIMUM: 'MINIMUM',
  BASIC_WL: 'BASIC WL',
  BASIC: 'BASIC',
  EN16931: 'EN 16931',
  EXTENDED: 'EXTENDED',
};

/**
 * The profile a guideline identifier declares. Factur-X 1.0, ZUGFeRD 2.x and national CIUS
 * (XRechnung) identifiers are recognised; a CIUS of EN16931 is EN16931 for Factur-X purposes.
 */
export function profileOfGuideline(guidelineId: string): Profile | null {
  const id = guidelineId.trim().toLowerCase();
  if (id.includes('extended')) return 'EXTENDED';
  if (id.includes('basicwl')) return 'BASIC_WL';
  if (id.includes('minimum')) return 'MINIMUM';
  if (id.endsWith(':basic')) return 'BASIC';
  if (id.startsWith('urn:cen.eu:en16931:2017')) return 'EN16931';
  return null;
}

/** BT-24 of a parsed CII document, if present. */
export function guidelineOf(root: XmlElement): string | null {
  const el = descend(
    root,
    [RSM, 'ExchangedDocumentContext'],
    [RAM, 'GuidelineSpecifiedDocumentContextParameter'],
    [RAM, 'ID'],
  );
  return el ? textOf(el).trim() : null;
}

export function detectProfile(root: XmlElement): Profile | null {
  const id = guidelineOf(root);
  return id === null ? null : profileOfGuideline(id);
}
