/**
 * The desktop's work queue in memory, for the interface's tests: what the store keeps of each entry,
 * and `restart()`, what the store does when the app starts again (the work under way is interrupted).
 */
import type { QueueEntry, WorkQueue } from '../../../core/bridge/work-queue';

export function memoryWorkQueue(kept: readonly QueueEntry[] = []) {
  const entries: QueueEntry[] = [...kept];
  let next = 1;
  const at = '2026-05-04T10:00:00.000Z';
  const queue: WorkQueue = {
    list: async () => [...entries],
    add: async (added) =>
      added.map(({ file, kind, target, work, state }) => {
        const id = `q-${next++}`;
        entries.push({ id, file, kind, target, status: work, state, addedAt: at, updatedAt: at });
        return id;
      }),
    update: async (id, { target, work, state }) => {
      const i = entries.findIndex((entry) => entry.id === id);
      if (i < 0) return false;
      entries[i] = { ...entries[i]!, target, status: work, state };
      return true;
    },
    remove: async (ids) => {
      const before = entries.length;
      entries.splice(0, entries.length, ...entries.filter((entry) => !ids.includes(entry.id)));
      return before - entries.length;
    },
  };
  const restart = () => {
    entries.forEach((entry, i) => {
      if (entry.status === 'under_way') entries[i] = { ...entry, status: 'interrupted' };
    });
  };
  return { queue, entries, restart };
}
