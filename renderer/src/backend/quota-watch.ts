import type { Backend, Quota } from './backend';

/**
 * What is known of the quota after `next`: its figures win, the plan and limit learnt earlier (a 402
 * alone names them) stay until more is left than that limit (the plan changed), and a quota reported
 * again without `exceeded` is no longer exceeded.
 */
export function mergeQuota(known: Quota | undefined, next: Quota): Quota {
  const { exceeded: _gone, ...kept } = known ?? {};
  const merged = { ...kept, ...next };
  if (merged.limit === undefined || merged.remaining === undefined || merged.remaining <= merged.limit) {
    return merged;
  }
  const { limit: _limit, plan: _plan, ...current } = merged;
  return current;
}

/** The backend, with the quota of every answer handed to `onQuota` so that the header follows each one. */
export function watchQuota(backend: Backend, onQuota: (quota: Quota) => void): Backend {
  return {
    kind: backend.kind,
    ...(backend.limits ? { limits: backend.limits.bind(backend) } : {}),
    async run(...args) {
      const answer = await backend.run(...args);
      if (answer.quota) onQuota(answer.quota);
      return answer;
    },
    profiles: (request, lang) => backend.profiles(request, lang),
    ...(backend.report ? { report: backend.report.bind(backend) } : {}),
    ...(backend.saveToFolder ? { saveToFolder: backend.saveToFolder.bind(backend) } : {}),
    ...(backend.queue ? { queue: backend.queue } : {}),
  };
}
