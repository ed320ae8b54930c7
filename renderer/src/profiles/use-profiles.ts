import { useCallback, useState } from 'react';
import type { Answer, Backend, ProfileRole, ShownError } from '../backend/backend';
import type { Lang } from '../i18n/messages';
import { profileListOf, profileRecordOf, type ProfileRecord } from './profile-records';

/** The saved profiles as last read: not asked for yet, being read, read, or refused. */
export type ProfileList =
  | { readonly state: 'idle' | 'loading' }
  | { readonly state: 'loaded'; readonly records: readonly ProfileRecord[] }
  | { readonly state: 'failed'; readonly error: ShownError };

export interface Profiles {
  readonly list: ProfileList;
  /** Reads the list unless it is read or being read; `force` reads it again. */
  readonly load: (force?: boolean) => void;
  /** Saves (creates or versions) a profile; the list follows on success. */
  readonly save: (role: ProfileRole, id: string, data: unknown) => Promise<Answer>;
  readonly remove: (role: ProfileRole, id: string) => Promise<Answer>;
}

const byRoleThenId = (a: ProfileRecord, b: ProfileRecord) =>
  a.role === b.role ? a.id.localeCompare(b.id) : a.role === 'seller' ? -1 : 1;

/**
 * The tenant's saved profiles, read on first need only: no request leaves before the user opens the
 * profiles or asks to reuse one. A new backend (other settings) starts from nothing.
 */
export function useProfiles(backend: Backend, lang: Lang): Profiles {
  const [seen, setSeen] = useState<{ readonly backend: Backend; readonly list: ProfileList }>();
  const list: ProfileList = seen?.backend === backend ? seen.list : { state: 'idle' };
  const update = useCallback(
    (change: (list: ProfileList) => ProfileList) =>
      setSeen((current) => ({
        backend,
        list: change(current?.backend === backend ? current.list : { state: 'idle' }),
      })),
    [backend],
  );

  const load = useCallback(
    (force = false) => {
      if (!force && list.state !== 'idle' && list.state !== 'failed') return;
      update(() => ({ state: 'loading' }));
      void backend.profiles({ method: 'GET' }, lang).then((answer) => {
        const records = profileListOf(answer);
        update(() =>
          records
            ? { state: 'loaded', records }
            : {
                state: 'failed',
                error: answer.ok ? { error: `http_${answer.status}`, message: '' } : answer.error,
              },
        );
      });
    },
    [backend, lang, list.state, update],
  );

  const save = useCallback(
    async (role: ProfileRole, id: string, data: unknown) => {
      const answer = await backend.profiles({ method: 'PUT', role, id, data }, lang);
      const saved = answer.ok ? profileRecordOf(answer.body) : undefined;
      if (saved) {
        update((current) => {
          if (current.state !== 'loaded') return current;
          const kept = current.records.filter((r) => !(r.role === saved.role && r.id === saved.id));
          return { state: 'loaded', records: [...kept, saved].sort(byRoleThenId) };
        });
      }
      return answer;
    },
    [backend, lang, update],
  );

  const remove = useCallback(
    async (role: ProfileRole, id: string) => {
      const answer = await backend.profiles({ method: 'DELETE', role, id }, lang);
      if (answer.ok) {
        update((current) =>
          current.state === 'loaded'
            ? { ...current, records: current.records.filter((r) => !(r.role === role && r.id === id)) }
            : current,
        );
      }
      return answer;
    },
    [backend, lang, update],
  );

  return { list, load, save, remove };
}
