/**
 * Opens the store of a server, a `facturx keys` command or the desktop: PostgreSQL when a
 * `postgres://` address is given (servers sharing one store), else one SQLite file in the data
 * directory (WAL, so that readers never wait for the writer). The schema is brought up to date, and a
 * JSON store left by an earlier version is imported, before anything else runs.
 */
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { importJsonStore } from './json-import';
import { migrate } from './migrations';
import type { Engine, StoreTables } from './schema';
import { SqlStorage } from './sql-storage';

export const SQLITE_FILE = 'facturx.sqlite';

/** `postgres://…` or `postgresql://…`: the only kind of address `--database` takes. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\/./i.test(url);

export interface StoreLocation {
  /** The data directory: the SQLite file, the JSON store to import, the outbox. */
  readonly dataDir: string;
  /** A PostgreSQL address; without it, SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  /** Connections a PostgreSQL pool may open (default 10). */
  readonly poolSize?: number;
}

function postgresDb(location: StoreLocation & { databaseUrl: string }): Kysely<StoreTables> {
  if (!isPostgresUrl(location.databaseUrl)) {
    throw new Error('the database address must start with postgres:// or postgresql://');
  }
  const pool = new pg.Pool({ connectionString: location.databaseUrl, max: location.poolSize ?? 10 });
  // An idle connection the server closed must not take the process down with it.
  pool.on('error', (error) => console.error(`facturx store: idle connection lost: ${error.message}`));
  return new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool }) });
}

/** Statements kept per SQLite file: more than the distinct queries of the store. */
const KEPT_STATEMENTS = 256;

/**
 * The query builder prepares every query it runs, and SQLite compiles each statement it is given: a
 * request's dozen queries cost more to compile than to run. The compiled statements are kept by their
 * text (the values are parameters, so the texts are few) and run again. better-sqlite3 runs a statement
 * to its end before anything else happens in the thread, so one is never used twice at once.
 */
export function keepingStatements(database: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = kept.get(text);
      if (!statement) {
        statement = database.prepare(text);
        // Beyond the bound (queries built with values in their text), the oldest kept makes room.
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
        kept.set(text, statement);
      }
      return statement;
    },
  };
}

function sqliteDb(file: string): Kysely<StoreTables> {
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  // Committed transactions survive the process being killed; only a power loss may drop the last ones.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 10000');
  return new Kysely<StoreTables>({ dialect: new SqliteDialect({ database: keepingStatements(database) }) });
}

/** The store's database as it stands, no migration applied: how a test builds a store of an earlier release. */
export function databaseAt(location: StoreLocation): Kysely<StoreTables> {
  return location.databaseUrl === undefined
    ? sqliteDb(path.resolve(location.dataDir, SQLITE_FILE))
    : postgresDb({ ...location, databaseUrl: location.databaseUrl });
}

/**
 * SQLite files open in this thread, shared by every store opened on them. SQLite waits for another
 * connection's lock by blocking the thread, so a second connection in the thread of the first would
 * wait forever for a transaction that can only finish on that same thread; one shared connection
 * instead queues its transactions (another process, or another thread, waits its turn normally).
 */
const openFiles = new Map<string, { ready: Promise<Kysely<StoreTables>>; users: number }>();

async function prepared(db: Kysely<StoreTables>, engine: Engine, dataDir: string, now: Date) {
  try {
    await migrate(db as Kysely<unknown>);
    await importJsonStore(new SqlStorage(db, engine, async () => undefined), dataDir, now);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

export async function openStore(location: StoreLocation, now: Date = new Date()): Promise<SqlStorage> {
  await mkdir(location.dataDir, { recursive: true, mode: 0o700 });
  if (location.databaseUrl !== undefined) {
    const db = await prepared(
      postgresDb({ ...location, databaseUrl: location.databaseUrl }),
      'postgres',
      location.dataDir,
      now,
    );
    return new SqlStorage(db, 'postgres', () => db.destroy());
  }
  const file = path.resolve(location.dataDir, SQLITE_FILE);
  let entry = openFiles.get(file);
  if (!entry) {
    entry = { ready: prepared(sqliteDb(file), 'sqlite', location.dataDir, now), users: 0 };
    openFiles.set(file, entry);
    entry.ready.catch(() => openFiles.delete(file));
  }
  entry.users += 1;
  const shared = entry;
  let db: Kysely<StoreTables>;
  try {
    db = await shared.ready;
  } catch (error) {
    shared.users -= 1;
    throw error;
  }
  let released = false;
  return new SqlStorage(db, 'sqlite', async () => {
    if (released) return;
    released = true;
    shared.users -= 1;
    if (shared.users > 0) return;
    openFiles.delete(file);
    await db.destroy();
  });
}
