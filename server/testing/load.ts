/**
 * The load of `npm run bench -- server`: one request body POSTed for a while from several keep-alive
 * connections to a running server, each request with the next of a few API keys (so that no tenant's
 * quota runs out during a run). Sent by wrk (Debian's, a C program in its own process: it leaves the
 * server nearly all of the machine), installed with apt-get when missing and the bench runs as root;
 * else by Node's HTTP client in this process, which takes a good share of the processor from the
 * server, as the bench then says.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile } from '../../core/testing/bench';

export interface LoadSpec {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** One per request in turn, as `X-API-Key`. */
  readonly apiKeys: readonly string[];
  readonly connections: number;
  readonly seconds: number;
}

export interface LoadRun {
  readonly requests: number;
  readonly seconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers other than 2xx, and connections that failed: a run with any says so. */
  readonly failed: number;
  /** Processor time the load generator itself used, per request (null when unknown). */
  readonly generatorCpuMs: number | null;
}

export interface LoadGenerator {
  /** What sends the requests, as the bench prints it. */
  readonly name: string;
  run(spec: LoadSpec): Promise<LoadRun>;
}

/** wrk, or why not: missing, and not installable here. */
function wrkVersion(): string | null {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  return /wrk\s+(\S+)/.exec(probe.stdout)?.[1] ?? 'unknown version';
}

function installWrk(): string {
  if (process.getuid?.() !== 0) return 'wrk is not installed and the bench does not run as root';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', 'wrk'], { encoding: 'utf8', env, timeout: 300_000 });
  let run = install();
  if (run.status !== 0 && !run.error) {
    spawnSync('apt-get', ['update', '-q'], { encoding: 'utf8', env, timeout: 300_000 });
    run = install();
  }
  if (run.error) return `apt-get could not run (${run.error.message})`;
  return run.status === 0
    ? ''
    : `apt-get install wrk failed: ${(run.stderr || run.stdout).trim().split('\n').at(-1)}`;
}

/** Lua text of a string (long brackets: nothing inside is an escape). */
const lua = (text: string): string => `[==[${text}]==]`;

/** The wrk script: the body from a file, the keys in turn, and the figures as one JSON line at the end. */
function wrkScript(spec: LoadSpec, bodyFile: string): string {
  const headers = Object.entries(spec.headers)
    .map(([name, value]) => `[ ${lua(name)} ] = ${lua(value)}`)
    .join(', ');
  return `
local keys = { ${spec.apiKeys.map(lua).join(', ')} }
local file = io.open(${lua(bodyFile)}, "rb")
local body = file:read("*a")
file:close()
local headers = { ${headers} }
local n = 0
request = function()
  n = n + 1
  headers["X-API-Key"] = keys[(n % #keys) + 1]
  return wrk.format("POST", ${lua(spec.url.pathname)}, headers, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"status":%d,"socket":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

function wrkGenerator(version: string): LoadGenerator {
  return {
    name: `wrk ${version} (its own process, one thread)`,
    run: async (spec) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'facturx-wrk-'));
      try {
        const bodyFile = path.join(dir, 'body');
        const script = path.join(dir, 'load.lua');
        writeFileSync(bodyFile, spec.body);
        writeFileSync(script, wrkScript(spec, bodyFile));
        const origin = `${spec.url.protocol}//${spec.url.host}/`;
        const wrk = [
          '-t1',
          `-c${spec.connections}`,
          `-d${spec.seconds}s`,
          '--timeout',
          '60s',
          '-s',
          script,
          origin,
        ];
        // bash's `time` gives the processor time wrk used.
        const run = spawnSync('bash', ['-c', 'TIMEFORMAT="cpu %3U %3S"; time wrk "$@"', 'bash', ...wrk], {
          encoding: 'utf8',
          timeout: (spec.seconds + 120) * 1000,
        });
        const figures = /\{"requests".*\}/.exec(run.stdout)?.[0];
        if (!figures) throw new Error(`wrk gave no figures: ${run.stdout}${run.stderr}`);
        const f = JSON.parse(figures) as Record<
          'requests' | 'us' | 'status' | 'socket' | 'p50' | 'p99',
          number
        >;
        const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(run.stderr);
        return {
          requests: f.requests,
          seconds: f.us / 1e6,
          p50Ms: f.p50 / 1000,
          p99Ms: f.p99 / 1000,
          failed: f.status + f.socket,
          generatorCpuMs: cpu ? ((Number(cpu[1]) + Number(cpu[2])) * 1000) / Math.max(1, f.requests) : null,
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Node's HTTP client in this process: what the bench falls back on. */
const nodeGenerator = (why: string): LoadGenerator => ({
  name: `Node's HTTP client in the bench's own process (${why})`,
  run: async (spec) => {
    const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
    const latencies: number[] = [];
    let failed = 0;
    let sent = 0;
    const cpuBefore = process.cpuUsage();
    const until = performance.now() + spec.seconds * 1000;
    const one = () =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        const req = request(
          {
            host: spec.url.hostname,
            port: spec.url.port,
            path: spec.url.pathname,
            method: 'POST',
            agent,
            headers: {
              ...spec.headers,
              'X-API-Key': spec.apiKeys[sent++ % spec.apiKeys.length]!,
              'Content-Length': spec.body.length,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - started);
              if ((res.statusCode ?? 0) >= 300) failed += 1;
              resolve();
            });
          },
        );
        req.on('error', () => {
          failed += 1;
          resolve();
        });
        req.end(spec.body);
      });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: spec.connections }, async () => {
        while (performance.now() < until) await one();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const cpu = process.cpuUsage(cpuBefore);
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      failed,
      generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    };
  },
});

/** wrk when it is there or can be installed; else Node's client, saying why. */
export function loadGenerator(): LoadGenerator {
  let version = wrkVersion();
  if (version) return wrkGenerator(version);
  const failure = installWrk();
  version = failure ? null : wrkVersion();
  return version
    ? wrkGenerator(`${version}, installed now with apt-get`)
    : nodeGenerator(failure || 'wrk not found after its install');
}
