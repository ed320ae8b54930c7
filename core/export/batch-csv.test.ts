import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ValidationReportBody } from '../api/validation-report';
import { localContext, services } from '../service';
import { batchCsv } from './batch-csv';

const here = path.dirname(fileURLToPath(import.meta.url));
const xml = readFileSync(path.join(here, '../../e2e/fixtures/invoice-en16931.xml'), 'utf8');

async function reportOf(filename: string, text: string, target: string) {
  const result = await services.validate(
    {
      fields: { validation_target: target },
      files: { file: { filename, bytes: new TextEncoder().encode(text), mediaType: 'application/xml' } },
      query: { lang: 'en' },
    },
    localContext(),
  );
  if (!result.ok) throw new Error(JSON.stringify(result.body));
  return result.body as ValidationReportBody;
}

describe('batchCsv', () => {
  it('writes one line per document with its verdicts and the rules broken, quoted where needed', async () => {
    const valid = await reportOf('facture, mars.xml', xml, 'en16931');
    // Without the seller's name (BT-27) the invoice breaks the EN 16931 rule that asks for it.
    const unnamed = xml.replace(/(<ram:SellerTradeParty>[\s\S]*?)<ram:Name>[^<]*<\/ram:Name>/, '$1');
    const broken = await reportOf('sans-nom.xml', unnamed, 'en16931');
    expect(broken.valid).toBe(false);

    const en = batchCsv([valid, broken], 'en');
    expect(en.startsWith('\ufeff')).toBe(true);
    const lines = en.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'File,Factur-X profile,Checked against,Verdict,Invoice data,PDF container,Errors,Warnings,Rule',
    );
    expect(lines[1]).toMatch(/^"facture, mars\.xml",EN16931,EN 16931,Valid,Passed,Not checked,0,\d+,$/);
    const rules = broken.issues.map((issue) => issue.ruleId);
    expect(lines[2]).toContain(
      `sans-nom.xml,EN16931,EN 16931,Not valid,Failed,Not checked,${broken.summary.errorCount},`,
    );
    for (const rule of rules) expect(lines[2]).toContain(rule);
    expect(lines[3]).toBe('');

    const fr = batchCsv([valid], 'fr').split('\r\n');
    expect(fr[0]).toContain('Fichier');
    expect(fr[1]).toContain('Valide');
  });
});
