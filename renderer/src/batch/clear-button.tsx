import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';

interface Props {
  /** How many documents the list holds. */
  readonly count: number;
  /** Whether the list is kept on this computer (the desktop app), which clearing empties too. */
  readonly kept: boolean;
  readonly onClear: () => void;
}

/**
 * "Clear", asked again before it empties the list (and, in the desktop app, the list it keeps): a click
 * too many must not lose a batch. The question takes the focus; Escape or "Keep the list" leaves it be.
 */
export function ClearButton({ count, kept, onClear }: Props) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) ask.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button ref={ask} type="button" className="ghost dark" onClick={() => setAsking(true)}>
        {t('results.clear')}
      </button>
    );
  return (
    <div
      className="clear-confirm"
      role="group"
      aria-labelledby="clear-question"
      data-testid="clear-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <span id="clear-question">{t(kept ? 'results.clearAskKept' : 'results.clearAsk', { count })}</span>
      <button
        ref={confirm}
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false);
          onClear();
        }}
      >
        {t('results.clearConfirm')}
      </button>
      <button type="button" className="ghost dark" onClick={() => setAsking(false)}>
        {t('results.clearCancel')}
      </button>
    </div>
  );
}
