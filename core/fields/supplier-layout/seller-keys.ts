/**
 * The keys a seller's layout is kept under: its VAT identifier (BT-31), its SIREN (from BT-30 or BT-29,
 * or the French VAT identifier that contains it) and the IBANs it is paid on (BT-84). Only identifiers
 * that pass their own check key are keys: a misread digit must not fetch another seller's layout.
 */
import type { Invoice } from '../../model/invoice';
import { isIban, isLuhn } from '../check-keys';
import { readVatId } from '../values';

/** At most this many keys per seller (a VAT id, a SIREN, a few IBANs). */
const MAX_KEYS = 5;

const vatKey = (printed: string): string | null => {
  const read = readVatId(printed);
  return read?.wellFormed && read.keyOk !== false ? `VAT ${read.value}` : null;
};

/** A SIREN, or the SIREN a SIRET begins with, when its Luhn key holds. */
const sirenKey = (printed: string): string | null => {
  const digits = printed.replace(/[\s.]/g, '');
  if (!/^\d{9}(?:\d{5})?$/.test(digits) || !isLuhn(digits)) return null;
  const siren = digits.slice(0, 9);
  return isLuhn(siren) ? `SIREN ${siren}` : null;
};

const ibanKey = (printed: string): string | null => {
  const iban = printed.replace(/\s+/g, '').toUpperCase();
  return isIban(iban) ? `IBAN ${iban}` : null;
};

/** The seller's keys in `invoice`, most specific first, each once. */
export function sellerKeys(invoice: Invoice): string[] {
  const seller = invoice.seller;
  const vatIds = (seller?.taxRegistrations ?? [])
    .filter((t) => t.id?.scheme === undefined || t.id.scheme === 'VA')
    .map((t) => t.id?.value ?? '');
  const frenchSirens = vatIds.flatMap((v) => (/^FR[0-9A-Z]{2}\d{9}$/.test(v) ? [v.slice(4)] : []));
  const legalIds = [
    seller?.legalOrganization?.id?.value ?? '',
    ...(seller?.ids ?? []).map((i) => i.value ?? ''),
    ...(seller?.globalIds ?? []).map((i) => i.value ?? ''),
  ];
  const ibans = (invoice.paymentMeans ?? []).map((m) => m.creditorAccount?.iban ?? '');
  const keys = [
    ...vatIds.map(vatKey),
    ...[...legalIds, ...frenchSirens].map(sirenKey),
    ...ibans.map(ibanKey),
  ].filter((k): k is string => k !== null);
  return [...new Set(keys)].slice(0, MAX_KEYS);
}
