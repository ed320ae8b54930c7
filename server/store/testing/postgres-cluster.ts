/**
 * A throwaway PostgreSQL cluster for the test run and the benchmark: `initdb` in a temporary folder,
 * `pg_ctl` on a free loopback port, everything removed at the end. Debian's PostgreSQL is installed
 * first when it is missing and this process may (root with apt-get), so that a fresh machine needs
 * nothing by hand. As root the server runs as the `postgres` user, which initdb requires.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  /** Address of the `postgres` database, superuser `postgres`, no password (trust on loopback). */
  readonly url: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** The newest installed server's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
function serverBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(base, majors[0], 'bin') : null;
}

function install(): string | null {
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) return null;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  console.error('PostgreSQL server not found: installing Debian package postgresql (apt-get)');
  if (run(['install', '-y', '--no-install-recommends', 'postgresql']).status !== 0) {
    run(['update']);
    run(['install', '-y', '--no-install-recommends', 'postgresql']);
  }
  return serverBinDir();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function run(bin: string, args: readonly string[]): Promise<void> {
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, [...args]];
  return new Promise((resolve, reject) => {
    execFile(command, argv, { cwd: tmpdir() }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${path.basename(bin)}: ${stderr.trim() || error.message}`)) : resolve(),
    );
  });
}

/** Starts a cluster; throws with the reason when PostgreSQL is missing and cannot be installed. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = serverBinDir() ?? install();
  if (!bin) throw new Error('no PostgreSQL server (initdb) on this machine, and it cannot be installed here');
  const dir = mkdtempSync(path.join(tmpdir(), 'facturx-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  writeFileSync(log, '');
  if (isRoot()) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    for (const owned of [dir, log]) chownSync(owned, id('-u'), id('-g'));
  }
  try {
    await run(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    // The data is thrown away: nothing needs to reach the disk; many test servers connect at once.
    const settings = [
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ];
    let lastError: unknown;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const port = await freePort();
      try {
        await run(path.join(bin, 'pg_ctl'), [
          '-D',
          data,
          '-l',
          log,
          '-w',
          '-t',
          '120',
          '-o',
          `${settings.join(' ')} -c port=${port}`,
          'start',
        ]);
      } catch (error) {
        // Another process took the port between the probe and the start: try another.
        lastError = error;
        continue;
      }
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        stop: async () => {
          await run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(
            () => undefined,
          );
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    throw lastError;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A new empty database in the cluster, for one test file or one benchmark run; its address. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
