/**
 * Saved profiles as the backend answers them (profiles-contract.md), read defensively: a record the
 * interface cannot read is left out rather than breaking the list.
 */
import { isRecord, type Answer, type ProfileRole } from '../backend/backend';

/** One saved seller (issuer) or buyer (client) profile. */
export interface ProfileRecord {
  readonly id: string;
  readonly role: ProfileRole;
  /** 1 on creation, one more on each save. */
  readonly version: number;
  /** BT-27 Seller name or BT-44 Buyer name. */
  readonly name: string;
  readonly updatedAt: string;
  /** ProfileData: `{ seller, payment?, document_notes? }` or `{ buyer }`. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a profile id may be: 1 to 64 letters, digits, `_`, `.` or `-`. */
export const profileIdPattern = /^[A-Za-z0-9_.-]{1,64}$/;

export const profileRoles: readonly ProfileRole[] = ['seller', 'buyer'];

export function profileRecordOf(value: unknown): ProfileRecord | undefined {
  if (!isRecord(value)) return undefined;
  const { id, role, version, name, updatedAt, data } = value;
  return typeof id === 'string' &&
    (role === 'seller' || role === 'buyer') &&
    typeof version === 'number' &&
    isRecord(data)
    ? {
        id,
        role,
        version,
        name: typeof name === 'string' ? name : '',
        updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
        data,
      }
    : undefined;
}

/** The records of a `GET /api/v1/profiles` answer, or undefined when it is not one. */
export function profileListOf(answer: Answer): readonly ProfileRecord[] | undefined {
  if (!answer.ok || !isRecord(answer.body) || !Array.isArray(answer.body.profiles)) return undefined;
  return answer.body.profiles.flatMap((entry) => profileRecordOf(entry) ?? []);
}
