import { describe, expect, it } from 'vitest';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { resolvePointer, schemaErrors } from '../testing/json-schema-check';
import { describedDocument, operations, reachable, refs } from '../testing/openapi-walk';
import { HTTP_ERROR_CODES, UNEXTRACTABLE_REASONS } from './errors';
import { COMPONENTS, openApiDocument } from './openapi';
import { componentSchemas } from './openapi-schemas';

const doc = describedDocument();

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1.0 of interface 1.0.0, with both credentials schemes', () => {
    expect(doc).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Factur-X Desk API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    });
    expect(JSON.stringify(doc)).not.toMatch(/"\$(schema|id)"/);
  });

  it('is built once and cannot be changed', () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(Object.isFrozen(doc.components.schemas.ConvertResponse)).toBe(true);
  });

  it('resolves every $ref, and every named schema is used', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    for (const { at, ref } of all) expect(resolvePointer(doc, ref), `${at}: ${ref}`).toBeDefined();
    const used = reachable(doc, { paths: doc.paths, responses: doc.components.responses });
    expect(Object.keys(doc.components.schemas).filter((name) => !used.has(name))).toEqual([]);
  });

  it('names every error code, and every code of the Errors table under an operation', () => {
    const codesOf = (node: unknown) =>
      [...reachable(doc, node)].map(
        (name) =>
          (doc.components.schemas[name] as { properties?: { error?: { const?: string } } }).properties?.error
            ?.const,
      );
    const underOperations = new Set(operations(doc).flatMap(([, , op]) => codesOf(op.responses)));
    expect(HTTP_ERROR_CODES.filter((code) => !underOperations.has(code))).toEqual([
      'not_found',
      'method_not_allowed',
    ]);
    expect(codesOf(doc.components.responses).sort()).toEqual(['method_not_allowed', 'not_found']);
  });

  it('tells programs why a PDF could not be used', () => {
    const body = doc.components.schemas.UnextractablePdfError as {
      required?: string[];
      properties: { reason: { enum: string[]; description: string } };
    };
    expect(body.required).toContain('reason');
    expect(body.properties.reason.enum).toEqual(Object.keys(UNEXTRACTABLE_REASONS));
    expect(body.properties.reason.description).toContain('`no_embedded_xml`: The PDF is readable');
  });

  it('gives each operation its own id, a success answer and error answers', () => {
    const ids = operations(doc).map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, method, op] of operations(doc)) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2/.test(s)),
        `${method} ${path}`,
      ).toBe(true);
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['429', '500']));
    }
  });

  it('converts schemas used both by requests and by answers alike both ways', () => {
    const inRequests = reachable(
      doc,
      operations(doc).map(([, , op]) => op.requestBody),
    );
    const inAnswers = reachable(
      doc,
      operations(doc).map(([, , op]) => op.responses),
    );
    const shared = [...inRequests].filter((name) => inAnswers.has(name));
    expect(shared).toEqual(expect.arrayContaining(['Seller', 'PartyContext']));
    const flipped = (io: 'input' | 'output') =>
      componentSchemas(Object.fromEntries(Object.entries(COMPONENTS).map(([id, c]) => [id, { ...c, io }])));
    const [input, output] = [flipped('input'), flipped('output')];
    for (const name of shared) expect(input[name], name).toEqual(output[name]);
  });

  it('describes the invoice_data of the golden examples, and refuses an incomplete one', () => {
    const form = doc.paths['/api/v1/convert']!.post!.requestBody!.content['multipart/form-data']!.schema as {
      properties: Record<string, { contentMediaType: string; contentSchema: unknown }>;
    };
    const field = form.properties.invoice_data!;
    expect(field.contentMediaType).toBe('application/json');
    for (const example of GOLDEN_EXAMPLES) {
      expect(schemaErrors(field.contentSchema, example.invoice_data, doc), example.name).toEqual([]);
    }
    expect(schemaErrors(field.contentSchema, { number: 'F-1' }, doc)).toContain('$: missing issue_date');
  });
});
