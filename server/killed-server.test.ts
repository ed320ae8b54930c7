/**
 * A real `facturx serve` process killed with SIGKILL in the middle of a batch (validations that charge,
 * profile saves, sandbox keys activated), on SQLite and on PostgreSQL: every answered charge, key and
 * profile is in the store afterwards, no charge appears that no call could have made, and a restart
 * gives back the reservations the dead process held. The kill comes after a count of answers, with
 * requests still in flight; no step waits on time.
 */
import { describe, expect, it } from 'vitest';
import { createApiKey, hashApiKey } from '../core/service/auth';
import { quotaPeriod, RESERVATION_TTL_MS } from '../core/service/quota';
import { startServer } from './start';
import { openStore } from './store/open-store';
import { startCli } from './store/testing/cli-process';
import { engineLocations } from './store/testing/engine-location';
import { testPostgres } from './store/testing/test-postgres';
import { activationTokenSentTo } from './test-server';

const postgres = await testPostgres();
const location = engineLocations(postgres, 'facturx-kill-');

const XML = `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>`;
const BUYER = { buyer: { name: 'Cabinet Essai', address: { country_code: 'FR' } } };
/** Answers before the kill, and requests kept in flight all along. */
const ANSWERS_BEFORE_KILL = 24;
const IN_FLIGHT = 6;

interface Batch {
  validationsSent: number;
  validationsCharged: number;
  /** Profile id → the version its save answered. */
  readonly profiles: Map<string, number>;
  readonly apiKeys: string[];
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !postgres.ok)(`a server on ${engine} killed with SIGKILL`, () => {
    it('loses no answered charge, key or profile, and its reservations are released by a restart', async () => {
      const where = await location(engine);
      const { dataDir } = where;
      const setup = await openStore(where);
      const { apiKey, record } = await createApiKey(
        setup,
        { email: 'batch@example.com', plan: 'scale' },
        new Date(),
      );
      await setup.close();

      const server = await startCli(
        [
          'serve',
          '--port',
          '0',
          '--rate-limit',
          '0',
          '--data-dir',
          dataDir,
          ...(where.databaseUrl ? ['--database', where.databaseUrl] : []),
        ],
        /^listening on (http:\/\/\S+)$/,
      );
      const url = server.match[1]!;
      const startedAt = new Date();
      const batch: Batch = { validationsSent: 0, validationsCharged: 0, profiles: new Map(), apiKeys: [] };
      const post = (route: string, init: RequestInit) =>
        fetch(`${url}${route}`, { method: 'POST', ...init }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));

      const operations = [
        async () => {
          batch.validationsSent += 1;
          const form = new FormData();
          form.append('file', new Blob([XML], { type: 'application/xml' }), 'invoice.xml');
          const answer = await post('/api/v1/validate', { headers: { 'X-API-Key': apiKey }, body: form });
          if (answer.status === 200) batch.validationsCharged += 1;
        },
        async (n: number) => {
          const id = `client-${n % 3}`;
          const response = await fetch(`${url}/api/v1/profiles/buyer/${id}`, {
            method: 'PUT',
            headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
            body: JSON.stringify({ data: BUYER }),
          });
          const body = (await response.json()) as { version?: number };
          if (response.status === 200 && body.version) {
            batch.profiles.set(id, Math.max(batch.profiles.get(id) ?? 0, body.version));
          }
        },
        async (n: number) => {
          const email = `sandbox-${n}@example.com`;
          const json = { 'Content-Type': 'application/json' };
          const asked = await post('/public/api-keys/free/step1', {
            headers: json,
            body: JSON.stringify({ email }),
          });
          if (asked.status !== 202) return;
          const token = await activationTokenSentTo(dataDir, email);
          const activated = await post('/public/api-keys/free/step2', {
            headers: json,
            body: JSON.stringify({ token }),
          });
          if (activated.status === 201) batch.apiKeys.push((activated.body as { apiKey: string }).apiKey);
        },
      ];

      let answered = 0;
      const inFlight = new Set<Promise<void>>();
      let killed: Promise<void> | null = null;
      for (let n = 0; killed === null; n += 1) {
        const operation = operations[n % operations.length]!(n)
          .then(() => {
            answered += 1;
            if (answered >= ANSWERS_BEFORE_KILL && killed === null) killed = server.kill();
          })
          // Cut off by the kill: the request may or may not have been committed.
          .catch(() => undefined)
          .finally(() => inFlight.delete(operation));
        inFlight.add(operation);
        if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      }
      await killed;
      await Promise.all(inFlight);
      expect(batch.validationsCharged).toBeGreaterThan(0);

      const at = new Date();
      const after = await openStore(where);
      try {
        const tenant = (await after.getTenant(record.tenant))!;
        // The month the batch ran in (both, should it have crossed a month's end).
        const periods = [...new Set([startedAt, at].map((t) => quotaPeriod(tenant, t)!.start))];
        const usageOf = async () => {
          const each = await Promise.all(periods.map((p) => after.usage(record.tenant, p)));
          return each.reduce((a, b) => ({ used: a.used + b.used, reserved: a.reserved + b.reserved }));
        };
        const usage = await usageOf();
        expect(usage.used).toBeGreaterThanOrEqual(batch.validationsCharged);
        expect(usage.used + usage.reserved).toBeLessThanOrEqual(batch.validationsSent);
        for (const [id, version] of batch.profiles) {
          expect((await after.findProfile(record.tenant, 'buyer', id))?.version).toBeGreaterThanOrEqual(
            version,
          );
        }
        expect(batch.apiKeys.length).toBeGreaterThan(0);
        for (const key of batch.apiKeys) expect(await after.findApiKeyByHash(hashApiKey(key))).not.toBeNull();

        // A restart, once the dead calls' reservations have expired, gives them back.
        const restarted = await startServer({
          ...where,
          port: 0,
          now: () => new Date(at.getTime() + RESERVATION_TTL_MS + 60_000),
        });
        await restarted.close();
        expect(await usageOf()).toEqual({ used: usage.used, reserved: 0 });
      } finally {
        await after.close();
      }
    });
  });
}
