/**
 * Every work queue operation, on SQLite and on PostgreSQL: entries kept with their bytes in the order
 * they came, changes written over, removal, the work under way marked interrupted at the next start
 * (including after the store was closed and opened again), and tenants apart.
 */
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewQueueEntry } from '../../core/bridge/work-queue';
import { migrate } from './migrations';
import { databaseAt, openStore } from './open-store';
import type { SqlStorage } from './sql-storage';
import { SqlWorkQueue } from './sql-work-queue';
import { engineLocations, type TestEngine } from './testing/engine-location';
import { testPostgres } from './testing/test-postgres';

const opened: SqlStorage[] = [];
afterAll(async () => {
  for (const store of opened.splice(0)) await store.close();
});

const postgres = await testPostgres();
const location = engineLocations(postgres, 'facturx-queue-');

/** A fresh store, and how to open it again (as the app's next start does). */
async function fresh(engine: TestEngine) {
  const where = await location(engine);
  const open = async () => {
    const storage = await openStore(where);
    opened.push(storage);
    return { storage, queue: new SqlWorkQueue(storage) };
  };
  return { ...(await open()), open };
}

const T0 = '2026-05-04T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

// Every byte value, so that the base64 round trip is seen whole.
const pdfBytes = Uint8Array.from({ length: 256 }, (_, i) => i);

const entry = (filename: string, overrides: Partial<NewQueueEntry> = {}): NewQueueEntry => ({
  file: { filename, bytes: pdfBytes, mediaType: 'application/pdf' },
  kind: 'pdf',
  target: 'en16931',
  work: 'under_way',
  state: JSON.stringify({ answers: { validate: 'pending' } }),
  ...overrides,
});

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !postgres.ok)(`the work queue on ${engine}`, () => {
    it('keeps each document with its bytes, kind, target and state, oldest first, to its tenant only', async () => {
      const { queue } = await fresh(engine);
      const [a, b] = await queue.add('local', [entry('a.pdf'), entry('b.xml', { kind: 'xml' })], at(0));
      const [c] = await queue.add(
        'local',
        [
          entry('c.json', {
            file: { filename: 'c.json', bytes: new Uint8Array([123, 125]) },
            kind: 'json',
            target: 'france_2026',
            work: 'finished',
            state: '{}',
          }),
        ],
        at(1),
      );
      await queue.add('other', [entry('theirs.pdf')], at(2));
      const kept = await queue.list('local');
      expect(kept.map((e) => [e.id, e.file.filename])).toEqual([
        [a, 'a.pdf'],
        [b, 'b.xml'],
        [c, 'c.json'],
      ]);
      expect(kept[0]).toEqual({
        id: a,
        file: { filename: 'a.pdf', bytes: pdfBytes, mediaType: 'application/pdf' },
        kind: 'pdf',
        target: 'en16931',
        status: 'under_way',
        state: JSON.stringify({ answers: { validate: 'pending' } }),
        addedAt: at(0),
        updatedAt: at(0),
      });
      expect(kept[0]?.file.bytes).toBeInstanceOf(Uint8Array);
      // A file without a declared media type comes back without one.
      expect(kept[2]).toMatchObject({ kind: 'json', target: 'france_2026', status: 'finished' });
      expect(kept[2]?.file).toEqual({ filename: 'c.json', bytes: new Uint8Array([123, 125]) });
      expect((await queue.list('other')).map((e) => e.file.filename)).toEqual(['theirs.pdf']);
      expect(await queue.add('local', [], at(3))).toEqual([]);
    });

    it('writes each change over the last, for its own tenant only', async () => {
      const { queue } = await fresh(engine);
      const [id] = await queue.add('local', [entry('a.pdf')], at(0));
      const change = { target: 'france_2026', work: 'finished', state: '{"valid":true}' } as const;
      expect(await queue.update('other', id!, change, at(5))).toBe(false);
      expect(await queue.update('local', id!, change, at(5))).toBe(true);
      expect(await queue.update('local', 'no-such-entry', change, at(5))).toBe(false);
      expect(await queue.list('local')).toMatchObject([
        {
          id,
          target: 'france_2026',
          status: 'finished',
          state: '{"valid":true}',
          addedAt: at(0),
          updatedAt: at(5),
        },
      ]);
    });

    it('removes the entries asked, of its own tenant only, and keeps the order of the rest', async () => {
      const { queue } = await fresh(engine);
      const ids = await queue.add(
        'local',
        ['a', 'b', 'c', 'd'].map((name) => entry(`${name}.pdf`)),
        at(0),
      );
      const [theirs] = await queue.add('other', [entry('theirs.pdf')], at(0));
      expect(await queue.remove('local', [ids[1]!, ids[3]!, theirs!, 'no-such-entry'])).toBe(2);
      expect(await queue.remove('local', [])).toBe(0);
      expect((await queue.list('local')).map((e) => e.file.filename)).toEqual(['a.pdf', 'c.pdf']);
      expect(await queue.list('other')).toHaveLength(1);
      // Added after a removal, still last.
      await queue.add('local', [entry('e.pdf')], at(1));
      expect((await queue.list('local')).map((e) => e.file.filename)).toEqual(['a.pdf', 'c.pdf', 'e.pdf']);
    });

    it('marks the work under way when the store was last closed as interrupted, and only that', async () => {
      const { storage, queue, open } = await fresh(engine);
      const [running, done] = await queue.add(
        'local',
        [entry('running.pdf'), entry('done.pdf', { work: 'finished' })],
        at(0),
      );
      const [theirs] = await queue.add('other', [entry('theirs.pdf')], at(0));
      await storage.close();
      opened.splice(opened.indexOf(storage), 1);

      const next = (await open()).queue;
      expect(await next.interruptUnderWay('local', at(60))).toBe(1);
      expect(await next.interruptUnderWay('local', at(61))).toBe(0);
      const kept = await next.list('local');
      expect(kept.map((e) => [e.id, e.status, e.updatedAt])).toEqual([
        [running, 'interrupted', at(60)],
        [done, 'finished', at(0)],
      ]);
      expect((await next.list('other')).map((e) => [e.id, e.status])).toEqual([[theirs, 'under_way']]);
      // Checked again, it is under way (then finished) like any other entry.
      const change = { target: 'en16931', work: 'under_way', state: '{}' } as const;
      expect(await next.update('local', running!, change, at(70))).toBe(true);
      expect((await next.list('local'))[0]?.status).toBe('under_way');
    });

    it('carries the documents an earlier release kept (bytes as base64 text) over, byte for byte', async () => {
      const where = await location(engine);
      const earlier = databaseAt(where);
      await migrate(earlier as Kysely<unknown>, '0005-work-queue');
      const row = {
        tenant: 'local',
        position: 1,
        media_type: 'application/pdf',
        kind: 'pdf',
        target: 'en16931',
      };
      const times = { status: 'finished', state: '{"answers":{}}', added_at: at(0), updated_at: at(0) };
      await (earlier as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('work_queue')
        .values([
          {
            ...row,
            ...times,
            id: 'kept-1',
            filename: 'every-byte.pdf',
            bytes: Buffer.from(pdfBytes).toString('base64'),
          },
          { ...row, ...times, id: 'kept-2', position: 2, filename: 'empty.pdf', bytes: '' },
        ])
        .execute();
      await earlier.destroy();

      const storage = await openStore(where);
      opened.push(storage);
      const kept = await new SqlWorkQueue(storage).list('local');
      expect(kept.map((e) => [e.id, e.file.filename, [...e.file.bytes]])).toEqual([
        ['kept-1', 'every-byte.pdf', [...pdfBytes]],
        ['kept-2', 'empty.pdf', []],
      ]);
      expect(kept[0]?.file.bytes).toBeInstanceOf(Uint8Array);
    });
  });
}
