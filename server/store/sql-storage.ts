/**
 * The Storage interface over SQL, one code path for SQLite and PostgreSQL through the query builder.
 * Every change that must not be split is one statement in its atomic form (`UPDATE … WHERE used +
 * reserved < limit RETURNING`, `INSERT … ON CONFLICT DO NOTHING RETURNING`), or a transaction whose
 * first statement writes, so that concurrent servers on one PostgreSQL, or processes on one SQLite
 * file, never count one invoice twice nor lose one.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProfileData, ProfileRole } from '../../core/api/profile';
import { readSellerLayout, type SellerLayout } from '../../core/fields/supplier-layout/seller-layout';
import {
  compareApiKeys,
  compareProfiles,
  type ActivationRecord,
  type ActivationUse,
  type ApiKeyRecord,
  type IdempotencyCutoffs,
  type IdempotencyRecord,
  type Plan,
  type ProfileRecord,
  type QuotaUsage,
  type Reservation,
  type Storage,
  type TenantRecord,
} from '../../core/service/storage';
import type {
  ActivationsTable,
  ApiKeysTable,
  Engine,
  IdempotencyTable,
  ProfilesTable,
  StoreTables,
  TenantsTable,
} from './schema';

const tenantOf = (row: Selectable<TenantsTable>): TenantRecord => ({
  id: row.id,
  email: row.email,
  plan: row.plan as Plan,
  createdAt: row.created_at,
});

const apiKeyOf = (row: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: row.id,
  tenant: row.tenant,
  plan: row.plan as Plan,
  email: row.email,
  hashedKey: row.hashed_key,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const idempotencyOf = (row: Selectable<IdempotencyTable>): IdempotencyRecord => ({
  key: row.key,
  tenant: row.tenant,
  payloadHash: row.payload_hash,
  status: row.status as IdempotencyRecord['status'],
  response: row.response === null ? null : (JSON.parse(row.response) as IdempotencyRecord['response']),
  since: row.since,
});

const profileOf = (row: Selectable<ProfilesTable>): ProfileRecord => ({
  id: row.id,
  tenant: row.tenant,
  role: row.role as ProfileRole,
  version: row.version,
  updatedAt: row.updated_at,
  data: JSON.parse(row.data) as ProfileData,
});

const activationOf = (row: Selectable<ActivationsTable>): ActivationRecord => ({
  email: row.email,
  hashedToken: row.hashed_token,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  activatedAt: row.activated_at,
});

export const tenantRow = (tenant: TenantRecord): TenantsTable => ({
  id: tenant.id,
  email: tenant.email,
  email_key: tenant.email.toLowerCase(),
  plan: tenant.plan,
  created_at: tenant.createdAt,
});

export const apiKeyRow = (key: ApiKeyRecord): ApiKeysTable => ({
  id: key.id,
  tenant: key.tenant,
  plan: key.plan,
  email: key.email,
  hashed_key: key.hashedKey,
  created_at: key.createdAt,
  revoked_at: key.revokedAt,
});

export const activationRow = (record: ActivationRecord): ActivationsTable => ({
  email: record.email,
  hashed_token: record.hashedToken,
  created_at: record.createdAt,
  expires_at: record.expiresAt,
  activated_at: record.activatedAt,
});

export type StoreDb = Kysely<StoreTables>;

/**
 * Runs `fn` as one transaction on one connection. SQLite takes its write lock at the start (`BEGIN
 * IMMEDIATE`): a transaction that read first and wrote later could fail at once when another process
 * wrote in between, instead of waiting its turn.
 */
export function inTransaction<T>(db: StoreDb, engine: Engine, fn: (trx: StoreDb) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(engine === 'sqlite' ? 'begin immediate' : 'begin').execute(connection);
    let result: T;
    try {
      result = await fn(connection);
    } catch (error) {
      await sql.raw('rollback').execute(connection);
      throw error;
    }
    await sql.raw('commit').execute(connection);
    return result;
  });
}

export class SqlStorage implements Storage {
  constructor(
    readonly db: StoreDb,
    readonly engine: Engine,
    private readonly release: () => Promise<void>,
  ) {}

  transaction<T>(fn: (trx: StoreDb) => Promise<T>): Promise<T> {
    return inTransaction(this.db, this.engine, fn);
  }

  async getTenant(id: string) {
    const row = await this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? tenantOf(row) : null;
  }

  async findTenantByEmail(email: string) {
    const row = await this.db
      .selectFrom('tenants')
      .selectAll()
      .where('email_key', '=', email.toLowerCase())
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    return row ? tenantOf(row) : null;
  }

  async putTenant(tenant: TenantRecord) {
    const row = tenantRow(tenant);
    await this.db
      .insertInto('tenants')
      .values(row)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ email: row.email, email_key: row.email_key, plan: row.plan }),
      )
      .execute();
  }

  async putApiKey(key: ApiKeyRecord) {
    const row = apiKeyRow(key);
    const { id: _id, ...rest } = row;
    await this.db
      .insertInto('api_keys')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  }

  async findApiKeyByHash(hashedKey: string) {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('hashed_key', '=', hashedKey)
      .executeTakeFirst();
    return row ? apiKeyOf(row) : null;
  }

  async findApiKey(id: string) {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? apiKeyOf(row) : null;
  }

  async listApiKeys() {
    const rows = await this.db.selectFrom('api_keys').selectAll().execute();
    return rows.map(apiKeyOf).sort(compareApiKeys);
  }

  async revokeApiKey(id: string, at: string) {
    const row = await this.db
      .updateTable('api_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? apiKeyOf(row) : null;
  }

  async usage(tenant: string, periodStart: string): Promise<QuotaUsage> {
    const row = await this.db
      .selectFrom('quota_usage')
      .select(['used', 'reserved'])
      .where('tenant', '=', tenant)
      .where('period_start', '=', periodStart)
      .executeTakeFirst();
    return row ? { used: Number(row.used), reserved: Number(row.reserved) } : { used: 0, reserved: 0 };
  }

  reserve(reservation: Reservation, limit: number) {
    return this.transaction(async (trx) => {
      await trx
        .insertInto('quota_usage')
        .values({ tenant: reservation.tenant, period_start: reservation.periodStart, used: 0, reserved: 0 })
        .onConflict((oc) => oc.columns(['tenant', 'period_start']).doNothing())
        .execute();
      const held = await trx
        .updateTable('quota_usage')
        .set((eb) => ({ reserved: eb('reserved', '+', 1) }))
        .where('tenant', '=', reservation.tenant)
        .where('period_start', '=', reservation.periodStart)
        .where((eb) => eb(eb('used', '+', eb.ref('reserved')), '<', limit))
        .returning('reserved')
        .executeTakeFirst();
      if (!held) return false;
      await trx
        .insertInto('quota_reservations')
        .values({
          id: reservation.id,
          tenant: reservation.tenant,
          period_start: reservation.periodStart,
          expires_at: reservation.expiresAt,
        })
        .execute();
      return true;
    });
  }

  settle(reservationId: string, outcome: 'charge' | 'refund') {
    return this.transaction((trx) => settleReservation(trx, reservationId, outcome));
  }

  releaseExpiredReservations(at: string) {
    return this.transaction(async (trx) => {
      const released = await trx
        .deleteFrom('quota_reservations')
        .where('expires_at', '<', at)
        .returning(['tenant', 'period_start'])
        .execute();
      await endReservations(trx, released, 'refund');
      return released.length;
    });
  }

  beginIdempotent(record: IdempotencyRecord, expired: IdempotencyCutoffs) {
    return this.transaction(async (trx) => {
      await trx
        .deleteFrom('idempotency')
        .where('tenant', '=', record.tenant)
        .where('key', '=', record.key)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'in_progress'), eb('since', '<', expired.inProgressBefore)]),
            eb.and([eb('status', '=', 'done'), eb('since', '<', expired.doneBefore)]),
          ]),
        )
        .execute();
      const started = await trx
        .insertInto('idempotency')
        .values({
          tenant: record.tenant,
          key: record.key,
          payload_hash: record.payloadHash,
          status: record.status,
          response: record.response === null ? null : JSON.stringify(record.response),
          since: record.since,
        })
        .onConflict((oc) => oc.columns(['tenant', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (started) return null;
      const existing = await trx
        .selectFrom('idempotency')
        .selectAll()
        .where('tenant', '=', record.tenant)
        .where('key', '=', record.key)
        .executeTakeFirstOrThrow();
      return idempotencyOf(existing);
    });
  }

  async completeIdempotent(tenant: string, key: string, response: IdempotencyRecord['response']) {
    await this.db
      .updateTable('idempotency')
      .set({ status: 'done', response: JSON.stringify(response) })
      .where('tenant', '=', tenant)
      .where('key', '=', key)
      .execute();
  }

  async dropIdempotent(tenant: string, key: string) {
    await this.db.deleteFrom('idempotency').where('tenant', '=', tenant).where('key', '=', key).execute();
  }

  /** Forgets every record past the cutoffs, for all tenants (a lookup forgets its own key's). */
  async forgetExpiredIdempotency(expired: IdempotencyCutoffs): Promise<void> {
    await this.db
      .deleteFrom('idempotency')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'in_progress'), eb('since', '<', expired.inProgressBefore)]),
          eb.and([eb('status', '=', 'done'), eb('since', '<', expired.doneBefore)]),
        ]),
      )
      .execute();
  }

  async findProfile(tenant: string, role: ProfileRole, id: string) {
    const row = await this.db
      .selectFrom('profiles')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('role', '=', role)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? profileOf(row) : null;
  }

  async listProfiles(tenant: string) {
    const rows = await this.db.selectFrom('profiles').selectAll().where('tenant', '=', tenant).execute();
    return rows.map(profileOf).sort(compareProfiles);
  }

  async saveProfile(tenant: string, role: ProfileRole, id: string, data: ProfileData, at: string) {
    const row = await this.db
      .insertInto('profiles')
      .values({ tenant, role, id, version: 1, updated_at: at, data: JSON.stringify(data) })
      .onConflict((oc) =>
        oc.columns(['tenant', 'role', 'id']).doUpdateSet((eb) => ({
          version: eb('profiles.version', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
          data: eb.ref('excluded.data'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return profileOf(row);
  }

  async deleteProfile(tenant: string, role: ProfileRole, id: string) {
    const deleted = await this.db
      .deleteFrom('profiles')
      .where('tenant', '=', tenant)
      .where('role', '=', role)
      .where('id', '=', id)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  async findSellerLayout(tenant: string, keys: readonly string[]) {
    if (keys.length === 0) return null;
    const rows = await this.db
      .selectFrom('seller_layouts')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('key', 'in', [...keys])
      .orderBy('learned_at', 'desc')
      .execute();
    for (const row of rows) {
      const layout = readSellerLayout(row.layout);
      if (layout) return { key: row.key, layout, learnedAt: row.learned_at };
    }
    return null;
  }

  async saveSellerLayout(tenant: string, keys: readonly string[], layout: SellerLayout, at: string) {
    if (keys.length === 0) return;
    const json = JSON.stringify(layout);
    await this.db
      .insertInto('seller_layouts')
      .values(keys.map((key) => ({ tenant, key, layout: json, learned_at: at })))
      .onConflict((oc) =>
        oc.columns(['tenant', 'key']).doUpdateSet((eb) => ({
          layout: eb.ref('excluded.layout'),
          learned_at: eb.ref('excluded.learned_at'),
        })),
      )
      .execute();
  }

  async beginActivation(record: ActivationRecord, at: string) {
    const row = activationRow(record);
    const { email: _email, ...replacement } = row;
    const stored = await this.db
      .insertInto('activations')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet(replacement)
          .where('activations.activated_at', 'is', null)
          .where('activations.expires_at', '<=', at),
      )
      .returning('email')
      .executeTakeFirst();
    if (stored) return null;
    const existing = await this.db
      .selectFrom('activations')
      .selectAll()
      .where('email', '=', record.email)
      .executeTakeFirstOrThrow();
    return activationOf(existing);
  }

  async useActivation(hashedToken: string, at: string): Promise<ActivationUse> {
    const activated = await this.db
      .updateTable('activations')
      .set({ activated_at: at })
      .where('hashed_token', '=', hashedToken)
      .where('activated_at', 'is', null)
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    if (activated) return { status: 'activated', record: activationOf(activated) };
    const row = await this.db
      .selectFrom('activations')
      .selectAll()
      .where('hashed_token', '=', hashedToken)
      .executeTakeFirst();
    if (!row) return { status: 'unknown' };
    return { status: row.activated_at !== null ? 'used' : 'expired' };
  }

  /** Closes the connections (a SQLite file shared in this thread: once its last store closes). */
  /**
   * The secret `name` of this store: `fresh` (base64url) kept by the first server that asks, the one
   * kept by then for every other, so that all servers of one store share it.
   */
  async serverSecret(name: string, fresh: string, at: string): Promise<string> {
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: fresh, created_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  close(): Promise<void> {
    return this.release();
  }
}

/** Ends one held reservation within a transaction; false when it is no longer held. */
export async function settleReservation(
  trx: StoreDb,
  reservationId: string,
  outcome: 'charge' | 'refund',
): Promise<boolean> {
  const ended = await trx
    .deleteFrom('quota_reservations')
    .where('id', '=', reservationId)
    .returning(['tenant', 'period_start'])
    .executeTakeFirst();
  if (!ended) return false;
  await endReservations(trx, [ended], outcome);
  return true;
}

/** Moves ended reservations out of the `reserved` count, into `used` when charged. */
async function endReservations(
  trx: StoreDb,
  ended: readonly { readonly tenant: string; readonly period_start: string }[],
  outcome: 'charge' | 'refund',
): Promise<void> {
  for (const { tenant, period_start } of ended) {
    await trx
      .updateTable('quota_usage')
      .set((eb) => ({
        used: outcome === 'charge' ? eb('used', '+', 1) : eb.ref('used'),
        reserved: eb
          .case()
          .when('reserved', '>', 0)
          .then(eb('reserved', '-', 1))
          .else(0)
          .end(),
      }))
      .where('tenant', '=', tenant)
      .where('period_start', '=', period_start)
      .execute();
  }
}
