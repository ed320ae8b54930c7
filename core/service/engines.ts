/**
 * The engine seam: what each endpoint hands to its engine once the edge checks passed. Convert is
 * loaded on first use, as it pulls in the PDF text and OCR readers.
 */
import type { ConvertFields } from '../api/convert-request';
import type { ConvertControl } from '../api/convert-progress';
import type { ConvertAccepted, ConvertResponse } from '../api/convert-response';
import type { convertEngine } from '../convert/pipeline';
import type { ExtractResponse } from '../api/extract';
import type { IntegrationContract } from '../api/contract';
import type { Lang } from '../api/lang';
import type { RepairFields, RepairResponse } from '../api/repair';
import type { ValidationTarget } from '../api/targets';
import type { ValidationReportBody } from '../api/validation-report';
import type { SellerLayoutMemory } from '../fields/supplier-layout/seller-layout';
import type { Convoy } from '../pool/convoy';
import type { QuotaTicket } from './quota';
import type { FileKind } from './request';
import { contractEngine, extractEngine, repairEngine, validateEngine } from './document-engines';
import type { ProfileRecord } from './storage';
import type { FilePart, ServiceResult } from './types';

export interface ValidateInput {
  readonly file: FilePart;
  readonly kind: Exclude<FileKind, 'other'>;
  readonly target: ValidationTarget;
  readonly lang: Lang;
  readonly now: Date;
  readonly convoy?: Convoy;
}

export interface ExtractInput {
  readonly file: FilePart;
  /** Also validate the extracted XML (`validate=true`). */
  readonly validate: ValidationTarget | null;
  readonly enrich: boolean;
  readonly lang: Lang;
  readonly now: Date;
  readonly convoy?: Convoy;
}

export interface RepairInput extends RepairFields {
  readonly file: FilePart;
  /** The target `repairSuccessful` and the before/after validations are judged against. */
  readonly target: ValidationTarget;
  readonly enrich: boolean;
  readonly lang: Lang;
  readonly now: Date;
}

export interface ConvertInput extends ConvertFields, ConvertControl {
  /** The uploaded PDF (carrier or source), or an XML for a dry-run diagnosis. */
  readonly file?: FilePart;
  readonly fileKind?: Exclude<FileKind, 'other'>;
  /** A ready CII XML given instead of `invoice_data`. */
  readonly cii?: FilePart;
  readonly sellerProfile?: ProfileRecord;
  readonly buyerProfile?: ProfileRecord;
  /** A dry run reserves nothing: its ticket only tells what is left (null when unlimited). */
  readonly quota: QuotaTicket | null;
  readonly enrich: boolean;
  readonly lang: Lang;
  readonly now: Date;
  /** The tenant's seller layouts: a dry run of a plain PDF reads by them, a corrected convert teaches them. */
  readonly sellerLayouts?: SellerLayoutMemory;
  /** The documents answered side by side with this one (ServiceContext.convoy). */
  readonly convoy?: Convoy;
}

export interface Engines {
  validate(input: ValidateInput): Promise<ServiceResult<ValidationReportBody>>;
  extract(input: ExtractInput): Promise<ServiceResult<ExtractResponse>>;
  repair(input: RepairInput): Promise<ServiceResult<RepairResponse>>;
  convert(input: ConvertInput): Promise<ServiceResult<ConvertResponse | ConvertAccepted>>;
  contract(lang: Lang): Promise<ServiceResult<IntegrationContract>>;
}

/**
 * The convert pipeline, imported once: each `import()` of a module already loaded still resolves it
 * again (18 us a convert in the bundle; under a loader with hooks, tsx, a round trip to its thread).
 */
let pipeline: Promise<{ readonly convertEngine: typeof convertEngine }> | undefined;

export const engines: Engines = {
  validate: validateEngine,
  extract: extractEngine,
  repair: repairEngine,
  convert: async (input) => (await (pipeline ??= import('../convert/pipeline'))).convertEngine(input),
  contract: contractEngine,
};

/**
 * Where a call's document engines run, beside its ServiceContext (kept apart from it, so that what only
 * needs the context's types does not load the engines): a server's engine threads; absent, this thread.
 */
export interface EngineChoice {
  readonly engines?: Engines;
}

export const enginesOf = (ctx: EngineChoice): Engines => ctx.engines ?? engines;
