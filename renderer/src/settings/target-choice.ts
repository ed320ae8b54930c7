import type { ValidationTarget } from '../../../core/api/targets';

const key = 'facturx.validationTarget';

/** The targets the interface offers, in the order shown. */
export const validationTargets = ['en16931', 'france_2026'] as const satisfies readonly ValidationTarget[];

/** The target chosen last time (an accountant checks the same kind of invoices day after day), else EN16931. */
export function loadTarget(storage: Pick<Storage, 'getItem'>): ValidationTarget {
  const saved = storage.getItem(key);
  return validationTargets.find((target) => target === saved) ?? 'en16931';
}

export function saveTarget(storage: Pick<Storage, 'setItem'>, target: ValidationTarget): void {
  storage.setItem(key, target);
}
