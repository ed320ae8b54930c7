import { useCallback, useMemo, useState } from 'react';
import type { ValidationTarget } from '../../core/api/targets';
import type { Backend, FormFields, InvoiceFile, Quota } from './backend/backend';
import type { HttpSettings } from './backend/http-backend';
import { useChecks, type Check } from './backend/use-checks';
import { BackendIndicator } from './components/backend-indicator';
import { CheckCard } from './components/check-card';
import { DropZone } from './components/drop-zone';
import { LanguageSwitch } from './components/language-switch';
import { SettingsPanel } from './components/settings-panel';
import { TargetSwitch } from './components/target-switch';
import { useI18n } from './i18n/i18n';
import { loadTarget, saveTarget } from './settings/target-choice';

interface Props {
  readonly initialSettings: HttpSettings;
  readonly saveSettings: (settings: HttpSettings) => void;
  readonly createBackend: (settings: HttpSettings) => Backend;
}

/** The quota the newest answer reported. */
function latestQuota(checks: readonly Check[]): Quota | undefined {
  for (const check of checks) {
    for (const answer of Object.values(check.answers)) {
      if (answer !== 'pending' && answer.quota) return answer.quota;
    }
  }
  return undefined;
}

export function App({ initialSettings, saveSettings, createBackend }: Props) {
  const { lang, t } = useI18n();
  const [settings, setSettings] = useState(initialSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const backend = useMemo(() => createBackend(settings), [createBackend, settings]);
  const [validationTarget, setValidationTarget] = useState<ValidationTarget>(() => loadTarget(localStorage));
  const runOptions = useMemo(() => ({ lang, validationTarget }), [lang, validationTarget]);
  const { checks, rejected, submit, repair, clear } = useChecks(backend, runOptions);
  // A conversion's answers live in its card; the quota it reports counts until the next drop.
  const [convertQuota, setConvertQuota] = useState<Quota>();
  const quota = convertQuota ?? latestQuota(checks);
  const runConvert = useCallback(
    async (file: InvoiceFile | null, fields: FormFields) => {
      const answer = await backend.run('convert', file, runOptions, fields);
      if (answer.quota) setConvertQuota(answer.quota);
      return answer;
    },
    [backend, runOptions],
  );
  const submitFiles = useCallback(
    (files: readonly File[]) => {
      setConvertQuota(undefined);
      submit(files);
    },
    [submit],
  );

  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            FX
          </span>
          <div>
            <h1>{t('app.name')}</h1>
            <p className="tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <div className="topbar-tools">
          <BackendIndicator kind={backend.kind} {...(quota ? { quota } : {})} />
          <LanguageSwitch />
          <button
            type="button"
            className="ghost"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen(!settingsOpen)}
          >
            {t('settings.open')}
          </button>
        </div>
      </header>
      <main className="content">
        {settingsOpen && (
          <SettingsPanel
            settings={settings}
            offline={backend.kind.type === 'offline'}
            onClose={() => setSettingsOpen(false)}
            onSave={(next) => {
              saveSettings(next);
              setSettings(next);
              setSettingsOpen(false);
            }}
          />
        )}
        <DropZone onFiles={submitFiles} />
        <TargetSwitch
          target={validationTarget}
          onChange={(target) => {
            saveTarget(localStorage, target);
            setValidationTarget(target);
          }}
        />
        {rejected.map((name) => (
          <p key={name} className="notice" role="alert">
            {t('drop.rejected', { name })}
          </p>
        ))}
        <section className="results" aria-labelledby="results-title">
          <div className="results-head">
            <h2 id="results-title">{t('results.title')}</h2>
            {checks.length > 0 && (
              <button type="button" className="ghost dark" onClick={clear}>
                {t('results.clear')}
              </button>
            )}
          </div>
          {checks.length === 0 ? (
            <p className="empty">{t('results.empty')}</p>
          ) : (
            checks.map((check) => (
              <CheckCard key={check.id} check={check} onRepair={repair} runConvert={runConvert} />
            ))
          )}
        </section>
      </main>
      <footer className="footer">{t('footer.disclaimer')}</footer>
    </div>
  );
}
