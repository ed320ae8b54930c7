/**
 * Input mode 4 of convert: saved profiles the request names explicitly complete the document. A profile
 * only fills what the document leaves out (the document's own values always win), the seller profile
 * first (BG-4, its BG-17 credit transfer and BG-1 notes), then the buyer profile (BG-7). Every term a
 * profile filled is reported with the profile's id and version.
 */
import type { ConvertResponse } from '../api/convert-response';
import type { SellerProfileData } from '../api/profile';
import { creditTransferOf, partyOf } from '../invoice-data/to-model';
import type { Invoice, Party } from '../model/invoice';
import type { ProfileRecord } from '../service/storage';
import { termsOf } from './provenance';

type Provenance = NonNullable<ConvertResponse['fieldProvenance']>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface SelectedProfiles {
  readonly seller?: ProfileRecord;
  readonly buyer?: ProfileRecord;
}

export interface ProfileMerge {
  readonly invoice: Invoice;
  /** The terms the profiles filled, each naming its profile. */
  readonly provenance: Provenance;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `shown` completed with `saved` where it has nothing. An identifier (`{ value, scheme }`) is taken whole,
 * never a scheme from one source with a value from the other; lists are the document's when it has any,
 * except tax registrations, where the profile adds a scheme (VA, FC) the document lacks.
 */
function fillGaps(shown: unknown, saved: unknown, key = ''): unknown {
  if (isEmpty(shown)) return saved;
  if (key === 'taxRegistrations' && Array.isArray(shown) && Array.isArray(saved)) {
    const schemeOf = (r: unknown) => (isPlainObject(r) && isPlainObject(r.id) ? r.id.scheme : undefined);
    const schemes = new Set(shown.map(schemeOf));
    return [...shown, ...saved.filter((r) => !schemes.has(schemeOf(r)))];
  }
  if (!isPlainObject(shown) || !isPlainObject(saved) || 'value' in shown) return shown;
  const out: Record<string, unknown> = { ...shown };
  for (const [name, value] of Object.entries(saved)) out[name] = fillGaps(shown[name], value, name);
  return out;
}

/** A profile step: the invoice completed, and the terms it added to where the document had some already. */
type Step = (invoice: Invoice, profile: ProfileRecord) => { invoice: Invoice; added: readonly string[] };

const sellerStep: Step = (document, profile) => {
  if (!('seller' in profile.data)) return { invoice: document, added: [] };
  const data: SellerProfileData = profile.data;
  const invoice: Mutable<Invoice> = { ...document };
  invoice.seller = fillGaps(document.seller, partyOf(data.seller)) as Party;
  const notes = [...(document.notes ?? [])];
  for (const note of data.document_notes ?? []) {
    if (!notes.some((n) => n.subjectCode === note.subject_code)) {
      notes.push({ content: note.content, subjectCode: note.subject_code });
    }
  }
  const addsNotes = notes.length > (document.notes?.length ?? 0);
  if (addsNotes) invoice.notes = notes;
  const transfer = data.payment?.credit_transfers[0];
  if (transfer) {
    const [means, ...others] = document.paymentMeans ?? [];
    // A credit transfer without its own code is a SEPA one (UNTDID 4461 code 58) when a profile adds it.
    invoice.paymentMeans = [
      fillGaps(means, { typeCode: '58', ...creditTransferOf(transfer) }) as NonNullable<
        Invoice['paymentMeans']
      >[number],
      ...others,
    ];
  }
  // BG-1 is a list: a note added beside the document's own ones is the profile's all the same.
  return { invoice, added: addsNotes ? ['BG-1', 'BT-21', 'BT-22'] : [] };
};

const buyerStep: Step = (document, profile) => ({
  invoice:
    'buyer' in profile.data
      ? { ...document, buyer: fillGaps(document.buyer, partyOf(profile.data.buyer)) as Party }
      : document,
  added: [],
});

export function applyProfiles(document: Invoice, profiles: SelectedProfiles): ProfileMerge {
  let invoice = document;
  const provenance: Provenance = {};
  const steps = [
    [profiles.seller, sellerStep],
    [profiles.buyer, buyerStep],
  ] as const;
  for (const [profile, step] of steps) {
    if (!profile) continue;
    const before = termsOf(invoice);
    const done = step(invoice, profile);
    invoice = done.invoice;
    const filled = [...[...termsOf(invoice)].filter((term) => !before.has(term)), ...done.added];
    for (const term of filled) {
      provenance[term] = { source: 'profile', profileId: profile.id, profileVersion: profile.version };
    }
  }
  return { invoice, provenance };
}
