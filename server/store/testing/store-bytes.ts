/** Test helper: everything a data directory's SQLite store holds on disk (the file and its WAL), as text. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SQLITE_FILE } from '../open-store';

export async function storeBytes(dataDir: string): Promise<string> {
  const files = (await readdir(dataDir)).filter((name) => name.startsWith(SQLITE_FILE)).sort();
  if (files.length === 0) throw new Error(`no ${SQLITE_FILE} in ${dataDir}`);
  const parts = await Promise.all(files.map((name) => readFile(path.join(dataDir, name))));
  return Buffer.concat(parts).toString('latin1');
}
