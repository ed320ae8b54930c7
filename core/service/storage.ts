/**
 * What the service keeps between requests: tenants and their API keys, quota usage per period and the
 * reservations held against it, idempotency records, saved profiles, sandbox activations. One
 * interface, two implementations: in memory (tests and the offline CLI) and SQL (SQLite for the desktop
 * and a single server, PostgreSQL for servers that share one store). Each method is atomic on its own,
 * also between processes sharing one database.
 */
import { PROFILE_ROLES, type ProfileData, type ProfileRole } from '../api/profile';
import type { LearnedLayout, SellerLayout } from '../fields/supplier-layout/seller-layout';

/** `local`: the offline desktop and CLI, unlimited. The others are the hosted plans. */
export const PLANS = ['sandbox', 'launch', 'scale', 'business', 'local'] as const;
export type Plan = (typeof PLANS)[number];
export const KEY_PLANS = ['sandbox', 'launch', 'scale', 'business'] as const satisfies readonly Plan[];

export interface TenantRecord {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
  /** ISO 8601; the sandbox trial counts from here. */
  readonly createdAt: string;
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly tenant: string;
  readonly plan: Plan;
  readonly email: string;
  /** sha256 hex of the key; the key itself is shown once and never stored. */
  readonly hashedKey: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

/** Invoices of one tenant in one quota period: charged, and reserved by calls still running. */
export interface QuotaUsage {
  readonly used: number;
  readonly reserved: number;
}

/**
 * One invoice held against a tenant's quota while a call or a job runs. It is settled when the work
 * ends; one still held after `expiresAt` belongs to work that died with its process, and is released.
 */
export interface Reservation {
  readonly id: string;
  readonly tenant: string;
  readonly periodStart: string;
  readonly expiresAt: string;
}

export interface IdempotencyRecord {
  readonly key: string;
  readonly tenant: string;
  readonly payloadHash: string;
  readonly status: 'in_progress' | 'done';
  /** The response to replay, once done. */
  readonly response: { readonly status: number; readonly body: unknown } | null;
  /** ISO 8601 time the first call started. */
  readonly since: string;
}

/** ISO 8601 times before which records no longer count. */
export interface IdempotencyCutoffs {
  readonly inProgressBefore: string;
  readonly doneBefore: string;
}

/** A saved seller or buyer profile (explicit, tenant-scoped reuse). */
export interface ProfileRecord {
  readonly id: string;
  readonly tenant: string;
  readonly role: ProfileRole;
  /** 1 on creation, one more on each save. */
  readonly version: number;
  /** ISO 8601 time of the last save. */
  readonly updatedAt: string;
  readonly data: ProfileData;
}

/** The order of a tenant's profile list: sellers first, each role by id (code unit order). */
export const compareProfiles = (a: ProfileRecord, b: ProfileRecord): number =>
  PROFILE_ROLES.indexOf(a.role) - PROFILE_ROLES.indexOf(b.role) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The order of the key list: oldest first. */
export const compareApiKeys = (a: ApiKeyRecord, b: ApiKeyRecord): number =>
  a.createdAt.localeCompare(b.createdAt);

/**
 * A sandbox key asked for on the public two-step flow, waiting for the token sent by e-mail
 * (POST /public/api-keys/free/step1, then step2). One per e-mail address.
 */
export interface ActivationRecord {
  /** Lower-cased. */
  readonly email: string;
  /** sha256 hex of the token; the token itself is only in the message sent. */
  readonly hashedToken: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** When the token was used; a token works once. */
  readonly activatedAt: string | null;
}

/** What using an activation token found: the record it activated, or why not. */
export type ActivationUse =
  | { readonly status: 'activated'; readonly record: ActivationRecord }
  | { readonly status: 'unknown' | 'expired' | 'used' };

export interface Storage {
  getTenant(id: string): Promise<TenantRecord | null>;
  findTenantByEmail(email: string): Promise<TenantRecord | null>;
  putTenant(tenant: TenantRecord): Promise<void>;

  putApiKey(key: ApiKeyRecord): Promise<void>;
  findApiKeyByHash(hashedKey: string): Promise<ApiKeyRecord | null>;
  findApiKey(id: string): Promise<ApiKeyRecord | null>;
  listApiKeys(): Promise<readonly ApiKeyRecord[]>;
  /** Marks the key revoked; null when there is no such key. */
  revokeApiKey(id: string, at: string): Promise<ApiKeyRecord | null>;

  usage(tenant: string, periodStart: string): Promise<QuotaUsage>;
  /** Holds `reservation` if used + reserved stays within `limit`; false when the quota is reached. */
  reserve(reservation: Reservation, limit: number): Promise<boolean>;
  /**
   * Ends a reservation: `charge` counts it as used, `refund` gives it back. False when it is no longer
   * held (settled already, or released), so that work run twice is charged once.
   */
  settle(reservationId: string, outcome: 'charge' | 'refund'): Promise<boolean>;
  /** Gives back every reservation that expired before `at`; how many. */
  releaseExpiredReservations(at: string): Promise<number>;

  /**
   * Starts a record unless a live one exists for (tenant, key), and returns that one then. Records that
   * started before the cutoffs (still in progress: a crashed call; done: past retention) are forgotten.
   */
  beginIdempotent(record: IdempotencyRecord, expired: IdempotencyCutoffs): Promise<IdempotencyRecord | null>;
  completeIdempotent(tenant: string, key: string, response: IdempotencyRecord['response']): Promise<void>;
  /** Forgets a record whose call ended without a response worth replaying. */
  dropIdempotent(tenant: string, key: string): Promise<void>;

  findProfile(tenant: string, role: ProfileRole, id: string): Promise<ProfileRecord | null>;
  /** The tenant's profiles, sellers first, each role by id. */
  listProfiles(tenant: string): Promise<readonly ProfileRecord[]>;
  /** Creates the profile at version 1, or stores the next version of it. */
  saveProfile(
    tenant: string,
    role: ProfileRole,
    id: string,
    data: ProfileData,
    at: string,
  ): Promise<ProfileRecord>;
  /** False when there was no such profile. */
  deleteProfile(tenant: string, role: ProfileRole, id: string): Promise<boolean>;

  /**
   * The layout learned for the seller one of `keys` names (its VAT id, SIREN, IBAN), the most recently
   * learned if they name several; null when none, or when what is kept is no layout this version reads.
   */
  findSellerLayout(tenant: string, keys: readonly string[]): Promise<LearnedLayout | null>;
  /** Keeps `layout` under each of the seller's keys, replacing what they held. */
  saveSellerLayout(tenant: string, keys: readonly string[], layout: SellerLayout, at: string): Promise<void>;

  /**
   * Stores a new activation unless the address has a live or used one, which is returned then; an
   * expired unused one (before `at`) is replaced.
   */
  beginActivation(record: ActivationRecord, at: string): Promise<ActivationRecord | null>;
  /** Marks the activation of this token used at `at`, once, if it has not expired by then. */
  useActivation(hashedToken: string, at: string): Promise<ActivationUse>;
}
