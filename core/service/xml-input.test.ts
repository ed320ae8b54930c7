/**
 * Every XML the endpoints receive is read as XML 1.0 says (core/xml): bytes that are not UTF-8, a
 * malformed XML declaration, misused processing instructions and CDATA are refused as 422
 * `invalid_data_format` with their line and column, by validate, repair and convert alike; a UTF-16
 * document is read by its byte-order mark and judged, with a finding that Factur-X requires UTF-8.
 * Documents whose work grows with them (a namespace declared on every element, tens of thousands of
 * lines), each of which once held an endpoint, are answered; beyond the bound of declarations, refused.
 */
import { describe, expect, it } from 'vitest';
import { validationReportSchema } from '../api/validation-report';
import {
  MISUSED_MARKUP,
  badEncodingName,
  goldenCii,
  manyLinesCii,
  namespaceBomb,
  nonUtf8Bytes,
  utf16Invoice,
} from '../testing/hostile-xml';
import { localContext, services } from '.';
import type { ServiceRequest } from './types';

const bytesOf = (xml: string | Uint8Array): Uint8Array =>
  typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
const upload = (xml: string | Uint8Array, name = 'file'): ServiceRequest => ({
  fields: name === 'cii' ? { output: 'xml_cii' } : {},
  files: { [name]: { filename: 'invoice.xml', bytes: bytesOf(xml) } },
  query: {},
});

const POSITION = /\(line \d+, column \d+\)/;
const REFUSED: readonly [string, () => string | Uint8Array][] = [
  ['bytes that are not UTF-8 in a UTF-8 document', nonUtf8Bytes],
  ['an encoding name that is not one (UTF-8-W/O-BOM)', badEncodingName],
  ...Object.entries(MISUSED_MARKUP),
];

describe('XML that is not well-formed, on every endpoint that reads XML', () => {
  it.each(REFUSED)('%s: 422 invalid_data_format with the position', async (_label, make) => {
    const xml = make();
    for (const [service, part] of [
      ['validate', 'file'],
      ['repair', 'file'],
      ['convert', 'cii'],
    ] as const) {
      const result = await services[service](upload(xml, part), localContext());
      expect(result.status, `${service}: ${JSON.stringify(result.body)}`).toBe(422);
      expect(result.body).toMatchObject({ error: 'invalid_data_format', field: part });
      expect('message' in result.body && result.body.message).toMatch(POSITION);
    }
  });

  it('never reads bytes that are not UTF-8 as replacement characters', async () => {
    const result = await services.validate(upload(nonUtf8Bytes()), localContext());
    expect(JSON.stringify(result.body)).not.toContain('\uFFFD');
    expect(result.body).toMatchObject({ message: expect.stringContaining('0xE9') });
  });

  it('names the position of the first byte that is not UTF-8', async () => {
    const bytes = nonUtf8Bytes();
    const before = Buffer.from(bytes.subarray(0, bytes.indexOf(0xe9))).toString('utf8');
    const lines = before.split('\n');
    const result = await services.validate(upload(bytes), localContext());
    expect('message' in result.body && result.body.message).toContain(
      `(line ${lines.length}, column ${lines.at(-1)!.length + 1})`,
    );
  });
});

const ENDPOINTS = [
  ['validate', 'file'],
  ['repair', 'file'],
  ['convert', 'cii'],
] as const;

describe('documents whose work grows with them, on every endpoint that reads XML', () => {
  it.each([
    ['a namespace declared on every element (18,000 declarations)', () => namespaceBomb(1_000)],
    ['a CII of 20,000 lines', () => manyLinesCii(20_000)],
  ])('%s: answered, valid', async (_label, make) => {
    const xml = make();
    for (const [service, part] of ENDPOINTS) {
      const result = await services[service](upload(xml, part), localContext());
      expect(result.status, `${service}: ${JSON.stringify(result.body).slice(0, 300)}`).toBe(200);
      const body = result.body as { valid?: boolean; repairSuccessful?: boolean; success?: boolean };
      expect(body.valid ?? body.repairSuccessful ?? body.success).toBe(true);
    }
  });

  it('more namespace declarations than the bound (100,000): 422 invalid_data_format naming it', async () => {
    const xml = namespaceBomb(5_600);
    expect(xml.match(/ xmlns:n\d+=/g)!.length).toBeGreaterThan(100_000);
    for (const [service, part] of ENDPOINTS) {
      const result = await services[service](upload(xml, part), localContext());
      expect(result.body).toMatchObject({
        error: 'invalid_data_format',
        message: expect.stringContaining('100000 namespace declarations'),
      });
    }
  });
});

describe('encodings other than UTF-8', () => {
  it.each(['LE', 'BE'] as const)(
    'reads a UTF-16%s invoice by its byte-order mark and says Factur-X requires UTF-8',
    async (order) => {
      const result = await services.validate(upload(utf16Invoice(order)), localContext());
      expect(result.status).toBe(200);
      const report = validationReportSchema.parse(result.body);
      expect(report.valid).toBe(false);
      expect(report.issues).toEqual([
        expect.objectContaining({ ruleId: 'FX-XML-ENCODING', severity: 'fatal', stage: 'xsd' }),
      ]);
      expect(report.issues[0]!.message).toContain(`UTF-16${order}`);
    },
  );

  it('reads an ISO-8859-1 invoice as ISO-8859-1, with the same finding', async () => {
    // The golden invoice's apostrophes (U+2019) are not in ISO-8859-1; its accented letters are.
    const xml = goldenCii()
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace(/\u2019/g, "'");
    const result = await services.validate(upload(Buffer.from(xml, 'latin1')), localContext());
    const report = validationReportSchema.parse(result.body);
    expect(report.issues.map((i) => i.ruleId)).toEqual(['FX-XML-ENCODING']);
  });

  it('refuses a declaration that contradicts the byte-order mark', async () => {
    const xml = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(goldenCii().replace('UTF-8', 'ISO-8859-1')),
    ]);
    const result = await services.validate(upload(xml), localContext());
    expect(result).toMatchObject({ status: 422, body: { error: 'invalid_data_format' } });
  });

  it('gives back a UTF-16 invoice byte for byte when repair has nothing to change', async () => {
    const bytes = utf16Invoice('LE');
    const result = await services.repair(upload(bytes), localContext());
    expect(result.status).toBe(200);
    const body = result.body as { repaired_xml: string; validation_before: { valid: boolean } };
    expect(Buffer.from(body.repaired_xml, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(body.validation_before.valid).toBe(false);
  });

  it('keeps a UTF-8 byte-order mark through repair', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(goldenCii())]);
    const result = await services.repair(upload(bytes), localContext());
    const body = result.body as { repaired_xml: string };
    expect(Buffer.from(body.repaired_xml, 'base64').equals(bytes)).toBe(true);
  });
});
