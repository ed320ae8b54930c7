import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkQueue } from '../../../core/bridge/work-queue';
import type { RunOptions } from '../backend/backend';
import { keptCheckOf, newEntryOf, queueChangeOf } from './kept-check';
import type { Check, Checks } from './use-checks';

/** What was last written of a check: a change of any of these is written again. */
interface Written {
  readonly check: Pick<Check, 'answers' | 'conversion' | 'interrupted' | 'review'>;
  readonly options: RunOptions;
}

const changed = (written: Written | undefined, check: Check, options: RunOptions): boolean =>
  written === undefined ||
  written.check.answers !== check.answers ||
  written.check.conversion !== check.conversion ||
  written.check.interrupted !== check.interrupted ||
  written.check.review !== check.review ||
  written.options.validationTarget !== options.validationTarget ||
  written.options.lang !== options.lang;

export interface KeptQueue {
  /** Why the last write to the store failed, until the app starts again; null while all went well. */
  readonly failure: string | null;
}

/**
 * Keeps the queue in the desktop's store, where the backend has one (the browser keeps it in the page
 * only). At start the checks of the last run come back: the work under way then as interrupted, the
 * finished ones checked again when the target or the language changed since. Then every document added,
 * changed or removed here is written there, one write after another, in the order it happened.
 */
export function useKeptQueue(
  queue: WorkQueue | undefined,
  checks: readonly Check[],
  options: RunOptions,
  restore: Checks['restore'],
): KeptQueue {
  const [failure, setFailure] = useState<string | null>(null);
  // Each check's entry in the store, once added (null when adding it failed).
  const entryIds = useRef(new Map<number, Promise<string | null>>());
  const written = useRef(new Map<number, Written>());
  const writes = useRef<Promise<unknown>>(Promise.resolve());

  const inTurn = useCallback(<T>(write: () => Promise<T>): Promise<T | null> => {
    const next = writes.current.then(write).catch((error: unknown) => {
      setFailure(error instanceof Error ? error.message : String(error));
      return null;
    });
    writes.current = next;
    return next;
  }, []);

  const loaded = useRef(false);
  useEffect(() => {
    if (!queue || loaded.current) return;
    loaded.current = true;
    void inTurn(async () => {
      const entries = await queue.list();
      const kept = entries.map((entry) => {
        const { check, lang } = keptCheckOf(entry);
        const stale =
          !check.interrupted && (entry.target !== options.validationTarget || lang !== options.lang);
        return { check, stale, entry };
      });
      restore(kept).forEach((id, i) => {
        const { check, entry } = kept[i]!;
        entryIds.current.set(id, Promise.resolve(entry.id));
        written.current.set(id, {
          check,
          options: { validationTarget: entry.target, lang: options.lang },
        });
      });
    });
  }, [queue, inTurn, restore, options]);

  useEffect(() => {
    if (!queue) return;
    const added = checks.flatMap((check) => {
      const entry = entryIds.current.has(check.id) ? null : newEntryOf(check, options);
      return entry ? [{ check, entry }] : [];
    });
    if (added.length > 0) {
      const adding = inTurn(() => queue.add(added.map(({ entry }) => entry)));
      added.forEach(({ check }, i) => {
        entryIds.current.set(
          check.id,
          adding.then((ids) => ids?.[i] ?? null),
        );
        written.current.set(check.id, { check, options });
      });
    }
    for (const check of checks) {
      const entryId = entryIds.current.get(check.id);
      if (!entryId || !changed(written.current.get(check.id), check, options)) continue;
      written.current.set(check.id, { check, options });
      const change = queueChangeOf(check, options);
      void inTurn(async () => {
        const id = await entryId;
        if (id) await queue.update(id, change);
      });
    }
    const present = new Set(checks.map((check) => check.id));
    const gone = [...entryIds.current].filter(([id]) => !present.has(id));
    if (gone.length === 0) return;
    for (const [id] of gone) {
      entryIds.current.delete(id);
      written.current.delete(id);
    }
    void inTurn(async () => {
      const ids = (await Promise.all(gone.map(([, entryId]) => entryId))).filter((id) => id !== null);
      if (ids.length > 0) await queue.remove(ids);
    });
  }, [queue, checks, options, inTurn]);

  return { failure };
}
