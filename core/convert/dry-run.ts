/**
 * The diagnostic fields of a dry run (api-interface.md, "France 2026 preflight fields"): what the
 * findings require, where the present terms came from, how the target was resolved, and the inline
 * context a final call could add.
 *
 * The final convert merges `invoice_patch`, `seller_context` and `buyer_context` (core/convert/context.ts),
 * so a recipe is declared replayable (`exhaustive`) when it gives a value for every input the findings
 * ask for. Example values are filled only where
 * the document itself gives them (a French SIREN as electronic address under scheme 0225) or where the
 * text is the standard legal mention (BT-22 notes); an input we cannot derive stays in `requiredInputs`
 * without an example value.
 */
import type { ConvertResponse } from '../api/convert-response';
import type { PartyContext } from '../api/inline-context';
import type { ValidationIssue } from '../api/validation-report';
import { acceptedInvoiceData } from '../invoice-data/from-model';
import type { Invoice, Party } from '../model/invoice';
import { fieldProvenance } from './provenance';
import type { Verdict } from './readiness';
import type { ResolvedTarget } from './target';

type Diagnostics = Required<
  Pick<
    ConvertResponse,
    'requirements' | 'fieldProvenance' | 'validationTarget' | 'targetPreflight' | 'conversionInputRecipe'
  >
>;
type Recipe = Diagnostics['conversionInputRecipe'];
type Requirement = Diagnostics['requirements'][number];

/** BT-22 legal notes France 2026 asks for (BR-FR-05), by BT-21 subject code. */
const LEGAL_NOTES: Readonly<Record<string, string>> = {
  PMT: 'En cas de retard de paiement, indemnité forfaitaire pour frais de recouvrement : 40 EUR.',
  PMD: 'Pénalités de retard : trois fois le taux d’intérêt légal.',
  AAB: 'Pas d’escompte pour paiement anticipé.',
};

/** The inline-context input that can supply what a finding asks for, if any. */
function inputFor(issue: ValidationIssue): string | null {
  const note = /^BR-FR-05_BT-22_(PMT|PMD|AAB)$/.exec(issue.ruleId);
  if (note) return `seller_context.document_notes[${note[1]}]`;
  const term = issue.bt ?? /BT-\d+/.exec(issue.ruleId)?.[0] ?? null;
  switch (term) {
    case 'BT-34':
      return 'seller_context.electronic_address';
    case 'BT-49':
      return 'buyer_context.electronic_address';
    case 'BT-84':
      return 'invoice_patch.payment.iban';
    case 'BT-26':
      return 'invoice_patch.preceding_invoice.issue_date';
    default:
      return null;
  }
}

/** BT-30 with scheme 0002 is a SIREN, the usual French electronic address under scheme 0225. */
function sirenAddress(party: Party | undefined): PartyContext['electronic_address'] | undefined {
  const id = party?.legalOrganization?.id;
  return id?.scheme === '0002' && id.value ? { value: id.value, scheme_id: '0225' } : undefined;
}

function examplePayload(inputs: readonly string[], invoice: Invoice | null): Recipe['examplePayload'] {
  const seller: { -readonly [K in keyof PartyContext]: PartyContext[K] } = {};
  const buyer: { -readonly [K in keyof PartyContext]: PartyContext[K] } = {};
  const sellerAddress = inputs.includes('seller_context.electronic_address')
    ? sirenAddress(invoice?.seller)
    : undefined;
  if (sellerAddress) seller.electronic_address = sellerAddress;
  const buyerAddress = inputs.includes('buyer_context.electronic_address')
    ? sirenAddress(invoice?.buyer)
    : undefined;
  if (buyerAddress) buyer.electronic_address = buyerAddress;
  const notes = Object.entries(LEGAL_NOTES)
    .filter(([code]) => inputs.includes(`seller_context.document_notes[${code}]`))
    .map(([subject_code, content]) => ({ subject_code, content }));
  if (notes.length > 0) seller.document_notes = notes;
  return {
    ...(Object.keys(seller).length > 0 ? { seller_context: seller } : {}),
    ...(Object.keys(buyer).length > 0 ? { buyer_context: buyer } : {}),
  };
}

/**
 * What the findings of a verdict require: each blocking finding, then each France 2026 advisory, with its
 * business term and the request input that can supply it. A dry run lists them; so does a final convert
 * that did not deliver, to say why.
 */
export function requirementsOf(verdict: Verdict): Requirement[] {
  const findings = [
    ...verdict.blocking.map((issue) => ({ issue, kind: 'blocking' as const })),
    ...verdict.advisories.map((issue) => ({ issue, kind: 'advisory' as const })),
  ];
  return findings.map(({ issue, kind }) => ({
    ruleId: issue.ruleId,
    bt: issue.bt,
    kind,
    message: issue.message,
    input: inputFor(issue),
  }));
}

/**
 * The dry run's diagnostics of the candidate `invoice` (null when the XML could not be read into one),
 * with the candidate itself as `invoice_data` and each term's provenance (`known`: what was read with
 * evidence, filled by a profile or the request context, or contradicted).
 */
export function dryRunDiagnostics(
  verdict: Verdict,
  target: ResolvedTarget,
  invoice: Invoice | null,
  known: Diagnostics['fieldProvenance'] = {},
): Diagnostics & Pick<ConvertResponse, 'candidateInvoiceData'> {
  const requirements = requirementsOf(verdict);
  const requiredInputs = [
    ...new Set(requirements.map((r) => r.input).filter((i): i is string => i !== null)),
  ];
  const unsupportedBlockers = requirements
    .filter((r) => r.kind === 'blocking' && r.input === null)
    .map(({ ruleId, bt, message }) => ({ ruleId, bt, message }));
  const payload = examplePayload(requiredInputs, invoice);
  const data = invoice ? acceptedInvoiceData(invoice).data : null;
  return {
    requirements,
    fieldProvenance: invoice && data ? fieldProvenance(invoice, data, known) : {},
    validationTarget: { requested: target.requested, resolved: target.resolved, source: target.source },
    targetPreflight: {
      status: verdict.status,
      // Replayable only when every finding has an input and the recipe gives each of them a value.
      exhaustive:
        requirements.every((r) => r.input !== null) && requiredInputs.every((i) => suppliedBy(payload, i)),
      requiredInputs,
      unsupportedBlockers,
    },
    conversionInputRecipe: { requiredInputs, examplePayload: payload },
    ...(data ? { candidateInvoiceData: data } : {}),
  };
}

/** Whether the example payload carries a value for a required input (`seller_context.document_notes[PMT]`). */
function suppliedBy(payload: Recipe['examplePayload'], input: string): boolean {
  const note = /^(seller|buyer)_context\.document_notes\[(\w+)\]$/.exec(input);
  if (note) {
    const notes = [
      ...(payload.seller_context?.document_notes ?? []),
      ...(payload.buyer_context?.document_notes ?? []),
    ];
    return notes.some((n) => n.subject_code === note[2]);
  }
  if (input === 'seller_context.electronic_address')
    return payload.seller_context?.electronic_address !== undefined;
  if (input === 'buyer_context.electronic_address')
    return payload.buyer_context?.electronic_address !== undefined;
  return false;
}
