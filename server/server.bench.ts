/**
 * `npm run bench -- server`: requests per second and p99 latency of a real `facturx serve` (its own
 * process, from the sources) under a steady load of concurrent keep-alive clients from this process:
 * `POST /api/v1/validate` of a typical invoice (a golden example's CII XML, EN 16931) and a final
 * `xml_cii` convert from `invoice_data` (quota reserved, charged), on SQLite and on a throwaway
 * PostgreSQL. Goals on SQLite, 2 cores: 300 validations/s and 150 converts/s. Beside the rate, the
 * server process's processor time per request (from /proc, all its threads), and the rate its 2 cores
 * would allow at that cost: a figure a machine shared with other work does not distort as much.
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiKey } from '../core/service/auth';
import { localContext, services } from '../core/service';
import { GOLDEN_EXAMPLES } from '../core/invoice-data/examples';
import { percentile } from '../core/testing/bench';
import { openStore, type StoreLocation } from './store/open-store';
import { startCli } from './store/testing/cli-process';
import { createDatabase, startPostgresCluster } from './store/testing/postgres-cluster';

/** Clients sending at once: enough to keep both cores busy, few enough to read latency. */
const CONCURRENCY = 16;
const WARMUP = 50;
/** Each figure is measured over this many requests (a business key's quota covers one run). */
const REQUESTS = 1500;

interface Load {
  readonly label: string;
  readonly path: string;
  readonly body: Buffer;
  readonly contentType: string;
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
    },
    {
      label: 'POST /api/v1/convert (invoice_data → xml_cii)',
      path: '/api/v1/convert',
      ...multipart([
        { name: 'invoice_data', value: invoiceData },
        { name: 'output', value: 'xml_cii' },
      ]),
    },
  ];
}

/** Sends `count` requests from `CONCURRENCY` clients; each request's latency, and the run's seconds. */
async function drive(base: URL, apiKey: string, load: Load, count: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          path: load.path,
          method: 'POST',
          agent,
          headers: {
            'X-API-Key': apiKey,
            'Content-Type': load.contentType,
            'Content-Length': load.body.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(load.body);
    });
  const client = async () => {
    while (sent < count) {
      sent += 1;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), seconds, statuses };
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

async function benchStore(engine: string, where: StoreLocation): Promise<void> {
  const store = await openStore(where);
  const keys: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    keys.push(
      (await createApiKey(store, { email: `bench${i}@example.com`, plan: 'business' }, new Date())).apiKey,
    );
  }
  await store.close();
  const args = ['serve', '--port', '0', '--rate-limit', '0', '--data-dir', where.dataDir];
  if (where.databaseUrl) args.push('--database', where.databaseUrl);
  const server = await startCli(args, /^listening on (\S+)$/);
  try {
    const base = new URL(server.match[1]!);
    const all = await loads();
    for (const [i, load] of all.entries()) {
      await drive(base, keys[i]!, load, WARMUP);
      const cpuBefore = await cpuMsOf(server.child.pid);
      const run = await drive(base, keys[i]!, load, REQUESTS);
      const cpuAfter = await cpuMsOf(server.child.pid);
      const answered = [...run.statuses].map(([status, n]) => `${n}×${status}`).join(', ');
      const perRequest =
        cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / run.latencies.length : null;
      const cost =
        perRequest === null
          ? ''
          : `; server CPU ${perRequest.toFixed(1)} ms a request, ${((CORES * 1000) / perRequest).toFixed(0)}/s on ${CORES} free cores`;
      console.log(
        `${engine}: ${load.label}: ${(run.latencies.length / run.seconds).toFixed(0)} requests/s, ` +
          `p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms ` +
          `(${run.latencies.length} requests, ${CONCURRENCY} at once; ${answered}${cost})`,
      );
    }
  } finally {
    await server.stop();
  }
}

export default async function serverBench(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'facturx-bench-server-'));
  try {
    await benchStore('SQLite', { dataDir: path.join(dir, 'sqlite') });
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      console.log(`PostgreSQL: not measured (${String(error)})`);
    }
    if (cluster) {
      try {
        const databaseUrl = await createDatabase(cluster.url, 'bench');
        await benchStore('PostgreSQL', { dataDir: path.join(dir, 'pg'), databaseUrl });
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
