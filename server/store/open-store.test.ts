/**
 * Opening a store: the schema migrations applied once, the JSON store of an earlier version imported
 * once (on SQLite and on PostgreSQL), a damaged one stopping the start, and the desktop's profiles kept
 * across a restart.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_TENANT, services, storedLocalContext } from '../../core/service';
import type { StoreState } from '../../core/service/memory-storage';
import { MIGRATIONS } from './migrations';
import { IMPORTED_SUFFIX, JSON_STORE_FILE } from './json-import';
import { keepingStatements, openStore, SQLITE_FILE, type StoreLocation } from './open-store';
import { testPostgres } from './testing/test-postgres';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'facturx-open-'));
  folders.push(dir);
  return dir;
}

const postgres = await testPostgres();

const LOCATIONS: Record<string, (() => Promise<StoreLocation>) | null> = {
  sqlite: async () => ({ dataDir: await dataFolder() }),
  postgres: postgres.ok
    ? async () => ({ dataDir: await dataFolder(), databaseUrl: await postgres.newDatabase() })
    : null,
};

/** What a server of the previous version left in its data folder. */
const legacy: StoreState = {
  tenants: {
    tn_a: { id: 'tn_a', email: 'Ops@Acme.example', plan: 'scale', createdAt: '2026-01-05T10:00:00.000Z' },
  },
  apiKeys: {
    key_a: {
      id: 'key_a',
      tenant: 'tn_a',
      plan: 'scale',
      email: 'Ops@Acme.example',
      hashedKey: 'a'.repeat(64),
      createdAt: '2026-01-05T10:00:00.000Z',
      revokedAt: null,
    },
  },
  usage: { 'tn_a 2026-03-01T00:00:00.000Z': { used: 42, reserved: 3 } },
  reservations: {},
  idempotency: {
    'tn_a done-key': {
      key: 'done-key',
      tenant: 'tn_a',
      payloadHash: 'h',
      status: 'done',
      response: { status: 200, body: { valid: true } },
      since: '2026-03-10T10:00:00.000Z',
    },
    'tn_a running-key': {
      key: 'running-key',
      tenant: 'tn_a',
      payloadHash: 'h',
      status: 'in_progress',
      response: null,
      since: '2026-03-10T10:00:00.000Z',
    },
  },
  profiles: {
    'tn_a buyer essai': {
      id: 'essai',
      tenant: 'tn_a',
      role: 'buyer',
      version: 3,
      updatedAt: '2026-02-01T00:00:00.000Z',
      data: { buyer: { name: 'Cabinet Essai', address: { country_code: 'FR' } } },
    },
  },
  activations: {
    'new@x.example': {
      email: 'new@x.example',
      hashedToken: 'b'.repeat(64),
      createdAt: '2026-03-10T10:00:00.000Z',
      expiresAt: '2026-03-11T10:00:00.000Z',
      activatedAt: null,
    },
  },
};

const CUTOFFS = { inProgressBefore: '2026-03-10T09:00:00.000Z', doneBefore: '2026-03-09T10:00:00.000Z' };

for (const [engine, location] of Object.entries(LOCATIONS)) {
  describe.skipIf(location === null)(`opening a store on ${engine}`, () => {
    it('imports the JSON store of an earlier version once, without what its dead process held', async () => {
      const where = await location!();
      const json = `${JSON.stringify(legacy, null, 1)}\n`;
      await writeFile(path.join(where.dataDir, JSON_STORE_FILE), json);
      const store = await openStore(where);
      try {
        expect(await store.getTenant('tn_a')).toEqual(legacy.tenants.tn_a);
        expect(await store.findTenantByEmail('ops@acme.example')).toMatchObject({ id: 'tn_a' });
        expect(await store.findApiKeyByHash('a'.repeat(64))).toEqual(legacy.apiKeys.key_a);
        expect(await store.usage('tn_a', '2026-03-01T00:00:00.000Z')).toEqual({ used: 42, reserved: 0 });
        expect(await store.findProfile('tn_a', 'buyer', 'essai')).toEqual(
          legacy.profiles['tn_a buyer essai'],
        );
        expect(
          await store.beginIdempotent({ ...legacy.idempotency['tn_a done-key']!, payloadHash: 'x' }, CUTOFFS),
        ).toEqual(legacy.idempotency['tn_a done-key']);
        expect(
          await store.beginIdempotent(
            { ...legacy.idempotency['tn_a running-key']!, payloadHash: 'x' },
            CUTOFFS,
          ),
        ).toBeNull();
        expect(await store.useActivation('b'.repeat(64), '2026-03-10T11:00:00.000Z')).toMatchObject({
          status: 'activated',
        });
      } finally {
        await store.close();
      }
      expect((await readdir(where.dataDir)).sort()).toContain(`${JSON_STORE_FILE}${IMPORTED_SUFFIX}`);
      expect(await readdir(where.dataDir)).not.toContain(JSON_STORE_FILE);

      // The same file put back is not imported again: the charges made since stay.
      await writeFile(path.join(where.dataDir, JSON_STORE_FILE), json);
      const again = await openStore(where);
      try {
        await again.reserve(
          {
            id: 'r',
            tenant: 'tn_a',
            periodStart: '2026-03-01T00:00:00.000Z',
            expiresAt: '2026-03-10T12:00:00.000Z',
          },
          100,
        );
        await again.settle('r', 'charge');
        expect(await again.usage('tn_a', '2026-03-01T00:00:00.000Z')).toEqual({ used: 43, reserved: 0 });
      } finally {
        await again.close();
      }
      const third = await openStore(where);
      expect(await third.usage('tn_a', '2026-03-01T00:00:00.000Z')).toEqual({ used: 43, reserved: 0 });
      await third.close();
    });

    it('refuses to start on a damaged JSON store instead of skipping its keys', async () => {
      const where = await location!();
      await writeFile(path.join(where.dataDir, JSON_STORE_FILE), '{ not json');
      await expect(openStore(where)).rejects.toThrow();
      expect(await readdir(where.dataDir)).toContain(JSON_STORE_FILE);
    });

    it('applies each schema migration once, also when opened again', async () => {
      const where = await location!();
      for (let round = 0; round < 2; round += 1) {
        const store = await openStore(where);
        const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
          store.db,
        );
        expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
        await store.close();
      }
    });
  });
}

describe('the desktop store', () => {
  it('keeps the local tenant’s saved profiles across a restart of the app, in one SQLite file', async () => {
    const dataDir = await dataFolder();
    const firstStore = await openStore({ dataDir });
    const first = await storedLocalContext(firstStore);
    const data = { buyer: { name: 'Cabinet Essai SAS', address: { country_code: 'FR' } } };
    const saved = await services.profiles(
      {
        fields: { operation: 'save', role: 'buyer', id: 'essai', body: JSON.stringify({ data }) },
        files: {},
        query: {},
      },
      first,
    );
    expect(saved.status).toBe(200);
    await firstStore.close();
    expect(await readdir(dataDir)).toEqual([SQLITE_FILE]);
    const secondStore = await openStore({ dataDir });
    const second = await storedLocalContext(secondStore);
    expect(second.tenant).toBe(LOCAL_TENANT);
    expect(await second.storage.getTenant(LOCAL_TENANT)).toMatchObject({ plan: 'local' });
    expect(await second.storage.findProfile(LOCAL_TENANT, 'buyer', 'essai')).toMatchObject({
      version: 1,
      data,
    });
    await secondStore.close();
  });
});

describe('SQLite statements', () => {
  it('compiles a query’s text once and runs the kept statement again, within a bound', () => {
    const database = new Database(':memory:');
    const compile = vi.spyOn(database, 'prepare');
    const db = keepingStatements(database);
    db.prepare('create table t (v integer)').run([]);
    const insert = 'insert into t (v) values (?)';
    for (let v = 1; v <= 3; v += 1) db.prepare(insert).run([v]);
    expect(db.prepare('select sum(v) as s from t').all([])).toEqual([{ s: 6 }]);
    expect(compile).toHaveBeenCalledTimes(3);
    for (let i = 0; i < 300; i += 1) db.prepare(`select ${i} as n`).all([]);
    // The first texts made room for the later ones: compiled again.
    db.prepare(insert).run([4]);
    expect(compile).toHaveBeenCalledTimes(304);
    db.close();
  });
});
