/** Where `serve`, `worker` and `keys` keep their store: `--database` or DATABASE_URL, else SQLite in the data folder. */
import { isPostgresUrl, type StoreLocation } from '../../server/store/open-store';
import { defaultDataDir } from './data-dir';
import { str, type Values } from './io';

export type LocationRead =
  | { readonly ok: true; readonly location: StoreLocation; readonly shown: string }
  | { readonly ok: false; readonly message: string };

export function storeLocation(values: Values, env: NodeJS.ProcessEnv = process.env): LocationRead {
  const dataDir = str(values, 'data-dir') ?? defaultDataDir();
  const databaseUrl = str(values, 'database') ?? (env.DATABASE_URL || undefined);
  if (databaseUrl === undefined) return { ok: true, location: { dataDir }, shown: dataDir };
  if (!isPostgresUrl(databaseUrl)) {
    return {
      ok: false,
      message: '--database (or DATABASE_URL) must be a postgres:// or postgresql:// address',
    };
  }
  // The address may carry a password: show the host and database only.
  const url = new URL(databaseUrl);
  return {
    ok: true,
    location: { dataDir, databaseUrl },
    shown: `postgres://${url.host}${url.pathname}`,
  };
}
