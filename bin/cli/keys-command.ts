/** `facturx keys create|list|revoke`: administration of a self-hosted server's key store. */
import { createApiKey, describeKey } from '../../core/service/auth';
import { KEY_PLANS, type Plan } from '../../core/service/storage';
import { openStore } from '../../server/store/open-store';
import type { SqlStorage } from '../../server/store/sql-storage';
import { badInput, err, EXIT, out, printJson, type ExitCode, type Values } from './io';
import { storeLocation } from './store-location';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function runKeys(positionals: readonly string[], values: Values): Promise<ExitCode> {
  const json = values.json === true;
  const [action, ...rest] = positionals;
  const where = storeLocation(values);
  if (!where.ok) return badInput(where.message, json);
  const withStore = async (work: (storage: SqlStorage) => Promise<ExitCode>): Promise<ExitCode> => {
    const storage = await openStore(where.location);
    try {
      return await work(storage);
    } finally {
      await storage.close();
    }
  };
  if (action === 'create') {
    const email = values.email;
    const plan = values.plan ?? 'sandbox';
    if (typeof email !== 'string' || !EMAIL.test(email))
      return badInput('keys create needs --email ADDRESS', json);
    if (typeof plan !== 'string' || !(KEY_PLANS as readonly string[]).includes(plan)) {
      return badInput(`--plan must be one of ${KEY_PLANS.join(', ')}`, json);
    }
    return withStore(async (storage) => {
      const { apiKey, record } = await createApiKey(storage, { email, plan: plan as Plan }, new Date());
      if (json) printJson({ apiKey, tenant: record.tenant, plan: record.plan });
      else {
        out(apiKey);
        err(
          `key ${record.id} for ${record.email} (tenant ${record.tenant}, plan ${record.plan}) in ${where.shown}`,
        );
        err('This key is shown once and not stored; keep it now.');
      }
      return EXIT.ok;
    });
  }
  if (action === 'list') {
    return withStore(async (storage) => {
      const keys = (await storage.listApiKeys()).map(describeKey);
      if (json) printJson(keys);
      else {
        for (const k of keys) {
          out(
            [
              k.id,
              k.email,
              k.tenant,
              k.plan,
              k.createdAt,
              k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
            ].join('\t'),
          );
        }
      }
      return EXIT.ok;
    });
  }
  if (action === 'revoke') {
    const [id] = rest;
    if (!id) return badInput('keys revoke needs KEY_ID', json);
    return withStore(async (storage) => {
      const revoked = await storage.revokeApiKey(id, new Date().toISOString());
      if (!revoked) return badInput(`no key ${id} in ${where.shown}`, json, 'not_found');
      if (json) printJson(describeKey(revoked));
      else err(`key ${id} revoked`);
      return EXIT.ok;
    });
  }
  return badInput(
    action
      ? `unknown keys action "${action}" (create, list, revoke)`
      : 'keys needs an action: create, list or revoke',
    json,
  );
}
