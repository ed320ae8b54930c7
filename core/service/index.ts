/** The service layer: one function per /api/v1 endpoint, shared by the HTTP server, the CLI and Electron. */
import { contract } from './contract';
import { convert } from './convert';
import { extract } from './extract';
import { jobStatus } from './job-status';
import { limits } from './limits';
import { report } from './report';
import { emptyState, MemoryStorage } from './memory-storage';
import { openapi } from './openapi';
import { profiles } from './profiles';
import { repair } from './repair';
import type { Storage, TenantRecord } from './storage';
import { issueToken } from './token';
import type { ServiceContext } from './types';
import { validate } from './validate';

export const services = {
  convert,
  extract,
  repair,
  validate,
  contract,
  profiles,
  openapi,
  jobs: jobStatus,
  token: issueToken,
  limits,
  report,
};
export type ServiceName = keyof typeof services;

export const LOCAL_TENANT = 'local';

/** The tenant of the machine's own user: the offline desktop and CLI, and a loopback server's sign-in. */
export const localTenant = (now: Date): TenantRecord => ({
  id: LOCAL_TENANT,
  email: '',
  plan: 'local',
  createdAt: now.toISOString(),
});

/** The offline CLI (and tests): tenant `local` on the unlimited `local` plan, kept in memory. */
export function localContext(now: () => Date = () => new Date()): ServiceContext {
  const storage = new MemoryStorage({ ...emptyState(), tenants: { [LOCAL_TENANT]: localTenant(now()) } });
  return { tenant: LOCAL_TENANT, storage, now };
}

/** The offline desktop: the same tenant, what it keeps (saved profiles…) in `storage`, on disk. */
export async function storedLocalContext(
  storage: Storage,
  now: () => Date = () => new Date(),
): Promise<ServiceContext> {
  if (!(await storage.getTenant(LOCAL_TENANT))) await storage.putTenant(localTenant(now()));
  return { tenant: LOCAL_TENANT, storage, now };
}
