import { useI18n, type Translate } from '../i18n/i18n';
import type { ReviewState } from './use-review';

/**
 * Where a conversion stands before its final call: as its newest check says, changed since it, or with
 * values the form itself refuses.
 */
export type ConvertReadiness = ReviewState | { readonly kind: 'unchecked' | 'invalid' };

/** Convert is offered only when ready; beside it, why not yet, or that it is ready. */
export const convertOffered = (state: ConvertReadiness): boolean => state.kind === 'ready';

/** The words of each state. */
function whyWords(state: ConvertReadiness, t: Translate): string {
  switch (state.kind) {
    case 'checking':
    case 'unchecked':
    case 'invalid':
    case 'refused':
      return t(`review.why.${state.kind}`);
    case 'blocked':
      return state.blocking > 0 ? t('review.why.blocked', { n: state.blocking }) : t('review.why.failed');
    case 'ready':
      return state.advisories > 0
        ? t('review.why.advisories', { n: state.advisories })
        : t('review.why.ready');
  }
}

/** Why Convert is not offered yet, or that it is, in words (the button names it in aria-describedby). */
export function ConvertWhy({ id, state }: { readonly id: string; readonly state: ConvertReadiness }) {
  const { t } = useI18n();
  return (
    <p id={id} className="convert-why" data-testid="convert-why">
      {whyWords(state, t)}
    </p>
  );
}
