/**
 * Every storage operation, the same suite on each engine: in memory (the reference), SQLite (a file in a
 * temporary folder) and PostgreSQL (a database of its own in the test run's cluster). "Two stores" are
 * two stores opened on one database, as two servers have: two connection pools on PostgreSQL; on SQLite,
 * in one thread, one shared connection (other processes are tested with real processes elsewhere). The
 * SQL engines also run the operations only servers use (the sweep of idempotency records, shared secrets).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../core/service/memory-storage';
import type {
  ActivationRecord,
  ApiKeyRecord,
  IdempotencyRecord,
  Reservation,
  Storage,
  TenantRecord,
} from '../../core/service/storage';
import type { SellerLayout } from '../../core/fields/supplier-layout/seller-layout';
import { openStore } from './open-store';
import type { SqlStorage } from './sql-storage';
import { testPostgres } from './testing/test-postgres';

interface Engine {
  /** A fresh, empty store; `second()` opens another connection to the same one. */
  open(): Promise<{ first: Storage; second(): Promise<Storage> }>;
}

const toClose: { close(): Promise<void> }[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const store of toClose.splice(0)) await store.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function opened(location: Parameters<typeof openStore>[0]): Promise<Storage> {
  const store = await openStore(location);
  toClose.push(store);
  return store;
}

const postgres = await testPostgres();

const ENGINES: Record<string, Engine | null> = {
  memory: {
    open: async () => {
      const first = new MemoryStorage();
      return { first, second: async () => first };
    },
  },
  sqlite: {
    open: async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-store-'));
      folders.push(dataDir);
      return { first: await opened({ dataDir }), second: () => opened({ dataDir }) };
    },
  },
  postgres: postgres.ok
    ? {
        open: async () => {
          const databaseUrl = await postgres.newDatabase();
          const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-store-'));
          folders.push(dataDir);
          return {
            first: await opened({ dataDir, databaseUrl }),
            second: () => opened({ dataDir, databaseUrl }),
          };
        },
      }
    : null,
};

const tenant: TenantRecord = {
  id: 'tn_1',
  email: 'Compta@Acme.example',
  plan: 'launch',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const key = (id: string, createdAt: string, tenantId = 'tn_1'): ApiKeyRecord => ({
  id,
  tenant: tenantId,
  plan: 'launch',
  email: 'compta@acme.example',
  hashedKey: `hash-${id}`,
  createdAt,
  revokedAt: null,
});

const reservation = (
  id: string,
  expiresAt = '2026-01-01T01:00:00.000Z',
  periodStart = 'p1',
): Reservation => ({
  id,
  tenant: 'tn_1',
  periodStart,
  expiresAt,
});

const started = (k: string, since: string, payloadHash = 'h1'): IdempotencyRecord => ({
  key: k,
  tenant: 'tn_1',
  payloadHash,
  status: 'in_progress',
  response: null,
  since,
});

const CUTOFFS = { inProgressBefore: '2026-01-01T00:00:00.000Z', doneBefore: '2025-12-31T00:00:00.000Z' };

const activation = (
  email: string,
  token: string,
  expiresAt = '2026-01-02T00:00:00.000Z',
): ActivationRecord => ({
  email,
  hashedToken: token,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt,
  activatedAt: null,
});

for (const [name, engine] of Object.entries(ENGINES)) {
  describe.skipIf(engine === null)(`storage on ${name}`, () => {
    const open = () => engine!.open();

    it('keeps tenants, finds them by e-mail whatever its case, and updates the plan in place', async () => {
      const { first, second } = await open();
      expect(await first.getTenant('tn_1')).toBeNull();
      expect(await first.findTenantByEmail('compta@acme.example')).toBeNull();
      await first.putTenant(tenant);
      const other = await second();
      expect(await other.getTenant('tn_1')).toEqual(tenant);
      expect(await other.findTenantByEmail('COMPTA@acme.EXAMPLE')).toEqual(tenant);
      await other.putTenant({ ...tenant, plan: 'scale' });
      expect(await first.getTenant('tn_1')).toEqual({ ...tenant, plan: 'scale' });
    });

    it('keeps API keys by hash, lists them oldest first, and revokes once', async () => {
      const { first } = await open();
      await first.putApiKey(key('key_b', '2026-01-02T00:00:00.000Z'));
      await first.putApiKey(key('key_a', '2026-01-01T00:00:00.000Z'));
      expect(await first.findApiKeyByHash('hash-key_b')).toEqual(key('key_b', '2026-01-02T00:00:00.000Z'));
      expect(await first.findApiKeyByHash('hash-none')).toBeNull();
      expect(await first.findApiKey('key_a')).toEqual(key('key_a', '2026-01-01T00:00:00.000Z'));
      expect(await first.findApiKey('key_none')).toBeNull();
      expect((await first.listApiKeys()).map((k) => k.id)).toEqual(['key_a', 'key_b']);
      const revoked = await first.revokeApiKey('key_a', '2026-02-01T00:00:00.000Z');
      expect(revoked?.revokedAt).toBe('2026-02-01T00:00:00.000Z');
      expect((await first.revokeApiKey('key_a', '2026-03-01T00:00:00.000Z'))?.revokedAt).toBe(
        '2026-02-01T00:00:00.000Z',
      );
      expect(await first.revokeApiKey('key_none', '2026-03-01T00:00:00.000Z')).toBeNull();
      expect((await first.findApiKeyByHash('hash-key_a'))?.revokedAt).toBe('2026-02-01T00:00:00.000Z');
    });

    it('reserves within the limit, charges or refunds each reservation once', async () => {
      const { first } = await open();
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 0, reserved: 0 });
      expect(await first.reserve(reservation('r1'), 2)).toBe(true);
      expect(await first.reserve(reservation('r2'), 2)).toBe(true);
      expect(await first.reserve(reservation('r3'), 2)).toBe(false);
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 0, reserved: 2 });
      expect(await first.settle('r1', 'charge')).toBe(true);
      expect(await first.settle('r1', 'charge')).toBe(false);
      expect(await first.settle('r2', 'refund')).toBe(true);
      expect(await first.settle('r3', 'charge')).toBe(false);
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 1, reserved: 0 });
      expect(await first.usage('tn_1', 'p2')).toEqual({ used: 0, reserved: 0 });
      expect(await first.reserve(reservation('r4'), 2)).toBe(true);
      expect(await first.reserve(reservation('r5'), 2)).toBe(false);
    });

    it('gives back only the reservations that expired, and they cannot be charged afterwards', async () => {
      const { first } = await open();
      await first.reserve(reservation('old', '2026-01-01T00:10:00.000Z'), 10);
      await first.reserve(reservation('new', '2026-01-01T00:30:00.000Z'), 10);
      await first.reserve(reservation('other', '2026-01-01T00:05:00.000Z', 'p2'), 10);
      expect(await first.releaseExpiredReservations('2026-01-01T00:20:00.000Z')).toBe(2);
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 0, reserved: 1 });
      expect(await first.usage('tn_1', 'p2')).toEqual({ used: 0, reserved: 0 });
      expect(await first.settle('old', 'charge')).toBe(false);
      expect(await first.settle('new', 'charge')).toBe(true);
      expect(await first.releaseExpiredReservations('2026-02-01T00:00:00.000Z')).toBe(0);
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 1, reserved: 0 });
    });

    it('never passes the limit when two stores reserve at once', async () => {
      const { first, second } = await open();
      const other = await second();
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? first : other).reserve(reservation(`r${i}`), 13)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(13);
      expect(await first.usage('tn_1', 'p1')).toEqual({ used: 0, reserved: 13 });
      const settled = await Promise.all(
        outcomes.flatMap((held, i) => (held ? [(i % 2 ? other : first).settle(`r${i}`, 'charge')] : [])),
      );
      expect(settled.every(Boolean)).toBe(true);
      expect(await other.usage('tn_1', 'p1')).toEqual({ used: 13, reserved: 0 });
    });

    it('starts one idempotency record per key, replays it once done, and forgets stale ones', async () => {
      const { first } = await open();
      expect(await first.beginIdempotent(started('k1', '2026-01-01T10:00:00.000Z'), CUTOFFS)).toBeNull();
      expect(await first.beginIdempotent(started('k1', '2026-01-01T10:01:00.000Z', 'h2'), CUTOFFS)).toEqual(
        started('k1', '2026-01-01T10:00:00.000Z'),
      );
      const response = { status: 200, body: { valid: true, issues: [{ ruleId: 'BR-01' }] } };
      await first.completeIdempotent('tn_1', 'k1', response);
      expect(await first.beginIdempotent(started('k1', '2026-01-01T10:02:00.000Z'), CUTOFFS)).toEqual({
        ...started('k1', '2026-01-01T10:00:00.000Z'),
        status: 'done',
        response,
      });
      // Another tenant's key of the same name is another record.
      expect(
        await first.beginIdempotent(
          { ...started('k1', '2026-01-01T10:00:00.000Z'), tenant: 'tn_2' },
          CUTOFFS,
        ),
      ).toBeNull();
      await first.dropIdempotent('tn_1', 'k1');
      expect(await first.beginIdempotent(started('k1', '2026-01-01T10:03:00.000Z'), CUTOFFS)).toBeNull();
      // Started before the in-progress cutoff: a call that died; the key is free again.
      expect(await first.beginIdempotent(started('k2', '2025-12-31T23:00:00.000Z'), CUTOFFS)).toBeNull();
      expect(
        await first.beginIdempotent(started('k2', '2026-01-01T10:00:00.000Z', 'h9'), CUTOFFS),
      ).toBeNull();
      // Done before the retention cutoff: no longer replayed.
      expect(await first.beginIdempotent(started('k3', '2025-12-30T00:00:00.000Z'), CUTOFFS)).toBeNull();
      await first.completeIdempotent('tn_1', 'k3', response);
      expect(
        await first.beginIdempotent(started('k3', '2026-01-01T10:00:00.000Z', 'h9'), CUTOFFS),
      ).toBeNull();
    });

    it('lets exactly one of many concurrent calls with one key start', async () => {
      const { first, second } = await open();
      const other = await second();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? first : other).beginIdempotent(
            started('same', `2026-01-01T10:00:${String(i).padStart(2, '0')}.000Z`),
            CUTOFFS,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === null)).toHaveLength(1);
      const winner = outcomes.indexOf(null);
      const since = `2026-01-01T10:00:${String(winner).padStart(2, '0')}.000Z`;
      expect(outcomes.filter((o) => o !== null).every((o) => o?.since === since)).toBe(true);
    });

    it('saves profiles version after version, per tenant, lists sellers first by id, and deletes them', async () => {
      const { first, second } = await open();
      const seller = { seller: { name: 'Acme SAS', address: { country_code: 'FR' } } };
      const buyer = { buyer: { name: 'Cabinet Essai', address: { country_code: 'FR' } } };
      const v1 = await first.saveProfile('tn_1', 'seller', 'main', seller, '2026-01-01T00:00:00.000Z');
      expect(v1).toEqual({
        id: 'main',
        tenant: 'tn_1',
        role: 'seller',
        version: 1,
        updatedAt: '2026-01-01T00:00:00.000Z',
        data: seller,
      });
      const renamed = { seller: { ...seller.seller, name: 'Acme SA' } };
      const other = await second();
      expect(
        (await other.saveProfile('tn_1', 'seller', 'main', renamed, '2026-01-02T00:00:00.000Z')).version,
      ).toBe(2);
      await first.saveProfile('tn_1', 'buyer', 'b', buyer, '2026-01-01T00:00:00.000Z');
      await first.saveProfile('tn_1', 'buyer', 'B', buyer, '2026-01-01T00:00:00.000Z');
      await first.saveProfile('tn_1', 'seller', 'alt', seller, '2026-01-01T00:00:00.000Z');
      await first.saveProfile('tn_2', 'buyer', 'b', buyer, '2026-01-01T00:00:00.000Z');
      expect(await first.findProfile('tn_1', 'seller', 'main')).toMatchObject({ version: 2, data: renamed });
      expect(await first.findProfile('tn_1', 'buyer', 'main')).toBeNull();
      expect(await first.findProfile('tn_3', 'seller', 'main')).toBeNull();
      expect((await first.listProfiles('tn_1')).map((p) => `${p.role} ${p.id}`)).toEqual([
        'seller alt',
        'seller main',
        'buyer B',
        'buyer b',
      ]);
      expect(await first.listProfiles('tn_2')).toHaveLength(1);
      expect(await first.deleteProfile('tn_2', 'seller', 'main')).toBe(false);
      expect(await first.deleteProfile('tn_1', 'seller', 'main')).toBe(true);
      expect(await first.deleteProfile('tn_1', 'seller', 'main')).toBe(false);
      expect(
        (await first.saveProfile('tn_1', 'seller', 'main', seller, '2026-01-03T00:00:00.000Z')).version,
      ).toBe(1);
    });

    it('keeps seller layouts per tenant under each seller key, the latest learned winning', async () => {
      const { first, second } = await open();
      const box = { x: 0.1, y: 0.2, width: 0.1, height: 0.01 };
      const learned: SellerLayout = {
        version: 1,
        terms: { 'BT-1': { page: 1, box, label: { text: 'pièce', box } } },
      };
      const relearned: SellerLayout = { version: 1, terms: { 'BT-112': { page: 1, box } } };
      const keys = ['VAT FR44732829320', 'SIREN 732829320'];
      expect(await first.findSellerLayout('tn_1', keys)).toBeNull();
      await first.saveSellerLayout('tn_1', keys, learned, '2026-01-01T00:00:00.000Z');
      const other = await second();
      expect(await other.findSellerLayout('tn_1', ['SIREN 732829320'])).toEqual({
        key: 'SIREN 732829320',
        layout: learned,
        learnedAt: '2026-01-01T00:00:00.000Z',
      });
      expect(await other.findSellerLayout('tn_2', keys)).toBeNull();
      expect(await other.findSellerLayout('tn_1', [])).toBeNull();
      // A new correction replaces the layout under the keys it names; the newest of several is found.
      await other.saveSellerLayout(
        'tn_1',
        ['IBAN FR7630006000011234567890189'],
        relearned,
        '2026-01-02T00:00:00.000Z',
      );
      await other.saveSellerLayout('tn_2', keys, relearned, '2026-01-03T00:00:00.000Z');
      expect(
        await first.findSellerLayout('tn_1', [...keys, 'IBAN FR7630006000011234567890189']),
      ).toMatchObject({ key: 'IBAN FR7630006000011234567890189', layout: relearned });
      await first.saveSellerLayout('tn_1', keys, relearned, '2026-01-04T00:00:00.000Z');
      expect(await first.findSellerLayout('tn_1', ['VAT FR44732829320'])).toEqual({
        key: 'VAT FR44732829320',
        layout: relearned,
        learnedAt: '2026-01-04T00:00:00.000Z',
      });
    });

    it('numbers concurrent saves of one profile one after the other', async () => {
      const { first, second } = await open();
      const other = await second();
      const data = { buyer: { name: 'Cabinet Essai', address: { country_code: 'FR' } } };
      const saved = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? first : other).saveProfile('tn_1', 'buyer', 'x', data, '2026-01-01T00:00:00.000Z'),
        ),
      );
      expect(saved.map((p) => p.version).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
    });

    it('keeps one activation per address, replaces an expired unused one, and uses a token once', async () => {
      const { first } = await open();
      const at = '2026-01-01T12:00:00.000Z';
      expect(await first.beginActivation(activation('a@x.example', 't1'), at)).toBeNull();
      expect(await first.beginActivation(activation('a@x.example', 't2'), at)).toEqual(
        activation('a@x.example', 't1'),
      );
      expect(await first.useActivation('t0', at)).toEqual({ status: 'unknown' });
      expect(await first.useActivation('t1', '2026-01-02T00:00:00.000Z')).toEqual({ status: 'expired' });
      const later = '2026-01-03T00:00:00.000Z';
      expect(
        await first.beginActivation(activation('a@x.example', 't3', '2026-01-04T00:00:00.000Z'), later),
      ).toBeNull();
      expect(await first.useActivation('t1', later)).toEqual({ status: 'unknown' });
      expect(await first.useActivation('t3', later)).toEqual({
        status: 'activated',
        record: { ...activation('a@x.example', 't3', '2026-01-04T00:00:00.000Z'), activatedAt: later },
      });
      expect(await first.useActivation('t3', later)).toEqual({ status: 'used' });
      // Used: never replaced, even once expired.
      expect(
        (
          await first.beginActivation(
            activation('a@x.example', 't4', '2026-02-01T00:00:00.000Z'),
            '2026-01-20T00:00:00.000Z',
          )
        )?.activatedAt,
      ).toBe(later);
    });

    it('activates a token once when it is used twice at the same moment', async () => {
      const { first, second } = await open();
      const other = await second();
      await first.beginActivation(activation('b@x.example', 'tb'), '2026-01-01T12:00:00.000Z');
      const uses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? first : other).useActivation('tb', '2026-01-01T13:00:00.000Z'),
        ),
      );
      expect(uses.filter((u) => u.status === 'activated')).toHaveLength(1);
      expect(uses.filter((u) => u.status === 'used')).toHaveLength(5);
    });
  });
}

/** The operations only the SQL store has: the servers' periodic sweep, and the secrets they share. */
for (const name of ['sqlite', 'postgres'] as const) {
  describe.skipIf(ENGINES[name] === null)(`the servers' own operations on ${name}`, () => {
    const open = async () => {
      const { first, second } = await ENGINES[name]!.open();
      return { first: first as SqlStorage, second: async () => (await second()) as SqlStorage };
    };
    // Cutoffs so old that a lookup forgets nothing itself: only the sweep forgets.
    const KEEP_ALL = { inProgressBefore: '2000-01-01T00:00:00.000Z', doneBefore: '2000-01-01T00:00:00.000Z' };

    it('forgets, for every tenant, the idempotency records past their cutoffs, and only those', async () => {
      const { first } = await open();
      const response = { status: 200, body: { valid: true } };
      const records = {
        died: started('died', '2025-12-31T23:00:00.000Z'),
        running: started('running', '2026-01-01T10:00:00.000Z'),
        old: started('old', '2025-12-30T00:00:00.000Z'),
        recent: started('recent', '2026-01-01T09:00:00.000Z'),
        otherTenant: { ...started('died', '2025-12-31T22:00:00.000Z'), tenant: 'tn_2' },
      };
      for (const record of Object.values(records)) await first.beginIdempotent(record, KEEP_ALL);
      for (const k of ['old', 'recent']) await first.completeIdempotent('tn_1', k, response);
      await first.forgetExpiredIdempotency(CUTOFFS);
      const kept = async (record: IdempotencyRecord) =>
        (await first.beginIdempotent({ ...record, payloadHash: 'again' }, KEEP_ALL)) !== null;
      expect({
        died: await kept(records.died),
        running: await kept(records.running),
        old: await kept(records.old),
        recent: await kept(records.recent),
        otherTenant: await kept(records.otherTenant),
      }).toEqual({ died: false, running: true, old: false, recent: true, otherTenant: false });
    });

    it('keeps the first secret a server offers under a name, for every server of the store', async () => {
      const { first, second } = await open();
      const other = await second();
      const at = '2026-01-01T00:00:00.000Z';
      const offered = await Promise.all(
        ['a', 'b', 'c', 'd'].map((fresh, i) => (i % 2 ? other : first).serverSecret('jwt', fresh, at)),
      );
      expect(new Set(offered).size).toBe(1);
      expect(['a', 'b', 'c', 'd']).toContain(offered[0]);
      expect(await first.serverSecret('jwt', 'e', at)).toBe(offered[0]);
      expect(await other.serverSecret('another', 'f', at)).toBe('f');
    });
  });
}
