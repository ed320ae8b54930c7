/**
 * Earlier servers and desktops kept their store as one JSON file in the data directory. Its content is
 * imported into the SQL store once, in one transaction, then the file is renamed so that it is plain
 * that it is no longer read. What a dead process left running (reservations, idempotency records in
 * progress) is not imported: it was never charged and its keys are free again.
 */
import { createHash } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { emptyState, type StoreState } from '../../core/service/memory-storage';
import { activationRow, apiKeyRow, tenantRow, type SqlStorage } from './sql-storage';

export const JSON_STORE_FILE = 'store.json';
export const IMPORTED_SUFFIX = '.imported';

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Imports `<dataDir>/store.json` unless this very content was imported before; true when it was now. */
export async function importJsonStore(storage: SqlStorage, dataDir: string, now: Date): Promise<boolean> {
  const file = path.join(dataDir, JSON_STORE_FILE);
  const text = await readIfPresent(file);
  if (text === null) return false;
  // A damaged store must stop the start, not be skipped and its keys lost.
  const state: StoreState = { ...emptyState(), ...(JSON.parse(text) as Partial<StoreState>) };
  const source = `${JSON_STORE_FILE} sha256:${createHash('sha256').update(text).digest('hex')}`;
  const imported = await storage.transaction(async (trx) => {
    const claimed = await trx
      .insertInto('imports')
      .values({ source, imported_at: now.toISOString() })
      .onConflict((oc) => oc.column('source').doNothing())
      .returning('source')
      .executeTakeFirst();
    if (!claimed) return false;
    for (const tenant of Object.values(state.tenants)) {
      await trx
        .insertInto('tenants')
        .values(tenantRow(tenant))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const key of Object.values(state.apiKeys)) {
      await trx
        .insertInto('api_keys')
        .values(apiKeyRow(key))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const [id, usage] of Object.entries(state.usage)) {
      const cut = id.indexOf(' ');
      await trx
        .insertInto('quota_usage')
        .values({ tenant: id.slice(0, cut), period_start: id.slice(cut + 1), used: usage.used, reserved: 0 })
        .onConflict((oc) => oc.columns(['tenant', 'period_start']).doNothing())
        .execute();
    }
    for (const record of Object.values(state.idempotency)) {
      if (record.status !== 'done') continue;
      await trx
        .insertInto('idempotency')
        .values({
          tenant: record.tenant,
          key: record.key,
          payload_hash: record.payloadHash,
          status: record.status,
          response: JSON.stringify(record.response),
          since: record.since,
        })
        .onConflict((oc) => oc.columns(['tenant', 'key']).doNothing())
        .execute();
    }
    for (const profile of Object.values(state.profiles)) {
      await trx
        .insertInto('profiles')
        .values({
          tenant: profile.tenant,
          role: profile.role,
          id: profile.id,
          version: profile.version,
          updated_at: profile.updatedAt,
          data: JSON.stringify(profile.data),
        })
        .onConflict((oc) => oc.columns(['tenant', 'role', 'id']).doNothing())
        .execute();
    }
    for (const activation of Object.values(state.activations)) {
      await trx
        .insertInto('activations')
        .values(activationRow(activation))
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    }
    return true;
  });
  await rename(file, `${file}${IMPORTED_SUFFIX}`).catch((error: unknown) => {
    // Imported all the same; the recorded import keeps it from being imported twice.
    console.error(`facturx store: could not rename ${file}: ${String(error)}`);
  });
  return imported;
}
