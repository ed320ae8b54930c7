/**
 * The OpenAPI 3.1.0 description of the interface (version 1.0.0, `/api/v1`), built from the zod schemas
 * the service itself checks requests and writes answers with, so that it cannot drift from them. Built
 * once, on first use; it never changes afterwards.
 */
import { z } from 'zod';
import { BUYER, CREDIT_TRANSFER, invoiceDataSchema, SELLER } from '../invoice-data/schema';
import {
  activatedKeySchema,
  localSignInKeySchema,
  activationSentSchema,
  activationStep1BodySchema,
  activationStep2BodySchema,
} from './activation';
import { integrationContractSchema } from './contract';
import { CONVERT_OUTPUTS, convertOptionsSchema } from './convert-request';
import {
  convertAcceptedSchema,
  convertResponseSchema,
  targetOutcomeSchema,
  validationReadinessSchema,
} from './convert-response';
import { extractResponseSchema } from './extract';
import { invoicePatchSchema, partyContextSchema } from './inline-context';
import { jobBodySchema, jobIdSchema } from './job';
import { limitsSchema } from './limits';
import { reportPdfSchema, reportRequestSchema } from './report-request';
import { LANGS } from './lang';
import { errorComponents, errorResponses, OPERATION_ERRORS, UNMATCHED_RESPONSES } from './openapi-errors';
import {
  componentSchemas,
  inlineSchema,
  schemaRef,
  type Component,
  type JsonSchema,
} from './openapi-schemas';
import {
  buyerProfileDataSchema,
  PROFILE_ROLES,
  profileBodySchema,
  profileDeletedBodySchema,
  profileIdSchema,
  profileListBodySchema,
  profileSaveBodySchema,
  sellerProfileDataSchema,
} from './profile';
import { repairConstraintsSchema, repairResponseSchema } from './repair';
import { profileSchema, validationTargetSchema } from './targets';
import { tokenBodySchema } from './token';
import { validationArtifactSchema, validationReportSchema } from './validation-report';

export const OPENAPI_VERSION = '3.1.0';
/** The interface version (api-interface.md, Versioning), not the application's. */
export const INTERFACE_VERSION = '1.0.0';

const request = (schema: z.ZodType): Component => ({ schema, io: 'input' });
const response = (schema: z.ZodType): Component => ({ schema, io: 'output' });

/** Every named schema; the parties are shared by `invoice_data`, saved profiles and their answers. */
export const COMPONENTS: Readonly<Record<string, Component>> = {
  Seller: request(SELLER),
  Buyer: request(BUYER),
  CreditTransfer: request(CREDIT_TRANSFER),
  InvoiceData: request(invoiceDataSchema),
  ConvertOptions: request(convertOptionsSchema),
  InvoicePatch: request(invoicePatchSchema),
  PartyContext: request(partyContextSchema),
  RepairConstraints: request(repairConstraintsSchema),
  SellerProfileData: request(sellerProfileDataSchema),
  BuyerProfileData: request(buyerProfileDataSchema),
  SellerProfileSaveBody: request(profileSaveBodySchema('seller')),
  BuyerProfileSaveBody: request(profileSaveBodySchema('buyer')),
  SandboxKeyRequest: request(activationStep1BodySchema),
  SandboxKeyActivation: request(activationStep2BodySchema),
  LocalSignIn: request(activationStep2BodySchema),
  TargetOutcome: response(targetOutcomeSchema),
  ValidationReadiness: response(validationReadinessSchema),
  ValidationArtifact: response(validationArtifactSchema),
  ValidationReport: response(validationReportSchema),
  ConvertResponse: response(convertResponseSchema),
  ConvertAccepted: response(convertAcceptedSchema),
  ExtractResponse: response(extractResponseSchema),
  RepairResponse: response(repairResponseSchema),
  IntegrationContract: response(integrationContractSchema),
  Profile: response(profileBodySchema),
  ProfileList: response(profileListBodySchema),
  ProfileDeleted: response(profileDeletedBodySchema),
  ActivationSent: response(activationSentSchema),
  ActivatedKey: response(activatedKeySchema),
  Job: response(jobBodySchema),
  BearerToken: response(tokenBodySchema),
  LocalSignInKey: response(localSignInKeySchema),
  Limits: response(limitsSchema),
  ReportRequest: request(reportRequestSchema),
  ReportPdf: response(reportPdfSchema),
  ...errorComponents(),
};

const parameterRef = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` });

/** Form fields and query parameters spell booleans `true` or `false`. */
const textBoolean = (fallback: boolean): JsonSchema => ({
  ...inlineSchema(z.enum(['true', 'false'])),
  default: String(fallback),
});

const PARAMETERS: Record<string, JsonSchema> = {
  Lang: {
    name: 'lang',
    in: 'query',
    description: 'Language of messages; without it, the Accept-Language header decides, else English.',
    schema: inlineSchema(z.enum(LANGS)),
  },
  AcceptLanguage: { name: 'Accept-Language', in: 'header', schema: { type: 'string' } },
  Enrich: {
    name: 'enrich',
    in: 'query',
    description:
      'Whether identifiers, names and addresses may be checked against national public company registries (third-party calls); `false` forbids those calls.',
    schema: textBoolean(true),
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      'The same key with the same request replays the first answer; with a different request: 409 `idempotency_conflict`.',
    schema: { type: 'string', minLength: 1 },
  },
  ValidationTarget: {
    name: 'validation_target',
    in: 'query',
    description: 'Also accepted as a form field; `en16931` when absent.',
    schema: inlineSchema(validationTargetSchema),
  },
  Validate: {
    name: 'validate',
    in: 'query',
    description: 'Also validate the extracted XML, in the same call and for the same quota.',
    schema: textBoolean(false),
  },
  TargetProfile: {
    name: 'target_profile',
    in: 'query',
    description:
      'The profile to repair for; else `constraints.target_profile`, else detected from the XML (BT-24).',
    schema: inlineSchema(profileSchema),
  },
  Prefer: {
    name: 'Prefer',
    in: 'header',
    description:
      '`respond-async` (RFC 7240): answer 202 with `result.jobId` at once and convert as a job; `GET /api/v1/jobs/{id}` tells how it ended. Without it, a server may still answer 202 for a conversion that runs longer than it allows.',
    schema: { type: 'string' },
  },
  ProfileRole: { name: 'role', in: 'path', required: true, schema: inlineSchema(z.enum(PROFILE_ROLES)) },
  ProfileId: { name: 'id', in: 'path', required: true, schema: inlineSchema(profileIdSchema) },
  JobId: { name: 'id', in: 'path', required: true, schema: inlineSchema(jobIdSchema) },
};

const SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (`fxk_…`).' },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A bearer token from `POST /api/v1/auth/token` (a JWT), or the API key itself, as `Authorization: Bearer …`.',
    bearerFormat: 'JWT',
  },
};
const KEY_REQUIRED = [{ apiKey: [] }, { bearer: [] }];
const PUBLIC: readonly never[] = [];

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** An uploaded file part; its bytes decide what it is, whatever its declared type. */
const filePart = (description: string): JsonSchema => ({
  type: 'string',
  contentMediaType: 'application/octet-stream',
  description,
});

/** A form field holding JSON text, checked against a named schema. */
const jsonText = (component: string, description?: string): JsonSchema => ({
  type: 'string',
  contentMediaType: 'application/json',
  contentSchema: schemaRef(component),
  ...(description ? { description } : {}),
});

function form(
  properties: Record<string, JsonSchema>,
  options: { readonly required?: readonly string[]; readonly files?: Record<string, string> } = {},
) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties, ...(options.required ? { required: options.required } : {}) },
        ...(options.files
          ? {
              encoding: Object.fromEntries(
                Object.entries(options.files).map(([name, contentType]) => [name, { contentType }]),
              ),
            }
          : {}),
      },
    },
  };
}

interface OperationSpec {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly parameters?: readonly string[];
  readonly requestBody?: unknown;
  readonly responses: Record<string, unknown>;
  readonly security: readonly unknown[];
}

function operation({ operationId, parameters = [], responses, ...rest }: OperationSpec) {
  return {
    operationId,
    ...rest,
    parameters: [...parameters, 'Lang', 'AcceptLanguage'].map(parameterRef),
    responses: { ...responses, ...errorResponses(OPERATION_ERRORS[operationId] ?? []) },
  };
}

const ok = (description: string, component: string) => ({
  description,
  content: json(schemaRef(component)),
});

const TARGET_FIELD = { validation_target: inlineSchema(validationTargetSchema) };

const convertOperation = operation({
  operationId: 'convert',
  summary: 'Convert an invoice to a Factur-X PDF/A-3, or to a CII XML',
  description:
    'Input modes: a PDF read for its invoice, a full `invoice_data`, stateless complements (`invoice_patch`, `seller_context`, `buyer_context`), explicit reuse of saved profiles. A final conversion is charged only when it delivers; `dry_run=true` uses no quota. `success` alone never tells France 2026 readiness: `validationReadiness` does.',
  parameters: ['Enrich', 'IdempotencyKey', 'Prefer'],
  security: KEY_REQUIRED,
  requestBody: form(
    {
      file: filePart(
        'The PDF invoice (source or visual carrier); an XML only with `dry_run=true`. Optional with a full `invoice_data` or `cii`.',
      ),
      cii: filePart('A ready CII XML to package instead of `invoice_data`.'),
      output: { ...inlineSchema(z.enum(CONVERT_OUTPUTS)), default: 'facturx_pdfa3' },
      invoice_data: jsonText('InvoiceData', 'Complete structured invoice; the PDF text is then not read.'),
      invoice_patch: jsonText('InvoicePatch', 'Cannot be combined with a full `invoice_data`.'),
      seller_context: jsonText('PartyContext'),
      buyer_context: jsonText('PartyContext'),
      profile_reuse: {
        ...inlineSchema(z.literal('explicit')),
        description: 'Opts in to saved profile reuse.',
      },
      seller_profile_id: inlineSchema(profileIdSchema),
      issuer_id: { ...inlineSchema(profileIdSchema), description: 'Alias of `seller_profile_id`.' },
      buyer_profile_id: inlineSchema(profileIdSchema),
      client_id: { ...inlineSchema(profileIdSchema), description: 'Alias of `buyer_profile_id`.' },
      dry_run: textBoolean(false),
      ...TARGET_FIELD,
      options: jsonText('ConvertOptions'),
    },
    { files: { file: 'application/pdf, application/xml', cii: 'application/xml' } },
  ),
  responses: {
    200: {
      description:
        'The conversion and its validation evidence; with `Accept: application/pdf`, the generated PDF itself.',
      headers: {
        'Content-Disposition': {
          description: 'With `Accept: application/pdf`: `attachment; filename="<name>-facturx.pdf"`.',
          schema: { type: 'string' },
        },
      },
      content: {
        ...json(schemaRef('ConvertResponse')),
        'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
      },
    },
    202: ok(
      'Accepted as a job, still processing (`result.jobId`); its invoice is reserved until it ends.',
      'ConvertAccepted',
    ),
  },
});

/** An endpoint taking one required uploaded `file` (and maybe more fields) behind a key, answering JSON. */
function documentOperation(spec: {
  readonly operationId: string;
  readonly summary: string;
  readonly parameters: readonly string[];
  readonly file: { readonly description: string; readonly contentType: string };
  readonly fields?: Record<string, JsonSchema>;
  readonly answer: { readonly description: string; readonly component: string };
}) {
  const { file, fields, answer, ...rest } = spec;
  return operation({
    ...rest,
    security: KEY_REQUIRED,
    requestBody: form(
      { file: filePart(file.description), ...fields },
      { required: ['file'], files: { file: file.contentType } },
    ),
    responses: { 200: ok(answer.description, answer.component) },
  });
}

const extractOperation = documentOperation({
  operationId: 'extract',
  summary: 'Extract the embedded CII XML of a Factur-X PDF',
  parameters: ['Validate', 'ValidationTarget', 'Enrich', 'IdempotencyKey'],
  file: { description: 'The Factur-X PDF.', contentType: 'application/pdf' },
  answer: {
    description: 'The embedded XML, its profile, and its validation with `validate=true`.',
    component: 'ExtractResponse',
  },
});

const repairOperation = documentOperation({
  operationId: 'repair',
  summary: 'Apply deterministic fixes to a CII XML, validated before and after',
  parameters: ['TargetProfile', 'ValidationTarget', 'Enrich', 'IdempotencyKey'],
  file: { description: 'The CII XML.', contentType: 'application/xml' },
  fields: { constraints: jsonText('RepairConstraints'), ...TARGET_FIELD },
  answer: {
    description: 'The repaired XML, what changed, what was left undone.',
    component: 'RepairResponse',
  },
});

const validateOperation = documentOperation({
  operationId: 'validate',
  summary: 'Validate a CII XML or a Factur-X PDF',
  parameters: ['ValidationTarget', 'IdempotencyKey'],
  file: { description: 'A CII XML or a Factur-X PDF.', contentType: 'application/pdf, application/xml' },
  fields: TARGET_FIELD,
  answer: { description: 'The validation report.', component: 'ValidationReport' },
});

/** GET and HEAD of a public, unmetered document. */
function publicDocument(name: string, summary: string, component: string | null) {
  const body = component ? schemaRef(component) : { type: 'object' };
  return {
    get: operation({
      operationId: `get${name}`,
      summary,
      security: PUBLIC,
      responses: { 200: { description: summary, content: json(body) } },
    }),
    head: operation({
      operationId: `head${name}`,
      summary: `${summary}: headers only`,
      security: PUBLIC,
      responses: { 200: { description: 'As GET, without a body.' } },
    }),
  };
}

const profileSaveBody = {
  required: true,
  content: {
    'application/json': {
      schema: {
        oneOf: [schemaRef('SellerProfileSaveBody'), schemaRef('BuyerProfileSaveBody')],
        description: 'The body of the role the path names.',
      },
    },
  },
};

const publicStep = (operationId: string, summary: string, body: string, status: number, answer: string) =>
  operation({
    operationId,
    summary,
    security: PUBLIC,
    requestBody: { required: true, content: json(schemaRef(body)) },
    responses: { [status]: ok(summary, answer) },
  });

function buildDocument() {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Factur-X Desk API',
      version: INTERFACE_VERSION,
      description:
        'Convert invoices to Factur-X PDF/A-3 (or CII XML), extract and repair their XML, validate them. Validation and conversion results are documentary and technical evidence only: not acceptance by an approved platform (PA), not tax compliance.',
    },
    servers: [{ url: '/' }],
    security: KEY_REQUIRED,
    paths: {
      '/api/v1/convert': { post: convertOperation },
      '/api/v1/extract': { post: extractOperation },
      '/api/v1/repair': { post: repairOperation },
      '/api/v1/validate': { post: validateOperation },
      '/api/v1/integration-contract': publicDocument(
        'IntegrationContract',
        'The machine-readable description of `invoice_data`',
        'IntegrationContract',
      ),
      '/api/v1/openapi.json': publicDocument('OpenApiDocument', 'This OpenAPI description', null),
      '/api/v1/report': {
        post: operation({
          operationId: 'renderReport',
          summary:
            'Draw validation reports (as validate answered them) as one readable PDF to file with the invoices; nothing is validated again, no quota is used',
          security: KEY_REQUIRED,
          requestBody: { required: true, content: json(schemaRef('ReportRequest')) },
          responses: { 200: ok('The PDF, base64, and a file name for it.', 'ReportPdf') },
        }),
      },
      '/api/v1/limits': publicDocument(
        'Limits',
        'What this server accepts: the largest upload, so that clients refuse a larger file before sending it',
        'Limits',
      ),
      '/api/v1/profiles': {
        get: operation({
          operationId: 'listProfiles',
          summary: 'List the saved seller and buyer profiles',
          security: KEY_REQUIRED,
          responses: { 200: ok('The profiles of the caller’s tenant.', 'ProfileList') },
        }),
      },
      '/api/v1/profiles/{role}/{id}': {
        parameters: [parameterRef('ProfileRole'), parameterRef('ProfileId')],
        put: operation({
          operationId: 'saveProfile',
          summary: 'Save the next version of a profile',
          security: KEY_REQUIRED,
          requestBody: profileSaveBody,
          responses: { 200: ok('The saved profile.', 'Profile') },
        }),
        delete: operation({
          operationId: 'deleteProfile',
          summary: 'Delete a profile',
          security: KEY_REQUIRED,
          responses: { 200: ok('The profile is deleted.', 'ProfileDeleted') },
        }),
      },
      '/api/v1/jobs/{id}': {
        parameters: [parameterRef('JobId')],
        get: operation({
          operationId: 'getJob',
          summary: 'Where a job (a convert answered 202) stands, and once done how it ended',
          security: KEY_REQUIRED,
          responses: {
            200: ok(
              '`processing`, or `done` with `outcome`: the status and body the call would have answered.',
              'Job',
            ),
          },
        }),
      },
      '/api/v1/auth/token': {
        post: operation({
          operationId: 'createBearerToken',
          summary: 'Exchange an API key for a short-lived bearer token',
          description:
            'The token is a JWT the server signs, valid `expires_in` seconds (15 minutes), sent as `Authorization: Bearer <token>` on any route that takes a key; revoking the key ends its tokens at once. A token cannot be exchanged for another.',
          security: [{ apiKey: [] }],
          responses: { 200: ok('A bearer token for the key.', 'BearerToken') },
        }),
      },
      '/public/api-keys/free/step1': {
        post: publicStep(
          'requestSandboxKey',
          'Ask for a sandbox key: an activation token goes to the address',
          'SandboxKeyRequest',
          202,
          'ActivationSent',
        ),
      },
      '/public/api-keys/free/step2': {
        post: publicStep(
          'activateSandboxKey',
          'Activate a sandbox key with its token; the key is shown this once',
          'SandboxKeyActivation',
          201,
          'ActivatedKey',
        ),
      },
      '/public/local-sign-in': {
        post: publicStep(
          'signInLocally',
          'Sign in the browser of the machine a loopback server runs on, with the one-time token of the address it printed; the key is shown this once',
          'LocalSignIn',
          201,
          'LocalSignInKey',
        ),
      },
    },
    components: {
      schemas: componentSchemas(COMPONENTS),
      parameters: PARAMETERS,
      responses: UNMATCHED_RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

let built: OpenApiDocument | null = null;

/** The description, built on first use and frozen. */
export const openApiDocument = (): OpenApiDocument => (built ??= deepFreeze(buildDocument()));
