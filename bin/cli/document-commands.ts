/**
 * validate, extract, convert, repair: how each turns an input file and its flags into a service request,
 * which deliverable `--out` writes, and the one-line human summary of an answer.
 */
import type { ParseArgsConfig } from 'node:util';
import { bytesAt } from '../../core/service/base64';
import type { FilePart, ServiceRequest } from '../../core/service/types';
import { pairedPath, readPart, readText, type Loaded } from './inputs';
import { str, type Values } from './io';

export type DocumentService = 'validate' | 'extract' | 'convert' | 'repair';

interface Deliverable {
  readonly bytes: Uint8Array;
  /** Appended to the input's base name in a batch `--out DIR`. */
  readonly suffix: string;
}

export interface DocumentCommand {
  readonly service: DocumentService;
  /** Files a folder argument contributes. */
  readonly extensions: readonly string[];
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** Whether the command runs without a FILE (convert from --invoice-data or --cii alone). */
  readonly fileOptional?: (values: Values) => boolean;
  /**
   * Whether a batch's documents may be answered several at a time in one thread, going through their
   * stages together (core/pool/convoy.ts): not where one may need OCR, as each would hold its page
   * pictures meanwhile.
   */
  readonly convoy?: (values: Values) => boolean;
  /** Flags whose folder, given without a FILE, is a batch of sources (convert --invoice-data DIR). */
  readonly sourceFolders?: readonly { readonly flag: string; readonly extension: string }[];
  request(input: string | undefined, values: Values): Promise<Loaded<ServiceRequest>>;
  deliverable?(body: Record<string, unknown>): Deliverable | null;
  summary(body: Record<string, unknown>): string;
}

/** A convert given its invoice (`--invoice-data` or `--cii`): any PDF is its carrier. */
const structuredSource = (values: Values): boolean =>
  values['invoice-data'] !== undefined || values.cii !== undefined;

export const rec = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const common = {
  json: { type: 'boolean' },
  jsonl: { type: 'boolean' },
  lang: { type: 'string' },
  jobs: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function withLang(
  values: Values,
  request: Omit<ServiceRequest, 'query'> & { query?: Record<string, string> },
): ServiceRequest {
  const lang = str(values, 'lang');
  return { ...request, query: { ...(request.query ?? {}), ...(lang ? { lang } : {}) } };
}

async function fileRequest(
  input: string | undefined,
  values: Values,
  fields: Record<string, string>,
  query: Record<string, string> = {},
): Promise<Loaded<ServiceRequest>> {
  if (input === undefined) return { ok: false, message: 'missing FILE' };
  const file = readPart(input);
  if (!file.ok) return file;
  return { ok: true, value: withLang(values, { fields, files: { file: file.value }, query }) };
}

const target = (values: Values): Record<string, string> => {
  const t = str(values, 'target');
  return t ? { validation_target: t } : {};
};

const counts = (body: Record<string, unknown>) => {
  const summary = rec(body.summary);
  return `${String(summary.errorCount ?? '?')} errors, ${String(summary.warningCount ?? '?')} warnings`;
};

export const DOCUMENT_COMMANDS: Readonly<Record<DocumentService, DocumentCommand>> = {
  validate: {
    service: 'validate',
    extensions: ['.xml', '.pdf'],
    convoy: () => true,
    options: { ...common, target: { type: 'string' } },
    request: (input, values) => fileRequest(input, values, target(values)),
    summary: (body) =>
      `${body.valid === true ? 'valid' : 'NOT valid'} (${String(body.profile ?? 'unknown profile')}, ${String(body.target)}): ${counts(body)}`,
  },
  extract: {
    service: 'extract',
    extensions: ['.pdf'],
    convoy: () => true,
    options: {
      ...common,
      validate: { type: 'boolean' },
      target: { type: 'string' },
      out: { type: 'string' },
    },
    request: (input, values) =>
      fileRequest(input, values, target(values), values.validate === true ? { validate: 'true' } : {}),
    deliverable: (body) => {
      const bytes = bytesAt(body, 'xml');
      return bytes ? { bytes, suffix: '.xml' } : null;
    },
    summary: (body) => {
      const validation = rec(body.validation);
      const verdict = 'valid' in validation ? `; ${validation.valid === true ? 'valid' : 'NOT valid'}` : '';
      return `${String(body.profile)} XML, ${String(body.xmlSize)} bytes${verdict}`;
    },
  },
  convert: {
    service: 'convert',
    extensions: ['.pdf'],
    options: {
      ...common,
      'invoice-data': { type: 'string' },
      cii: { type: 'string' },
      'invoice-patch': { type: 'string' },
      'seller-context': { type: 'string' },
      'buyer-context': { type: 'string' },
      output: { type: 'string' },
      target: { type: 'string' },
      'dry-run': { type: 'boolean' },
      options: { type: 'string' },
      out: { type: 'string' },
    },
    fileOptional: (values) => structuredSource(values),
    // A PDF given with its invoice as data or XML is a carrier only: it is never read, so never OCR'd.
    convoy: (values) => structuredSource(values),
    sourceFolders: [
      { flag: 'invoice-data', extension: '.json' },
      { flag: 'cii', extension: '.xml' },
    ],
    async request(input, values) {
      const fields: Record<string, string> = { ...target(values) };
      const files: Record<string, FilePart> = {};
      if (input !== undefined) {
        const file = readPart(input);
        if (!file.ok) return file;
        files.file = file.value;
      }
      const textFields = [
        ['invoice-data', 'invoice_data'],
        ['invoice-patch', 'invoice_patch'],
        ['seller-context', 'seller_context'],
        ['buyer-context', 'buyer_context'],
      ] as const;
      for (const [flag, field] of textFields) {
        const given = str(values, flag);
        if (given === undefined) continue;
        const text = readText(input && flag === 'invoice-data' ? pairedPath(given, input, '.json') : given);
        if (!text.ok) return text;
        fields[field] = text.value;
      }
      const cii = str(values, 'cii');
      if (cii !== undefined) {
        const part = readPart(input ? pairedPath(cii, input, '.xml') : cii);
        if (!part.ok) return part;
        files.cii = part.value;
      }
      const output = str(values, 'output');
      if (output !== undefined) fields.output = output;
      if (values['dry-run'] === true) fields.dry_run = 'true';
      const options = str(values, 'options');
      if (options !== undefined) fields.options = options;
      return { ok: true, value: withLang(values, { fields, files }) };
    },
    deliverable: (body) => {
      const result = rec(body.result);
      // Nothing was delivered (a blocking finding, a dry run): no file is written.
      if (result.conversionSuccessful !== true) return null;
      const pdf = bytesAt(result, 'pdf');
      if (pdf) return { bytes: pdf, suffix: '.facturx.pdf' };
      const xml = bytesAt(result, 'xml');
      return xml ? { bytes: xml, suffix: '.cii.xml' } : null;
    },
    summary: (body) => {
      const t = rec(body.target);
      const outcome = `${body.success === true ? 'converted' : 'NOT converted'}: target ${String(t.requested)} ${String(t.status)}`;
      // What blocks it, by rule and the business term that clears it.
      const blocking = (Array.isArray(body.requirements) ? body.requirements : [])
        .map(rec)
        .filter((r) => r.kind === 'blocking')
        .map((r) => (typeof r.bt === 'string' ? `${String(r.ruleId)} (${r.bt})` : String(r.ruleId)));
      const shown = [...new Set(blocking)];
      return shown.length > 0 ? `${outcome}; blocked by ${shown.join(', ')}` : outcome;
    },
  },
  repair: {
    service: 'repair',
    extensions: ['.xml'],
    options: {
      ...common,
      constraints: { type: 'string' },
      'target-profile': { type: 'string' },
      out: { type: 'string' },
    },
    request(input, values) {
      const constraints = str(values, 'constraints');
      const profile = str(values, 'target-profile');
      return fileRequest(
        input,
        values,
        constraints !== undefined ? { constraints } : {},
        profile !== undefined ? { target_profile: profile } : {},
      );
    },
    deliverable: (body) => {
      const bytes = bytesAt(body, 'repaired_xml');
      return bytes ? { bytes, suffix: '.repaired.xml' } : null;
    },
    summary: (body) => {
      const changes = Array.isArray(body.diff_summary) ? body.diff_summary.length : 0;
      const after = rec(body.validation_after);
      return `${changes} change(s); ${after.valid === true ? 'valid' : 'NOT valid'} after repair`;
    },
  },
};
