import type { Answer, Backend, ProfilesRequest } from '../backend/backend';
import type { ProfileRecord } from '../profiles/profile-records';

/**
 * Saved profiles kept in memory the way profiles-contract.md describes the API: list sorted by role then
 * id, versions counted from 1, 404 on deleting what is not there. `refuse` answers a request instead.
 */
export function profileStore(
  initial: readonly ProfileRecord[] = [],
  refuse: (request: ProfilesRequest) => Answer | undefined = () => undefined,
) {
  const records = new Map(initial.map((record) => [`${record.role}/${record.id}`, record]));
  const calls: ProfilesRequest[] = [];
  const profiles: Backend['profiles'] = async (request) => {
    calls.push(request);
    const refused = refuse(request);
    if (refused) return refused;
    if (request.method === 'GET') {
      const sorted = [...records.values()].sort((a, b) =>
        a.role === b.role ? a.id.localeCompare(b.id) : a.role === 'seller' ? -1 : 1,
      );
      return { ok: true, status: 200, body: { profiles: sorted } };
    }
    const key = `${request.role}/${request.id}`;
    const known = records.get(key);
    if (request.method === 'DELETE') {
      if (!known) {
        const error = `${request.role}_profile_not_found` as const;
        return {
          ok: false,
          status: 404,
          error: { error, message: `No ${request.role} profile ${request.id}.` },
        };
      }
      records.delete(key);
      return { ok: true, status: 200, body: { deleted: true, id: request.id, role: request.role } };
    }
    const data = request.data as Record<string, { name?: string } | undefined>;
    const saved: ProfileRecord = {
      id: request.id,
      role: request.role,
      version: (known?.version ?? 0) + 1,
      name: data[request.role]?.name ?? '',
      updatedAt: '2026-11-23T04:00:00.000Z',
      data,
    };
    records.set(key, saved);
    return { ok: true, status: 200, body: saved };
  };
  return { profiles, calls, records };
}

/** A seller profile as the API returns it. */
export const acmeSeller: ProfileRecord = {
  id: 'acme',
  role: 'seller',
  version: 2,
  name: 'Acme Menuiserie SARL',
  updatedAt: '2026-11-20T10:00:00.000Z',
  data: {
    seller: {
      name: 'Acme Menuiserie SARL',
      vat_id: 'FR44732829320',
      legal_registration: { value: '732829320', scheme: '0002' },
      identifiers: [{ value: '73282932000074', scheme: '0009' }],
      electronic_address: { value: '732829320', scheme: '0225' },
      address: { line1: '3 impasse du Bois', city: 'Nantes', postal_code: '44000', country_code: 'FR' },
    },
    payment: { credit_transfers: [{ account_id: 'FR7630006000011234567890189', account_name: 'Acme' }] },
    document_notes: [
      { subject_code: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement : 40 EUR.' },
      { subject_code: 'REG', content: 'RCS Nantes 732 829 320' },
    ],
  },
};

/** A buyer profile as the API returns it. */
export const essaiBuyer: ProfileRecord = {
  id: 'essai',
  role: 'buyer',
  version: 1,
  name: 'Cabinet Essai SAS',
  updatedAt: '2026-11-21T10:00:00.000Z',
  data: {
    buyer: {
      name: 'Cabinet Essai SAS',
      electronic_address: { value: '356000000', scheme: '0225' },
      address: { line1: '8 quai des Tests', city: 'Rennes', postal_code: '35000', country_code: 'FR' },
    },
  },
};
