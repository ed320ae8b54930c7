/**
 * The structured source of a convert, as the invoice model and the candidate CII of the requested
 * profile: an `invoice_data` (mapped, totals completed and checked; by default EN 16931 with lines, BASIC
 * WL without), or a ready CII (read into the model, and kept byte for byte as the candidate: it is written
 * again from the model only when our data changes it, i.e. another profile is asked for, or saved
 * profiles or the request context complete it, and the result says why).
 */
import { apiError, type ApiErrorResult } from '../api/errors';
import type { ConvertResponse, XmlRewrite } from '../api/convert-response';
import type { Lang } from '../api/lang';
import type { Profile } from '../cii/profile';
import { ciiToModel } from '../cii/read';
import { modelToCii, type CiiWritten } from '../cii/write';
import { invoiceDataModel } from '../invoice-data/convert';
import type { Invoice } from '../model/invoice';
import type { FilePart } from '../service/types';
import type { XmlDocument } from '../xml/tree';
import { profileFor } from './candidate';
import { applyContext, type ContextInputs } from './context';
import { ciiFailure } from './errors';
import { applyProfiles, type SelectedProfiles } from './profiles';

/**
 * The candidate: the invoice, its profile, and its CII as core/cii/write.ts writes it (xml, draft, gaps,
 * dropped), or an uploaded CII kept byte for byte.
 */
export interface StructuredSource extends Omit<CiiWritten, 'xml'> {
  readonly invoice: Invoice;
  /** The profile the candidate is written in. */
  readonly profile: Profile;
  /**
   * The candidate CII XML: the uploaded bytes while nothing changed them, else written in `profile`
   * (null when the model lacks what the profile's schema cannot do without: `gaps` say what).
   */
  readonly xml: string | Uint8Array | null;
  /** The ready CII as uploaded, when that was the source (its own readiness is reported apart). */
  readonly uploadedXml?: Uint8Array;
  /** That upload as parsed when it was read into the model, judged as it is (not parsed a second time). */
  readonly uploadedDoc?: XmlDocument;
  /** With an uploaded CII: why the candidate was written again (empty: it is the upload, byte for byte). */
  readonly rewrites?: readonly XmlRewrite[];
}

export type SourceResult =
  | { readonly ok: true; readonly source: StructuredSource }
  | { readonly ok: false; readonly error: ApiErrorResult };

/**
 * On a dry run (`draft`), an `invoice_data` may leave out any field and its amounts may disagree: the
 * candidate is written from what it gives, for the rules to say what it lacks.
 */
export function structuredSource(
  given: { readonly invoiceData?: unknown; readonly cii?: FilePart },
  requested: Profile | undefined,
  lang: Lang,
  draft = false,
): SourceResult | null {
  if (given.invoiceData !== undefined) {
    const read = invoiceDataModel(given.invoiceData, draft);
    if (!read.ok) return { ok: false, error: read.error };
    const profile = profileFor(read.model, requested);
    return { ok: true, source: { invoice: read.model, profile, ...modelToCii(read.model, profile) } };
  }
  if (given.cii) {
    const uploadedXml = given.cii.bytes;
    const read = ciiToModel(uploadedXml);
    if (!read.ok) return { ok: false, error: ciiFailure(read.error, lang) };
    // Unless another profile is asked for, a ready CII keeps its own: a MINIMUM or BASIC WL invoice
    // has no lines to become an EN16931 one.
    const profile = requested ?? read.profile ?? 'EN16931';
    const invoice = read.invoice;
    if (profile === read.profile) {
      // Kept byte for byte: nothing dropped, nothing lacking (the upload is judged as it is).
      return {
        ok: true,
        source: {
          invoice,
          profile,
          xml: uploadedXml,
          // The upload is judged as parsed, so its text is decoded only when something asks for it.
          get draft() {
            return new TextDecoder().decode(uploadedXml);
          },
          dropped: [],
          gaps: [],
          uploadedXml,
          uploadedDoc: read.doc,
          rewrites: [],
        },
      };
    }
    return {
      ok: true,
      source: {
        invoice,
        profile,
        ...modelToCii(invoice, profile),
        uploadedXml,
        uploadedDoc: read.doc,
        rewrites: ['output_profile'],
      },
    };
  }
  return null;
}

type Provenance = NonNullable<ConvertResponse['fieldProvenance']>;

/** What completes the document: the request context (input mode 3) and the saved profiles (mode 4). */
export interface Complements {
  readonly context: ContextInputs;
  readonly profiles: SelectedProfiles;
}

/**
 * The source completed with the saved profiles, then the request context, neither overwriting the
 * document; its candidate written again when anything was added, and the provenance of what they
 * touched. A request context that contradicts a profile is refused (409
 * `profile_inline_context_conflict`); one that contradicts the document is 409 `inline_context_conflict`
 * on a final convert and reported as provenance `conflict` on a dry run.
 */
export function withComplements(
  source: StructuredSource,
  complements: Complements,
  dryRun: boolean,
  lang: Lang,
):
  | { readonly ok: true; readonly source: StructuredSource; readonly provenance: Provenance }
  | { readonly ok: false; readonly error: ApiErrorResult } {
  const profiled = applyProfiles(source.invoice, complements.profiles);
  const merged = applyContext(profiled.invoice, complements.context);
  if (merged.missing.length > 0) {
    return {
      ok: false,
      error: apiError('insufficient_data', { missing_fields: [...merged.missing] }, { lang }),
    };
  }
  const againstDocument =
    profiled.invoice === source.invoice
      ? merged.conflicts
      : applyContext(source.invoice, complements.context).conflicts;
  const againstProfile = merged.conflicts.filter((c) => !againstDocument.some((d) => d.field === c.field));
  if (againstProfile.length > 0) {
    const conflicts = againstProfile.map((c) => ({
      field: c.field,
      profile_value: c.document_value,
      context_value: c.context_value,
    }));
    return { ok: false, error: apiError('profile_inline_context_conflict', { conflicts }, { lang }) };
  }
  if (againstDocument.length > 0 && !dryRun) {
    return {
      ok: false,
      error: apiError('inline_context_conflict', { conflicts: [...againstDocument] }, { lang }),
    };
  }
  const provenance: Provenance = { ...profiled.provenance };
  for (const term of merged.filled) provenance[term] = { source: 'request_context' };
  for (const term of merged.conflicting) provenance[term] = { source: 'conflict' };
  if (merged.filled.length === 0 && profiled.invoice === source.invoice)
    return { ok: true, source, provenance };
  const reasons: XmlRewrite[] = [
    ...(profiled.invoice !== source.invoice ? (['saved_profile'] as const) : []),
    ...(merged.filled.length > 0 ? (['request_context'] as const) : []),
  ];
  return {
    ok: true,
    source: {
      ...source,
      invoice: merged.invoice,
      ...modelToCii(merged.invoice, source.profile),
      ...(source.rewrites ? { rewrites: [...source.rewrites, ...reasons] } : {}),
    },
    provenance,
  };
}
