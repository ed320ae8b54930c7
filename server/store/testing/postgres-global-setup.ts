/**
 * Vitest global setup: one PostgreSQL cluster for the whole test run, started in the background so
 * that runs without PostgreSQL suites do not wait for it, and stopped at the end. Test files learn its
 * address (or why there is none) from a file in the folder provided as `postgresState`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresState: string;
  }
}

export const READY_FILE = 'ready.json';

export default function setup(project: TestProject): () => Promise<void> {
  const state = mkdtempSync(path.join(tmpdir(), 'facturx-pg-state-'));
  project.provide('postgresState', state);
  const started: Promise<PostgresCluster | null> = startPostgresCluster().then(
    (cluster) => {
      writeFileSync(path.join(state, READY_FILE), JSON.stringify({ ok: true, url: cluster.url }));
      return cluster;
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      writeFileSync(path.join(state, READY_FILE), JSON.stringify({ ok: false, reason }));
      return null;
    },
  );
  return async () => {
    await (await started)?.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
