/**
 * The validation target a convert runs against, from the request's controls and, for the legacy `auto`
 * resolution, the document's evidence: France 2026 when the jurisdiction is FR, or when it is
 * UNKNOWN/auto and the seller (BT-40) or buyer (BT-55) country is FR. France 2026 rules are compiled
 * into this build, so an explicit France 2026 request is always executable here.
 */
import type { TargetRequest, ValidationTarget } from '../api/targets';
import type { Invoice } from '../model/invoice';

export interface ResolvedTarget {
  /** What the client asked for: a target name, or `auto`. */
  readonly requested: string;
  readonly resolved: ValidationTarget;
  /** Which control decided: the field, the legacy profile, the jurisdiction, document evidence, or the default. */
  readonly source: string;
}

const hasFrenchParty = (invoice: Invoice | null): boolean =>
  invoice?.seller?.address?.country === 'FR' || invoice?.buyer?.address?.country === 'FR';

export function resolveTarget(request: TargetRequest, invoice: Invoice | null): ResolvedTarget {
  switch (request.kind) {
    case 'explicit':
      return { requested: request.target, resolved: request.target, source: request.source };
    case 'default':
      return { requested: request.target, resolved: request.target, source: 'default' };
    case 'auto':
      if (request.jurisdiction === 'FR') {
        return { requested: 'auto', resolved: 'france_2026', source: 'jurisdiction' };
      }
      return hasFrenchParty(invoice)
        ? { requested: 'auto', resolved: 'france_2026', source: 'document_evidence' }
        : { requested: 'auto', resolved: 'en16931', source: 'document_evidence' };
  }
}
