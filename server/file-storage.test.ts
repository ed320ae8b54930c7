import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_TENANT, services, storedLocalContext } from '../core/service';
import { FileStorage, STORE_FILE } from './file-storage';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-store-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const tenant = {
  id: 'tn_1',
  email: 'a@example.com',
  plan: 'launch' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('FileStorage', () => {
  it('keeps what it was told across a reopen, in one JSON file and no temporary leftovers', async () => {
    const first = await FileStorage.open(dataDir);
    await first.putTenant(tenant);
    await first.reserve('tn_1', '2026-01-01', 5);
    await first.settle('tn_1', '2026-01-01', 'charge');
    const second = await FileStorage.open(dataDir);
    expect(await second.getTenant('tn_1')).toEqual(tenant);
    expect(await second.usage('tn_1', '2026-01-01')).toEqual({ used: 1, reserved: 0 });
    expect(await readdir(dataDir)).toEqual([STORE_FILE]);
    expect(JSON.parse(await readFile(path.join(dataDir, STORE_FILE), 'utf8')).tenants.tn_1.email).toBe(
      'a@example.com',
    );
  });

  it('serializes concurrent reservations so the limit holds', async () => {
    const storage = await FileStorage.open(dataDir);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => storage.reserve('tn_1', 'p', 3)));
    expect(outcomes.filter(Boolean)).toHaveLength(3);
    expect(await (await FileStorage.open(dataDir)).usage('tn_1', 'p')).toEqual({ used: 0, reserved: 3 });
  });

  it('sees a change written by another process', async () => {
    const server = await FileStorage.open(dataDir);
    expect(await server.getTenant('tn_1')).toBeNull();
    const admin = await FileStorage.open(dataDir);
    await admin.putTenant(tenant);
    expect(await server.getTenant('tn_1')).toEqual(tenant);
  });

  it('refuses to start on a damaged store instead of replacing it', async () => {
    await writeFile(path.join(dataDir, STORE_FILE), '{ not json');
    await expect(FileStorage.open(dataDir)).rejects.toThrow();
  });
});

describe('the desktop store', () => {
  it('keeps the local tenant’s saved profiles across a restart of the app', async () => {
    const first = await storedLocalContext(await FileStorage.open(dataDir));
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
    const second = await storedLocalContext(await FileStorage.open(dataDir));
    expect(second.tenant).toBe(LOCAL_TENANT);
    expect(await second.storage.getTenant(LOCAL_TENANT)).toMatchObject({ plan: 'local' });
    expect(await second.storage.findProfile(LOCAL_TENANT, 'buyer', 'essai')).toMatchObject({
      version: 1,
      data,
    });
  });
});
