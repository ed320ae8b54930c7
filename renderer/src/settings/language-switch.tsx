import { useI18n } from '../i18n/i18n';
import { langs } from '../i18n/messages';

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <div className="segmented" role="group" aria-label={t('lang.label')}>
      {langs.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === lang}
          onClick={() => setLang(option)}
        >
          {t(`lang.${option}`)}
        </button>
      ))}
    </div>
  );
}
