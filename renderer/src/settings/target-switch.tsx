import type { ValidationTarget } from '../../../core/api/targets';
import { useI18n } from '../i18n/i18n';
import { validationTargets } from './target-choice';

interface Props {
  readonly target: ValidationTarget;
  readonly onChange: (target: ValidationTarget) => void;
}

/** Which rules the next files are checked against: EN 16931 alone, or with the France 2026 rules. */
export function TargetSwitch({ target, onChange }: Props) {
  const { t } = useI18n();
  return (
    <div className="target-switch" data-testid="target-switch">
      <span className="target-label" id="target-label">
        {t('target.label')}
      </span>
      <div className="segmented light" role="group" aria-labelledby="target-label">
        {validationTargets.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === target}
            onClick={() => onChange(option)}
          >
            {t(`target.${option}`)}
          </button>
        ))}
      </div>
      <small className="target-hint">{t('target.hint')}</small>
    </div>
  );
}
