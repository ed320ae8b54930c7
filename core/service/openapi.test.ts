import { describe, expect, it } from 'vitest';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { schemaErrors } from '../testing/json-schema-check';
import { answerSchema, describedDocument } from '../testing/openapi-walk';
import type { ServiceRequest } from './types';
import { localContext, services } from '.';

const doc = describedDocument();
const convertOperation = doc.paths['/api/v1/convert']?.post;
const req = (over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields: {},
  files: {},
  query: {},
  ...over,
});

describe('the OpenAPI description describes what the services answer', () => {
  it('is the body of the openapi service', async () => {
    expect(await services.openapi(req(), localContext())).toEqual({ ok: true, status: 200, body: doc });
  });

  it('a real conversion of a golden example, and the validation of its XML', async () => {
    const converted = await services.convert(
      req({ fields: { invoice_data: JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data), output: 'xml_cii' } }),
      localContext(),
    );
    expect(converted.status).toBe(200);
    const schema = answerSchema(convertOperation, 200);
    expect(schema).toEqual({ $ref: '#/components/schemas/ConvertResponse' });
    expect(schemaErrors(schema, converted.body, doc)).toEqual([]);
    const { success: _dropped, ...incomplete } = converted.body as unknown as Record<string, unknown>;
    expect(schemaErrors(schema, incomplete, doc)).toEqual(['$: missing success']);
    expect(schemaErrors(schema, { ...incomplete, success: true, extra: 1 }, doc)).toEqual([
      '$.extra: no value allowed',
    ]);

    const xml = Buffer.from((converted.body as { result: { xml: string } }).result.xml, 'base64');
    const validated = await services.validate(
      req({ files: { file: { filename: 'f.xml', bytes: xml } } }),
      localContext(),
    );
    expect(validated.status).toBe(200);
    expect(schemaErrors(answerSchema(doc.paths['/api/v1/validate']?.post, 200), validated.body, doc)).toEqual(
      [],
    );
  });

  it('its errors, each under the status it came with', async () => {
    const malformed = await services.convert(req({ fields: { options: '{' } }), localContext());
    const missing = await services.convert(req(), localContext());
    expect([malformed.status, missing.status]).toEqual([400, 422]);
    for (const refused of [malformed, missing]) {
      expect(schemaErrors(answerSchema(convertOperation, refused.status), refused.body, doc)).toEqual([]);
    }
    expect(schemaErrors(answerSchema(convertOperation, 400), missing.body, doc)).not.toEqual([]);
  });

  it('the integration contract', async () => {
    const contract = await services.contract(req(), localContext());
    const schema = answerSchema(doc.paths['/api/v1/integration-contract']?.get, 200);
    expect(schemaErrors(schema, contract.body, doc)).toEqual([]);
  });
});
