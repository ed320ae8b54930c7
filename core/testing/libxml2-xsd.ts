/**
 * The reference check of a profile's schema: libxml2 (xmllint compiled to WebAssembly, a dev dependency)
 * against the official Factur-X 1.09 XSDs in ../shared/reference. Tests only; null when the reference
 * folder is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import type { Profile } from '../cii/profile';
import { referenceDir } from './corpus-dir';

/** The folder of each profile's schemas in ../shared/reference/facturx-1.09-xsd. */
export const XSD_FOLDER: Readonly<Record<Profile, string>> = {
  MINIMUM: 'MINIMUM',
  BASIC_WL: 'BASICWL',
  BASIC: 'BASIC',
  EN16931: 'EN16931',
  EXTENDED: 'EXTENDED',
};

/** libxml2's messages on `xml` against the schema of `profile`; none when it is valid. */
export async function libxml2Errors(xml: string, profile: Profile): Promise<string[]> {
  const dir = path.join(referenceDir()!, 'facturx-1.09-xsd', XSD_FOLDER[profile]);
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const main = files.find((f) => f.startsWith('Factur-X_') && !f.includes('urn_'))!;
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dir, main), 'utf8') }],
    preload: files
      .filter((f) => f !== main)
      .map((f) => ({ fileName: f, contents: readFileSync(path.join(dir, f), 'utf8') })),
  });
  return result.errors.map((e) => e.rawMessage);
}
