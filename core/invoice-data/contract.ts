/**
 * The integration contract (`GET /api/v1/integration-contract`, `facturx contract`): every field of
 * `invoice_data`, walked from its zod schema, joined with the term registry (cardinality per profile,
 * rules, CII XPath), the readiness levels and the golden examples. Built from code only: no customer data.
 */
import type { z } from 'zod';
import { globalRegistry } from 'zod';
import type { IntegrationContract } from '../api/contract';
import { PROFILES } from '../cii/profile';
import { term, type Cardinality } from '../model/registry';
import { GOLDEN_EXAMPLES } from './examples';
import { invoiceDataSchema, type FieldMeta } from './schema';

export const CONTRACT_VERSION = '1.0.0';

export type Readiness = 'MINIMUM' | 'BASIC_WL' | 'BASIC' | 'EN16931' | 'FRANCE_2026' | 'optional';

/**
 * What a payload needs, level by level (each level includes the previous ones). The totals and the
 * VAT breakdown are computed, so they appear nowhere here.
 */
export const READINESS_LEVELS: readonly {
  level: Readiness;
  description: string;
  required_fields: readonly string[];
}[] = [
  {
    level: 'MINIMUM',
    description: 'Factur-X MINIMUM: identification, parties, currency; totals are computed from the lines.',
    required_fields: [
      'number',
      'issue_date',
      'currency_code',
      'seller.name',
      'seller.address.country_code',
      'buyer.name',
      'lines[].quantity',
      'lines[].net_price',
      'lines[].vat_category_code',
    ],
  },
  {
    level: 'BASIC_WL',
    description:
      'Factur-X BASIC WL: document level with addresses, VAT identifiers and payment instructions.',
    required_fields: ['seller.vat_id', 'buyer.address.country_code', 'payment.means_code'],
  },
  {
    level: 'BASIC',
    description: 'Factur-X BASIC: invoice lines.',
    required_fields: ['lines[].id', 'lines[].unit_code', 'lines[].item.name'],
  },
  {
    level: 'EN16931',
    description:
      'EN 16931 (Factur-X EN16931): the full core invoice, VAT rates on lines and exemption reasons.',
    required_fields: ['lines[].vat_rate', 'vat_breakdown[].exemption_reason'],
  },
  {
    level: 'FRANCE_2026',
    description:
      'French e-invoicing reform (France 2026, BR-FR): SIREN/SIRET, electronic addresses, mandatory notes PMT/PMD/AAB, business process, due date.',
    required_fields: [
      'seller.legal_registration',
      'seller.electronic_address',
      'buyer.legal_registration',
      'buyer.electronic_address',
      'business_process',
      'notes[].subject_code',
      'notes[].content',
      'due_date',
    ],
  },
];

export interface ContractField {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  readonly bt: string | null;
  readonly name: string | null;
  readonly description: string;
  readonly default?: string;
  readonly cardinality: Readonly<Record<string, Cardinality>>;
  readonly rules: { readonly en16931: readonly string[]; readonly france_2026: readonly string[] };
  readonly cii_xpath: string | null;
  readonly readiness: Readiness;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (s: z.ZodType): FieldMeta | undefined => globalRegistry.get(s) as FieldMeta | undefined;

function readiness(path: string): Readiness {
  for (const level of READINESS_LEVELS) if (level.required_fields.includes(path)) return level.level;
  return 'optional';
}

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
    rules: { en16931: entry?.rules.en16931 ?? [], france_2026: entry?.rules.france2026 ?? [] },
    cii_xpath: entry?.xpath ?? null,
    readiness: readiness(path),
  });
}

export function contractFields(): ContractField[] {
  const out: ContractField[] = [];
  walk(invoiceDataSchema, '', true, undefined, out);
  return out;
}

let built: IntegrationContract | null = null;

/** The contract document (built once; it depends on code only). */
export function buildIntegrationContract(): IntegrationContract {
  built ??= {
    version: CONTRACT_VERSION,
    profiles: [...PROFILES],
    readiness_levels: READINESS_LEVELS,
    fields: contractFields(),
    examples: GOLDEN_EXAMPLES.map((e) => ({
      name: e.name,
      description: e.description,
      invoice_data: { ...e.invoice_data },
    })),
  };
  return built;
}
