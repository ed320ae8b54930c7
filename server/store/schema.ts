/**
 * The tables of the SQL store, as the query layer types them. Times are ISO 8601 UTC text of one width
 * (`Date.toISOString()`), so that comparing them as text compares the instants, on both engines; JSON
 * documents (a saved profile, a replayed answer) are text too.
 */
export interface TenantsTable {
  id: string;
  email: string;
  /** Lower-cased `email`: addresses are found whatever their case. */
  email_key: string;
  plan: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  tenant: string;
  plan: string;
  email: string;
  hashed_key: string;
  created_at: string;
  revoked_at: string | null;
}

export interface QuotaUsageTable {
  tenant: string;
  period_start: string;
  used: number;
  reserved: number;
}

export interface QuotaReservationsTable {
  id: string;
  tenant: string;
  period_start: string;
  expires_at: string;
}

export interface IdempotencyTable {
  tenant: string;
  key: string;
  payload_hash: string;
  status: string;
  /** JSON `{status, body}` once done. */
  response: string | null;
  since: string;
}

export interface ProfilesTable {
  tenant: string;
  role: string;
  id: string;
  version: number;
  updated_at: string;
  /** JSON ProfileData. */
  data: string;
}

export interface ActivationsTable {
  email: string;
  hashed_token: string;
  created_at: string;
  expires_at: string;
  activated_at: string | null;
}

export interface JobsTable {
  id: string;
  tenant: string;
  service: string;
  /** `queued`, `running` (on a worker's lease) or `done`. */
  status: string;
  attempts: number;
  reservation_id: string | null;
  /** JSON JobPayload, files' bytes in base64. */
  payload: string;
  lease_until: string | null;
  /** JSON `{status, body}` once done. */
  response: string | null;
  created_at: string;
  updated_at: string;
}

export interface ServerSecretsTable {
  name: string;
  /** base64url. */
  value: string;
  created_at: string;
}

/** A seller's learned layout, once per key of the seller (VAT id, SIREN, IBAN). */
export interface SellerLayoutsTable {
  tenant: string;
  /** `VAT FR…`, `SIREN …`, `IBAN …`. */
  key: string;
  /** JSON SellerLayout. */
  layout: string;
  learned_at: string;
}

/** A document of the desktop's work queue (core/bridge/work-queue.ts). */
export interface WorkQueueTable {
  tenant: string;
  id: string;
  /** Its place in the queue, after every entry added before it. */
  position: number;
  filename: string;
  media_type: string | null;
  /** The file's bytes (added by migration 0006, so never null in an entry the queue wrote). */
  content: Uint8Array | null;
  kind: string;
  target: string;
  /** `under_way`, `finished`, or `interrupted` (under way when the app closed). */
  status: string;
  /** The page's JSON record of the entry. */
  state: string;
  added_at: string;
  updated_at: string;
}

/** One row per import of a data directory's JSON store, so that it is imported once. */
export interface ImportsTable {
  source: string;
  imported_at: string;
}

export interface StoreTables {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  quota_usage: QuotaUsageTable;
  quota_reservations: QuotaReservationsTable;
  idempotency: IdempotencyTable;
  profiles: ProfilesTable;
  activations: ActivationsTable;
  imports: ImportsTable;
  jobs: JobsTable;
  server_secrets: ServerSecretsTable;
  seller_layouts: SellerLayoutsTable;
  work_queue: WorkQueueTable;
}

export type Engine = 'sqlite' | 'postgres';
