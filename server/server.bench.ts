/**
 * `npm run bench -- server`: requests per second and latency (p50, p99) of a real `facturx serve` (its
 * own process, the built command a user runs, built first) under a steady load of keep-alive connections (server/testing/load.ts:
 * wrk in its own process, or Node's client in this one when wrk cannot be had): `POST /api/v1/validate`
 * of a typical invoice (a golden example's CII XML, EN 16931) and a final `xml_cii` convert from
 * `invoice_data` (quota reserved, charged), on SQLite and on a throwaway PostgreSQL. Every request is
 * authenticated, charged to its tenant's quota and answered in full; a run with any other answer says
 * so. Goals on SQLite with 2 cores: 300 validations/s and 150 converts/s. Beside the rate, the
 * server's processor time per request (from /proc, all its threads), and the rate its 2 cores would
 * allow at that cost: a figure a machine shared with other work does not distort as much.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../core/service/auth';
import { localContext, services } from '../core/service';
import { GOLDEN_EXAMPLES } from '../core/invoice-data/examples';
import { openStore, type StoreLocation } from './store/open-store';
import { startScript } from './store/testing/cli-process';
import { createDatabase, startPostgresCluster } from './store/testing/postgres-cluster';
import { loadGenerator, type LoadGenerator } from './testing/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Connections sending at once: enough to keep both cores busy, few enough to read latency. */
const CONNECTIONS = 16;
/** Enough for the engine threads to be compiled by the JIT: a cold run costs more per request. */
const WARMUP_SECONDS = 8;
const SECONDS = 10;
/** Tenants per load, their keys used in turn: more quota than a run at any likely rate can use. */
const TENANTS = 20;

interface Load {
  readonly label: string;
  readonly path: string;
  readonly body: Buffer;
  readonly contentType: string;
  /** Requests per second wanted on SQLite. */
  readonly goal: number;
}

function multipart(parts: readonly { name: string; value: string; filename?: string }[]) {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map(
    (p) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
      (p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/xml` : '') +
      `\r\n\r\n${p.value}\r\n`,
  );
  return {
    body: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function loads(): Promise<Load[]> {
  const invoiceData = JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data);
  const converted = await services.convert(
    { fields: { invoice_data: invoiceData, output: 'xml_cii' }, files: {}, query: {} },
    localContext(),
  );
  const xml = Buffer.from((converted.body as { result: { xml: string } }).result.xml, 'base64').toString();
  return [
    {
      label: 'POST /api/v1/validate (EN 16931 CII)',
      path: '/api/v1/validate',
      ...multipart([{ name: 'file', value: xml, filename: 'invoice.xml' }]),
      goal: 300,
    },
    {
      label: 'POST /api/v1/convert (invoice_data → xml_cii)',
      path: '/api/v1/convert',
      ...multipart([
        { name: 'invoice_data', value: invoiceData },
        { name: 'output', value: 'xml_cii' },
      ]),
      goal: 150,
    },
  ];
}

const CORES = 2;

/** The processor time a process used so far, in ms (Linux /proc; null elsewhere). */
async function cpuMsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function benchStore(engine: string, where: StoreLocation, generator: LoadGenerator): Promise<void> {
  const all = await loads();
  const store = await openStore(where);
  const keys: string[][] = all.map(() => []);
  for (const [i, set] of keys.entries()) {
    for (let t = 0; t < TENANTS; t += 1) {
      const email = `bench${i}-${t}@example.com`;
      set.push((await createApiKey(store, { email, plan: 'business' }, new Date())).apiKey);
    }
  }
  await store.close();
  const args = ['serve', '--port', '0', '--rate-limit', '0', '--data-dir', where.dataDir];
  if (where.databaseUrl) args.push('--database', where.databaseUrl);
  const server = await startScript('bin/facturx.js', args, /^listening on (\S+)$/);
  try {
    const base = new URL(server.match[1]!);
    for (const [i, load] of all.entries()) {
      const spec = {
        url: new URL(load.path, base),
        headers: { 'Content-Type': load.contentType },
        body: load.body,
        apiKeys: keys[i]!,
        connections: CONNECTIONS,
      };
      await generator.run({ ...spec, seconds: WARMUP_SECONDS });
      const cpuBefore = await cpuMsOf(server.child.pid);
      const run = await generator.run({ ...spec, seconds: SECONDS });
      const cpuAfter = await cpuMsOf(server.child.pid);
      const rate = run.requests / run.seconds;
      const perRequest =
        cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / run.requests : null;
      const cost =
        perRequest === null
          ? ''
          : `; server CPU ${perRequest.toFixed(2)} ms a request, ${((CORES * 1000) / perRequest).toFixed(0)}/s on ${CORES} free cores`;
      const sender =
        run.generatorCpuMs === null
          ? ''
          : `; the load generator's CPU ${run.generatorCpuMs.toFixed(2)} ms a request`;
      const failed = run.failed > 0 ? `; ${run.failed} requests NOT answered 2xx (the rate counts them)` : '';
      const goal =
        engine === 'SQLite'
          ? `; goal ≥ ${load.goal}/s: ${rate >= load.goal && run.failed === 0 ? 'met' : 'NOT met'}`
          : '';
      console.log(
        `${engine}: ${load.label}: ${rate.toFixed(0)} requests/s, p50 ${run.p50Ms.toFixed(1)} ms, ` +
          `p99 ${run.p99Ms.toFixed(1)} ms (${run.requests} requests in ${run.seconds.toFixed(1)} s, ` +
          `${CONNECTIONS} connections${failed}${cost}${sender})${goal}`,
      );
    }
  } finally {
    await server.stop();
  }
}

export default async function serverBench(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'bin', 'build.mjs'), 'cli'], { cwd: ROOT });
  const generator = loadGenerator();
  console.log(
    `load: ${generator.name}, ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s of warm-up then ` +
      `${SECONDS} s measured per figure; load average ${loadavg()[0]!.toFixed(1)} at start`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'facturx-bench-server-'));
  try {
    await benchStore('SQLite', { dataDir: path.join(dir, 'sqlite') }, generator);
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      console.log(`PostgreSQL: not measured (${String(error)})`);
    }
    if (cluster) {
      try {
        const databaseUrl = await createDatabase(cluster.url, 'bench');
        await benchStore('PostgreSQL', { dataDir: path.join(dir, 'pg'), databaseUrl }, generator);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
}
