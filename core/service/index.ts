/** The service layer: one function per /api/v1 endpoint, shared by the HTTP server, the CLI and Electron. */
import { contract } from './contract';
import { convert } from './convert';
import { extract } from './extract';
import { emptyState, MemoryStorage } from './memory-storage';
import { repair } from './repair';
import type { ServiceContext } from './types';
import { validate } from './validate';

export const services = { convert, extract, repair, validate, contract };
export type ServiceName = keyof typeof services;

export const LOCAL_TENANT = 'local';

/** The offline desktop and CLI: tenant `local` on the unlimited `local` plan, kept in memory. */
export function localContext(now: () => Date = () => new Date()): ServiceContext {
  const storage = new MemoryStorage({
    ...emptyState(),
    tenants: {
      [LOCAL_TENANT]: { id: LOCAL_TENANT, email: '', plan: 'local', createdAt: now().toISOString() },
    },
  });
  return { tenant: LOCAL_TENANT, storage, now };
}
