/**
 * The integration contract (`GET /api/v1/integration-contract`, `facturx contract`): every field of
 * `invoice_data`, walked from its zod schema, joined with the term registry (cardinality per profile,
 * rules, CII XPath), the readiness levels, the golden examples, and how a client reviews and replays the
 * candidate of a dry run. Built from code only: no customer data.
 */
import type { z } from 'zod';
import { globalRegistry } from 'zod';
import {
  READINESS_LEVELS,
  type ContractFieldEntry,
  type ContractReadinessLevel,
  type IntegrationContract,
  type ReadinessLevel,
} from '../api/contract';
import { PROFILES } from '../cii/profile';
import { term } from '../model/registry';
import { GOLDEN_EXAMPLES } from './examples';
import type { NeededField } from './readiness';
import { DERIVED_READINESS } from './readiness-data';
import { invoiceDataSchema, type FieldMeta } from './schema';

/** 1.1.0: `lines` optional (a document-level invoice), every EN 16931 type code, the candidate review. */
export const CONTRACT_VERSION = '1.1.0';

/** Reviewing and replaying the candidate of a dry run (issue: "the dry run hands back what it read"). */
const CANDIDATE_REVIEW: IntegrationContract['candidate_review'] = {
  description:
    'A dry run (dry_run=true) on any input — a PDF read from its text layer or by OCR, an invoice_data, a cii XML, a Factur-X PDF — answers candidateInvoiceData: the whole candidate invoice as an invoice_data payload, with what saved profiles and the request context filled, and without the fields it lacks. Sent back unchanged as invoice_data, with the same PDF as file, it converts to the same XML (result.xml, the candidate CII, base64). The candidate XML always fits the Factur-X schema of its profile: while the candidate lacks something that schema cannot do without (BT-1, a buyer name, a VAT breakdown for BASIC WL…), result.xml is empty and a blocking requirement names the EN 16931 rule and the business term that clear it (BR-CO-18, BG-23); an optional element lacking a required part (an address without its country) is left out of the XML, with a blocking requirement likewise (BR-09, BT-40).',
  steps: [
    'Send the PDF with dry_run=true (and validation_target, options, contexts as for the final call).',
    'Show candidateInvoiceData. fieldProvenance gives each business term its value (canonical: dates YYYY-MM-DD, amounts decimal strings, codes as codes), its source (document, profile, request_context, conflict) and, read from a page, page, box (PDF points, origin top-left, y downwards), text and confidence. Invoice line terms are keyed BG-25[n]/BT-…, VAT breakdown terms BG-23[n]/BT-…, n from 1 in the order of candidateInvoiceData.',
    'Each requirement names a rule and its business term (bt): the field that clears it. What the profile’s schema requires comes as the rule that needs it too (BR-02 for BT-1, BR-CO-18 for BG-23), never in the schema’s words.',
    'Correct or complete the payload and send it as invoice_data, with the same PDF as file and dry_run=true, as often as needed: on a dry run an invoice_data may leave out any field and its amounts may disagree; the rules report what they need. Malformed fields are still refused (422 invalid_data_format).',
    'Convert without dry_run: the payload must then be complete (422 insufficient_data names what is missing) and its amounts must agree; the PDF stays the visual part of the Factur-X file. Without lines, the invoice is a document-level one (Factur-X BASIC WL): its VAT breakdown and BT-106 are then given, the other totals are derived from them.',
    'That convert teaches the reader the seller’s layout: where each header term sat on its PDF, kept for your account under the seller’s VAT id, SIREN or IBAN (each checked by its key), unless every header term is as the reader read it (nothing was corrected). The seller’s next PDF is read by it first, still under the invoice’s arithmetic; its dry run then says so in result.sellerLayout (used, key, learnedAt, terms), and each term read by it carries sellerLayout: true in fieldProvenance.',
  ],
};

export type Readiness = ContractFieldEntry['readiness'];

const LEVEL_DESCRIPTIONS: Readonly<Record<ReadinessLevel, string>> = {
  MINIMUM:
    'Factur-X MINIMUM: what every payload needs (identification, parties, currency, lines); totals and the VAT breakdown are computed from the lines.',
  BASIC_WL: 'Factur-X BASIC WL: document level with VAT identifiers, VAT rates and payment instructions.',
  BASIC: 'Factur-X BASIC: invoice lines.',
  EN16931: 'EN 16931 (Factur-X EN16931): the full core invoice.',
  FRANCE_2026:
    'French e-invoicing reform (France 2026, BR-FR 1.4.0): SIREN, electronic addresses, notes PMT/PMD/AAB, business process.',
};

export type ReadinessLevelEntry = ContractReadinessLevel;
export type ContractField = ContractFieldEntry;

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (s: z.ZodType): FieldMeta | undefined => globalRegistry.get(s) as FieldMeta | undefined;

function typeName(def: Def): string {
  if (def.type === 'union') return 'decimal';
  if (def.type === 'string') return 'string';
  return def.type;
}

function walk(
  schema: z.ZodType,
  path: string,
  required: boolean,
  meta: FieldMeta | undefined,
  out: ContractField[],
): void {
  const def = defOf(schema);
  const m = metaOf(schema) ?? meta;
  if (def.type === 'optional' && def.innerType) return walk(def.innerType, path, false, m, out);
  if (def.type === 'array' && def.element) {
    push(path, 'array', required, m ?? metaOf(def.element), out);
    return walk(def.element, `${path}[]`, true, undefined, out);
  }
  if (def.type === 'object' && def.shape) {
    if (path) push(path, 'object', required, m, out);
    for (const [key, child] of Object.entries(def.shape))
      walk(child, path ? `${path}.${key}` : key, true, undefined, out);
    return;
  }
  const isDate = m?.description.includes('date') || m?.description.endsWith('Date');
  push(path, isDate && def.type === 'string' ? 'date' : typeName(def), required, m, out);
}

function push(
  path: string,
  type: string,
  required: boolean,
  m: FieldMeta | undefined,
  out: ContractField[],
): void {
  const entry = m?.bt ? term(m.bt) : undefined;
  out.push({
    path,
    type,
    required,
    bt: m?.bt ?? null,
    name: entry?.name.en ?? null,
    description: m?.description ?? '',
    ...(m?.default !== undefined ? { default: m.default } : {}),
    cardinality: Object.fromEntries(PROFILES.map((p) => [p, entry?.cardinality[p] ?? null])),
    rules: { en16931: [...(entry?.rules.en16931 ?? [])], france_2026: [...(entry?.rules.france2026 ?? [])] },
    cii_xpath: entry?.xpath ?? null,
    readiness: 'optional',
  });
}

function schemaFields(): ContractField[] {
  const out: ContractField[] = [];
  walk(invoiceDataSchema, '', true, undefined, out);
  return out;
}

/** The paths a payload may leave out: those the readiness derivation tries without. */
export function optionalContractPaths(): string[] {
  return schemaFields()
    .filter((f) => !f.required)
    .map((f) => f.path);
}

/** `lines[].quantity` → `lines[]` → `lines` → null. */
function parentPath(path: string): string | null {
  if (path.endsWith('[]')) return path.slice(0, -2);
  const dot = path.lastIndexOf('.');
  return dot < 0 ? null : path.slice(0, dot);
}

interface Decision {
  readonly readiness: Readiness;
  readonly basis: NeededField | null;
}

/**
 * Every field with its readiness: an optional field is needed where the derivation found it needed; a
 * required one as soon as its parent is (always, at the top level).
 */
export function contractFields(): ContractField[] {
  const needed = new Map(DERIVED_READINESS.needed.map((n) => [n.path, n]));
  const decided = new Map<string, Decision>();
  return schemaFields().map((field) => {
    const parent = parentPath(field.path);
    const inherited: Decision =
      parent === null
        ? { readiness: 'MINIMUM', basis: null }
        : (decided.get(parent) ?? { readiness: 'optional', basis: null });
    const own = needed.get(field.path);
    const decision: Decision = field.required
      ? inherited
      : { readiness: own?.level ?? 'optional', basis: own ?? null };
    decided.set(field.path, decision);
    const { basis, readiness } = decision;
    return basis
      ? {
          ...field,
          readiness,
          readiness_basis: { rules: [...basis.because], examples: [...basis.examples], always: basis.always },
        }
      : { ...field, readiness };
  });
}

/** The levels in order, each with the fields it adds to the lower ones. */
export function readinessLevels(fields: readonly ContractField[]): ReadinessLevelEntry[] {
  return READINESS_LEVELS.map((level) => {
    const at = fields.filter((f) => f.readiness === level);
    return {
      level,
      description: LEVEL_DESCRIPTIONS[level],
      required_fields: at.filter((f) => f.readiness_basis?.always !== false).map((f) => f.path),
      conditional_fields: at.flatMap((f) =>
        f.readiness_basis?.always === false ? [{ path: f.path, examples: f.readiness_basis.examples }] : [],
      ),
      one_of: DERIVED_READINESS.alternatives
        .filter((a) => a.level === level)
        .map((a) => ({ paths: [...a.paths], rules: [...a.because], examples: [...a.examples] })),
    };
  });
}

let built: IntegrationContract | null = null;

/** The contract document (built once; it depends on code only). */
export function buildIntegrationContract(): IntegrationContract {
  if (built) return built;
  const fields = contractFields();
  built = {
    version: CONTRACT_VERSION,
    profiles: [...PROFILES],
    readiness_levels: readinessLevels(fields),
    fields,
    examples: GOLDEN_EXAMPLES.map((e) => ({
      name: e.name,
      description: e.description,
      invoice_data: { ...e.invoice_data },
    })),
    candidate_review: CANDIDATE_REVIEW,
  };
  return built;
}
