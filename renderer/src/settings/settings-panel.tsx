import { useState, type FormEvent } from 'react';
import type { HttpSettings } from '../backend/http-backend';
import { useI18n } from '../i18n/i18n';

interface Props {
  readonly settings: HttpSettings;
  /** True inside the desktop app, where the offline core answers and these settings do not apply. */
  readonly offline: boolean;
  readonly onSave: (settings: HttpSettings) => void;
  readonly onClose: () => void;
}

export function SettingsPanel({ settings, offline, onSave, onClose }: Props) {
  const { t } = useI18n();
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [apiKey, setApiKey] = useState(settings.apiKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ baseUrl, apiKey });
  };

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      {offline && <p className="note">{t('settings.desktopNote')}</p>}
      <form onSubmit={submit}>
        <label>
          <span>{t('settings.baseUrl')}</span>
          <input
            type="url"
            name="baseUrl"
            value={baseUrl}
            placeholder="https://"
            onChange={(event) => setBaseUrl(event.target.value)}
          />
          <small>{t('settings.baseUrlHint')}</small>
        </label>
        <label>
          <span>{t('settings.apiKey')}</span>
          <input
            type="password"
            name="apiKey"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
          />
          <small>{t('settings.apiKeyHint')}</small>
        </label>
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('settings.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('settings.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
