/**
 * Storage kept in one plain, JSON-serializable state object, in memory: tests and the offline CLI. (The
 * JSON store files of earlier servers hold the same state; the SQL store imports them once.)
 */
import type { ProfileData, ProfileRole } from '../api/profile';
import type { LearnedLayout, SellerLayout } from '../fields/supplier-layout/seller-layout';
import {
  compareApiKeys,
  compareProfiles,
  type ActivationRecord,
  type ActivationUse,
  type ApiKeyRecord,
  type IdempotencyCutoffs,
  type IdempotencyRecord,
  type ProfileRecord,
  type QuotaUsage,
  type Reservation,
  type Storage,
  type TenantRecord,
} from './storage';

export interface StoreState {
  tenants: Record<string, TenantRecord>;
  /** By key id. */
  apiKeys: Record<string, ApiKeyRecord>;
  /** By `tenant periodStart`. */
  usage: Record<string, QuotaUsage>;
  /** Held reservations, by id. */
  reservations: Record<string, Reservation>;
  /** By `tenant key`. */
  idempotency: Record<string, IdempotencyRecord>;
  /** By `tenant role id`. */
  profiles: Record<string, ProfileRecord>;
  /** Public sandbox key activations, by e-mail address. */
  activations: Record<string, ActivationRecord>;
  /** Learned seller layouts, by `tenant key` (absent from stores written before they existed). */
  sellerLayouts?: Record<string, LearnedLayout>;
}

export const emptyState = (): StoreState => ({
  tenants: {},
  apiKeys: {},
  usage: {},
  reservations: {},
  idempotency: {},
  profiles: {},
  activations: {},
});

const profileKey = (tenant: string, role: ProfileRole, id: string): string => `${tenant} ${role} ${id}`;

const NO_USAGE: QuotaUsage = { used: 0, reserved: 0 };

function endReservation(s: StoreState, reservationId: string, outcome: 'charge' | 'refund'): boolean {
  const reservation = s.reservations[reservationId];
  if (!reservation) return false;
  delete s.reservations[reservationId];
  const id = `${reservation.tenant} ${reservation.periodStart}`;
  const current = s.usage[id] ?? NO_USAGE;
  s.usage[id] = {
    used: current.used + (outcome === 'charge' ? 1 : 0),
    reserved: Math.max(0, current.reserved - 1),
  };
  return true;
}

export class MemoryStorage implements Storage {
  constructor(private readonly state: StoreState = emptyState()) {}

  private async read<T>(fn: (state: StoreState) => T): Promise<T> {
    return fn(this.state);
  }

  /** A synchronous `fn` keeps each change atomic. */
  private async write<T>(fn: (state: StoreState) => T): Promise<T> {
    return fn(this.state);
  }

  getTenant(id: string) {
    return this.read((s) => s.tenants[id] ?? null);
  }

  findTenantByEmail(email: string) {
    const wanted = email.toLowerCase();
    return this.read((s) => Object.values(s.tenants).find((t) => t.email.toLowerCase() === wanted) ?? null);
  }

  putTenant(tenant: TenantRecord) {
    return this.write((s) => {
      s.tenants[tenant.id] = tenant;
    });
  }

  putApiKey(key: ApiKeyRecord) {
    return this.write((s) => {
      s.apiKeys[key.id] = key;
    });
  }

  findApiKeyByHash(hashedKey: string) {
    return this.read((s) => Object.values(s.apiKeys).find((k) => k.hashedKey === hashedKey) ?? null);
  }

  findApiKey(id: string) {
    return this.read((s) => s.apiKeys[id] ?? null);
  }

  listApiKeys() {
    return this.read((s) => Object.values(s.apiKeys).sort(compareApiKeys));
  }

  revokeApiKey(id: string, at: string) {
    return this.write((s) => {
      const key = s.apiKeys[id];
      if (!key) return null;
      const revoked = { ...key, revokedAt: key.revokedAt ?? at };
      s.apiKeys[id] = revoked;
      return revoked;
    });
  }

  usage(tenant: string, periodStart: string) {
    return this.read((s) => s.usage[`${tenant} ${periodStart}`] ?? NO_USAGE);
  }

  reserve(reservation: Reservation, limit: number) {
    return this.write((s) => {
      const id = `${reservation.tenant} ${reservation.periodStart}`;
      const current = s.usage[id] ?? NO_USAGE;
      if (current.used + current.reserved >= limit) return false;
      s.usage[id] = { ...current, reserved: current.reserved + 1 };
      s.reservations[reservation.id] = reservation;
      return true;
    });
  }

  settle(reservationId: string, outcome: 'charge' | 'refund') {
    return this.write((s) => endReservation(s, reservationId, outcome));
  }

  releaseExpiredReservations(at: string) {
    return this.write(
      (s) =>
        Object.values(s.reservations).filter((r) => r.expiresAt < at && endReservation(s, r.id, 'refund'))
          .length,
    );
  }

  beginIdempotent(record: IdempotencyRecord, expired: IdempotencyCutoffs) {
    return this.write((s) => {
      for (const [id, r] of Object.entries(s.idempotency)) {
        const cutoff = r.status === 'in_progress' ? expired.inProgressBefore : expired.doneBefore;
        if (r.since < cutoff) delete s.idempotency[id];
      }
      const id = `${record.tenant} ${record.key}`;
      const existing = s.idempotency[id];
      if (existing) return existing;
      s.idempotency[id] = record;
      return null;
    });
  }

  completeIdempotent(tenant: string, key: string, response: IdempotencyRecord['response']) {
    return this.write((s) => {
      const id = `${tenant} ${key}`;
      const existing = s.idempotency[id];
      if (existing) s.idempotency[id] = { ...existing, status: 'done', response };
    });
  }

  dropIdempotent(tenant: string, key: string) {
    return this.write((s) => {
      delete s.idempotency[`${tenant} ${key}`];
    });
  }

  findProfile(tenant: string, role: ProfileRole, id: string) {
    return this.read((s) => s.profiles[profileKey(tenant, role, id)] ?? null);
  }

  listProfiles(tenant: string) {
    return this.read((s) =>
      Object.values(s.profiles)
        .filter((p) => p.tenant === tenant)
        .sort(compareProfiles),
    );
  }

  saveProfile(tenant: string, role: ProfileRole, id: string, data: ProfileData, at: string) {
    return this.write((s) => {
      const key = profileKey(tenant, role, id);
      const record: ProfileRecord = {
        id,
        tenant,
        role,
        version: (s.profiles[key]?.version ?? 0) + 1,
        updatedAt: at,
        data,
      };
      s.profiles[key] = record;
      return record;
    });
  }

  deleteProfile(tenant: string, role: ProfileRole, id: string) {
    return this.write((s) => {
      const key = profileKey(tenant, role, id);
      if (!s.profiles[key]) return false;
      delete s.profiles[key];
      return true;
    });
  }

  findSellerLayout(tenant: string, keys: readonly string[]) {
    return this.read((s) => {
      const found = keys.flatMap((key) => s.sellerLayouts?.[`${tenant} ${key}`] ?? []);
      return found.reduce<LearnedLayout | null>((a, b) => (a && a.learnedAt >= b.learnedAt ? a : b), null);
    });
  }

  saveSellerLayout(tenant: string, keys: readonly string[], layout: SellerLayout, at: string) {
    return this.write((s) => {
      const layouts = (s.sellerLayouts ??= {});
      for (const key of keys) layouts[`${tenant} ${key}`] = { key, layout, learnedAt: at };
    });
  }

  beginActivation(record: ActivationRecord, at: string) {
    return this.write((s) => {
      const existing = s.activations[record.email];
      if (existing && (existing.activatedAt !== null || existing.expiresAt > at)) return existing;
      s.activations[record.email] = record;
      return null;
    });
  }

  useActivation(hashedToken: string, at: string) {
    return this.write((s): ActivationUse => {
      const record = Object.values(s.activations).find((a) => a.hashedToken === hashedToken);
      if (!record) return { status: 'unknown' };
      if (record.activatedAt !== null) return { status: 'used' };
      if (record.expiresAt <= at) return { status: 'expired' };
      const activated = { ...record, activatedAt: at };
      s.activations[record.email] = activated;
      return { status: 'activated', record: activated };
    });
  }
}
