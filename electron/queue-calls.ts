import type { SqlWorkQueue } from '../server/store/sql-work-queue';
import type { QueueCall } from './service-protocol';

/** Runs one work queue operation of the page on the store, for the machine's own tenant, at `now`. */
export function runQueueCall(
  queue: SqlWorkQueue,
  tenant: string,
  call: QueueCall,
  now: Date,
): Promise<unknown> {
  const at = now.toISOString();
  switch (call.op) {
    case 'list':
      return queue.list(tenant);
    case 'add':
      return queue.add(tenant, call.entries, at);
    case 'update':
      return queue.update(tenant, call.id, call.change, at);
    case 'remove':
      return queue.remove(tenant, call.ids);
  }
}
