/**
 * The profile form: which fields it offers for each role, the values it shows for a saved record, the
 * ProfileData it sends (profiles-contract.md), the problems found before sending, and where the API's
 * 422 `field` points in the form. Field keys are the paths inside ProfileData, as the API names them.
 */
import { isLuhn } from '../../../core/fields/values';
import type { ProfileRole } from '../backend/backend';
import { addressProblems, ibanProblem, limits, noteProblem } from '../review/complements';
import type { MessageKey } from '../i18n/messages';
import { profileIdPattern } from './profile-records';

/** BT-21 subject codes of the notes France 2026 asks for (BR-FR-05). */
export const noteCodes = ['PMT', 'PMD', 'AAB'] as const;
export type NoteCode = (typeof noteCodes)[number];

export type ProfileGroup = 'party' | 'electronicAddress' | 'address' | 'payment' | 'notes';

export interface ProfileField {
  /** Where the value sits in ProfileData (`seller.vat_id`); notes are keyed `document_notes[PMT]`. */
  readonly key: string;
  /** The business term it carries, whose name labels it. */
  readonly bt: string;
  readonly group: ProfileGroup;
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly hint?: MessageKey;
  /** A BT-22 note's BT-21 subject code. */
  readonly code?: NoteCode;
}

/** What the user typed, by field key; `id` is the profile id. */
export type ProfileValues = Readonly<Record<string, string>>;

/** A problem found before sending, as a message and the values it is filled with. */
export interface ProfileProblem {
  readonly message: MessageKey;
  readonly max?: number;
}

/** The terms of each party: BG-4 Seller and BG-7 Buyer, their identifiers and BG-5/BG-8 addresses. */
const partyTerms = {
  seller: { name: 'BT-27', vat: 'BT-31', siren: 'BT-30', address: 'BT-34', scheme: 'BT-34-1' },
  buyer: { name: 'BT-44', vat: 'BT-48', siren: 'BT-47', address: 'BT-49', scheme: 'BT-49-1' },
} as const;
const addressTerms = {
  seller: { line1: 'BT-35', line2: 'BT-36', postal_code: 'BT-38', city: 'BT-37', country_code: 'BT-40' },
  buyer: { line1: 'BT-50', line2: 'BT-51', postal_code: 'BT-53', city: 'BT-52', country_code: 'BT-55' },
} as const;

const postalCodeMax = 20;
const ibanKey = 'payment.credit_transfers[0].account_id';
const noteKey = (code: NoteCode) => `document_notes[${code}]`;

export function profileFields(role: ProfileRole): readonly ProfileField[] {
  const bt = partyTerms[role];
  const address = addressTerms[role];
  const party: ProfileField[] = [
    { key: `${role}.name`, bt: bt.name, group: 'party', required: true },
    { key: `${role}.vat_id`, bt: bt.vat, group: 'party', hint: 'profile.vatHint' },
    { key: `${role}.legal_registration.value`, bt: bt.siren, group: 'party', hint: 'profile.sirenHint' },
    {
      key: `${role}.electronic_address.value`,
      bt: bt.address,
      group: 'electronicAddress',
      maxLength: limits.addressValue,
    },
    {
      key: `${role}.electronic_address.scheme`,
      bt: bt.scheme,
      group: 'electronicAddress',
      maxLength: 20,
      hint: 'complement.addressSchemeHint',
    },
    { key: `${role}.address.line1`, bt: address.line1, group: 'address' },
    { key: `${role}.address.line2`, bt: address.line2, group: 'address' },
    {
      key: `${role}.address.postal_code`,
      bt: address.postal_code,
      group: 'address',
      maxLength: postalCodeMax,
    },
    { key: `${role}.address.city`, bt: address.city, group: 'address' },
    {
      key: `${role}.address.country_code`,
      bt: address.country_code,
      group: 'address',
      required: true,
      maxLength: 2,
      hint: 'profile.countryHint',
    },
  ];
  if (role === 'buyer') return party;
  return [
    ...party,
    { key: ibanKey, bt: 'BT-84', group: 'payment', hint: 'profile.ibanHint' },
    ...noteCodes.map((code): ProfileField => ({
      key: noteKey(code),
      bt: 'BT-22',
      group: 'notes',
      code,
      maxLength: limits.noteContent,
      hint: `complement.noteHint.${code}`,
    })),
  ];
}

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The notes of ProfileData by subject code (BT-21). */
const notesOf = (data: Json) => asList(data.document_notes).map(asRecord);

/** The values the form shows for a saved record's ProfileData (empty for a new one). */
export function profileValues(role: ProfileRole, data: unknown): ProfileValues {
  const root = asRecord(data);
  const party = asRecord(root[role]);
  const address = asRecord(party.address);
  const out: Record<string, string> = {
    [`${role}.name`]: textOf(party.name),
    [`${role}.vat_id`]: textOf(party.vat_id),
    [`${role}.legal_registration.value`]: textOf(asRecord(party.legal_registration).value),
    [`${role}.electronic_address.value`]: textOf(asRecord(party.electronic_address).value),
    [`${role}.electronic_address.scheme`]: textOf(asRecord(party.electronic_address).scheme),
  };
  for (const part of Object.keys(addressTerms[role])) out[`${role}.address.${part}`] = textOf(address[part]);
  if (role === 'seller') {
    const transfer = asRecord(asList(asRecord(root.payment).credit_transfers)[0]);
    out[ibanKey] = textOf(transfer.account_id);
    for (const code of noteCodes) {
      out[noteKey(code)] = textOf(notesOf(root).find((note) => note.subject_code === code)?.content);
    }
  }
  return out;
}

/** A typed value as sent: trimmed; identifiers without the spaces people print in them. */
function typed(values: ProfileValues, key: string): string {
  const value = (values[key] ?? '').trim();
  return /(vat_id|legal_registration\.value|account_id|country_code)$/.test(key)
    ? value.replace(/\s+/g, '').toUpperCase()
    : value;
}

/** Sets `key` to `value`, or removes it when the value is empty. */
function put(target: Json, key: string, value: unknown): void {
  if (value === '' || value === undefined) delete target[key];
  else target[key] = value;
}

/**
 * The ProfileData to send. Editing starts from the saved data, so that what the form does not show
 * (BT-29 identifiers, a contact, other notes) is kept.
 */
export function profileData(role: ProfileRole, values: ProfileValues, saved: unknown = {}): Json {
  const base = asRecord(saved);
  const v = (key: string) => typed(values, key);
  const party: Json = { ...asRecord(base[role]) };
  put(party, 'name', v(`${role}.name`));
  put(party, 'vat_id', v(`${role}.vat_id`));
  const siren = v(`${role}.legal_registration.value`);
  put(party, 'legal_registration', siren && { value: siren, scheme: '0002' });
  const addressValue = v(`${role}.electronic_address.value`);
  put(
    party,
    'electronic_address',
    addressValue && { value: addressValue, scheme: v(`${role}.electronic_address.scheme`) },
  );
  const address: Json = { ...asRecord(party.address) };
  for (const part of Object.keys(addressTerms[role])) put(address, part, v(`${role}.address.${part}`));
  party.address = address;
  if (role === 'buyer') return { ...base, buyer: party };

  const out: Json = { ...base, seller: party };
  const payment: Json = { ...asRecord(base.payment) };
  const [first, ...others] = asList(payment.credit_transfers);
  const iban = v(ibanKey);
  const transfers = iban ? [{ ...asRecord(first), account_id: iban }, ...others] : others;
  put(payment, 'credit_transfers', transfers.length > 0 ? transfers : undefined);
  put(out, 'payment', Object.keys(payment).length > 0 ? payment : undefined);
  const managed = new Set<unknown>(noteCodes);
  const notes = [
    ...noteCodes.flatMap((code) => {
      const content = v(noteKey(code));
      return content ? [{ subject_code: code, content }] : [];
    }),
    ...notesOf(base).filter((note) => !managed.has(note.subject_code)),
  ];
  put(out, 'document_notes', notes.length > 0 ? notes : undefined);
  return out;
}

const vatPattern = /^[A-Z]{2}[A-Za-z0-9+*.]{2,13}$/;
const countryPattern = /^[A-Z]{2}$/;

/** What the API would refuse, found before sending; the id is checked only for a new profile. */
export function profileProblems(
  role: ProfileRole,
  values: ProfileValues,
  checkId: boolean,
): Readonly<Record<string, ProfileProblem>> {
  const out: Record<string, ProfileProblem> = {};
  const v = (key: string) => typed(values, key);
  if (checkId && !profileIdPattern.test(v('id'))) out.id = { message: 'profile.idInvalid' };
  for (const field of profileFields(role)) {
    if (field.required && v(field.key) === '') out[field.key] = { message: 'profile.required' };
  }
  const vat = v(`${role}.vat_id`);
  if (vat !== '' && !vatPattern.test(vat)) out[`${role}.vat_id`] = { message: 'profile.vatInvalid' };
  const siren = v(`${role}.legal_registration.value`);
  if (siren !== '' && !(/^\d{9}$/.test(siren) && isLuhn(siren))) {
    out[`${role}.legal_registration.value`] = { message: 'profile.sirenInvalid' };
  }
  const address = addressProblems(
    v(`${role}.electronic_address.value`),
    v(`${role}.electronic_address.scheme`),
  );
  if (address.value) {
    out[`${role}.electronic_address.value`] = { message: address.value, max: limits.addressValue };
  }
  if (address.scheme) out[`${role}.electronic_address.scheme`] = { message: address.scheme };
  const country = v(`${role}.address.country_code`);
  if (country !== '' && !countryPattern.test(country)) {
    out[`${role}.address.country_code`] = { message: 'profile.countryInvalid' };
  }
  if (v(`${role}.address.postal_code`).length > postalCodeMax) {
    out[`${role}.address.postal_code`] = { message: 'complement.tooLong', max: postalCodeMax };
  }
  if (role === 'seller') {
    const iban = ibanProblem(v(ibanKey));
    if (iban) out[ibanKey] = { message: iban };
    for (const code of noteCodes) {
      const note = noteProblem(v(noteKey(code)));
      if (note) out[noteKey(code)] = { message: note, max: limits.noteContent };
    }
  }
  return out;
}

/**
 * The form field a 422 `field` names (`data.seller.vat_id`, `data.document_notes[1].content`), given the
 * values that were sent; undefined when no input of the form carries it.
 */
export function fieldOfError(role: ProfileRole, values: ProfileValues, field: string): string | undefined {
  const path = field.replace(/^data\./, '');
  if (path === 'id') return 'id';
  const note = /^document_notes\[(\d+)\]/.exec(path);
  if (note) {
    // The form sends its notes first, in the order of noteCodes, leaving out the empty ones.
    const sent = noteCodes.filter((code) => typed(values, noteKey(code)) !== '');
    const code = sent[Number(note[1])];
    return code && noteKey(code);
  }
  const keys = profileFields(role).map((f) => f.key);
  return (
    keys.find((key) => key === path) ??
    keys.find((key) => key.startsWith(`${path}.`)) ??
    keys.find((key) => path.startsWith(`${key}.`) || path.startsWith(`${key}[`))
  );
}
