/**
 * Every kind of input the engines cannot judge answers in the language of the request: the same error
 * code in French and in English, each message in its own language, with the position or detail.
 */
import { describe, expect, it } from 'vitest';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { blankPdf, encryptedPdf } from '../pdf/test-pdfs';
import { localContext, services, type ServiceName } from '.';
import type { FilePart, ServiceRequest } from './types';

const xmlFile = (text: string): FilePart => ({ filename: 'f.xml', bytes: new TextEncoder().encode(text) });
const pdfFile = (bytes: Uint8Array): FilePart => ({ filename: 'f.pdf', bytes });
const brokenPdf = pdfFile(new TextEncoder().encode('%PDF-1.7\n%%EOF\n'));

interface Case {
  readonly name: string;
  readonly service: ServiceName;
  readonly request: () => Promise<Omit<ServiceRequest, 'query'>>;
  readonly status: number;
  readonly error: string;
  readonly field?: string;
  readonly en: RegExp;
  readonly fr: RegExp;
}

const upload =
  (file: FilePart, fields: Record<string, string> = {}) =>
  async () => ({
    files: { file },
    fields,
  });

const CASES: readonly Case[] = [
  {
    name: 'validate: mismatched end tag',
    service: 'validate',
    request: upload(xmlFile('<a>\n  <b></a>')),
    status: 422,
    error: 'invalid_data_format',
    field: 'file',
    en: /^The XML is not well-formed \(line 2, column 6\): .*<b> … <\/a>/,
    fr: /^Le XML est mal formé \(ligne 2, colonne 6\) : la balise de fin ne correspond pas.*<b> … <\/a>/,
  },
  {
    name: 'validate: DOCTYPE',
    service: 'validate',
    request: upload(xmlFile('<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>')),
    status: 422,
    error: 'invalid_data_format',
    en: /DOCTYPE declarations are refused/,
    fr: /les déclarations DOCTYPE sont refusées/,
  },
  {
    name: 'validate: undefined entity',
    service: 'validate',
    request: upload(xmlFile('<a>&nbsp;</a>')),
    status: 422,
    error: 'invalid_data_format',
    en: /undefined entity &nbsp;/,
    fr: /entité non définie &nbsp;/,
  },
  {
    name: 'validate: nesting too deep',
    service: 'validate',
    request: upload(xmlFile('<a>'.repeat(300))),
    status: 422,
    error: 'invalid_data_format',
    en: /nested more than 256 levels deep/,
    fr: /imbriqués sur plus de 256 niveaux/,
  },
  {
    name: 'validate: undeclared prefix',
    service: 'validate',
    request: upload(xmlFile('<rsm:CrossIndustryInvoice/>')),
    status: 422,
    error: 'invalid_data_format',
    en: /\(line 1, column 2\): prefix "rsm" is not declared/,
    fr: /\(ligne 1, colonne 2\) : le préfixe « rsm » n’est pas déclaré/,
  },
  {
    name: 'validate: not a CII invoice',
    service: 'validate',
    request: upload(xmlFile('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')),
    status: 422,
    error: 'invalid_data_format',
    en: /^Not a CII invoice, the XML Factur-X carries: this XML starts with Invoice/,
    fr: /^Ce n’est pas une facture CII, le XML que porte Factur-X : ce XML commence par Invoice/,
  },
  {
    name: 'validate: corrupt PDF',
    service: 'validate',
    request: upload(brokenPdf),
    status: 422,
    error: 'unextractable_pdf',
    en: /No document catalog .* corrupt/,
    fr: /Aucun catalogue .* corrompu/,
  },
  {
    name: 'validate: encrypted PDF',
    service: 'validate',
    request: async () => ({ files: { file: pdfFile(await encryptedPdf()) }, fields: {} }),
    status: 422,
    error: 'unextractable_pdf',
    en: /encrypted or password-protected/,
    fr: /chiffré ou protégé par mot de passe/,
  },
  {
    name: 'extract: PDF without embedded XML',
    service: 'extract',
    request: async () => ({ files: { file: pdfFile(await blankPdf()) }, fields: {} }),
    status: 422,
    error: 'unextractable_pdf',
    en: /no embedded Factur-X/,
    fr: /aucun XML Factur-X .* intégré/,
  },
  {
    name: 'repair: not well-formed',
    service: 'repair',
    request: upload(xmlFile('<a b="1" b="2"/>')),
    status: 422,
    error: 'invalid_data_format',
    field: 'file',
    en: /^Nothing was repaired\. The XML is not well-formed .*duplicate attribute b/,
    fr: /^Rien n’a été réparé\. Le XML est mal formé .*attribut b en double/,
  },
  {
    name: 'convert: a cii that is not XML',
    service: 'convert',
    request: async () => ({ files: { cii: xmlFile('<a>x &amp y</a>') }, fields: { output: 'xml_cii' } }),
    status: 422,
    error: 'invalid_data_format',
    field: 'cii',
    en: /'&' that does not start a reference/,
    fr: /'&' qui ne commence pas une référence/,
  },
  {
    name: 'convert: dry run on a non-CII XML',
    service: 'convert',
    request: upload(xmlFile('<x/>'), { dry_run: 'true' }),
    status: 422,
    error: 'invalid_data_format',
    field: 'file',
    en: /Not a CII invoice/,
    fr: /pas une facture CII/,
  },
  {
    name: 'convert: a carrier PDF that PDF/A-3 refuses',
    service: 'convert',
    request: async () => ({
      files: { file: pdfFile(await blankPdf({ javascript: true })) },
      fields: { invoice_data: JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data) },
    }),
    status: 503,
    error: 'requested_output_unavailable',
    en: /contains an automatic action \(JavaScript.*\), which an archivable invoice \(PDF\/A-3\) may not hold/,
    fr: /contient une action automatique \(JavaScript.*\), qu’une facture archivable \(PDF\/A-3\) ne peut pas contenir/,
  },
  {
    name: 'convert: an unreadable PDF',
    service: 'convert',
    request: upload(brokenPdf),
    status: 422,
    error: 'unextractable_pdf',
    en: /The PDF cannot be read/,
    fr: /Le PDF est illisible/,
  },
];

describe('error messages in the language of the request', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const request = await c.request();
    const answers = [];
    for (const acceptLanguage of ['en', 'fr-FR,fr;q=0.9'] as const) {
      const result = await services[c.service]({ ...request, query: {}, acceptLanguage }, localContext());
      const body = result.body as { error?: string; message?: string; field?: string };
      expect(result.status).toBe(c.status);
      expect(body.error).toBe(c.error);
      if (c.field) expect(body.field).toBe(c.field);
      answers.push(body.message ?? '');
    }
    const [en, fr] = answers;
    expect(en).toMatch(c.en);
    expect(fr).toMatch(c.fr);
    expect(fr).not.toBe(en);
  });
});
