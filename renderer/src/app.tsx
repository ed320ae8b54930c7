import { useCallback, useMemo, useState } from 'react';
import type { ConvertControl } from '../../core/api/convert-progress';
import type { ValidationTarget } from '../../core/api/targets';
import type { Backend, FormFields, InvoiceFile, Quota } from './backend/backend';
import type { HttpSettings } from './backend/http-backend';
import { mergeQuota, watchQuota } from './backend/quota-watch';
import { ClearButton } from './batch/clear-button';
import { RefusalNotices } from './batch/refusal-notices';
import { QueueTable } from './batch/queue-table';
import { useChecks } from './batch/use-checks';
import { useKeptQueue } from './batch/use-kept-queue';
import { useUploadLimits } from './batch/use-upload-limits';
import { BackendIndicator } from './backend/backend-indicator';
import { CheckCard } from './document/check-card';
import { DropZone } from './batch/drop-zone';
import { ExportButton } from './export/export-button';
import { LanguageSwitch } from './settings/language-switch';
import { ProfilesPanel } from './profiles/profiles-panel';
import { QuotaExceededNotice } from './backend/quota-exceeded-notice';
import { SettingsPanel } from './settings/settings-panel';
import { TargetSwitch } from './settings/target-switch';
import { useI18n } from './i18n/i18n';
import { useProfiles } from './profiles/use-profiles';
import { loadTarget, saveTarget } from './settings/target-choice';

interface Props {
  readonly initialSettings: HttpSettings;
  readonly saveSettings: (settings: HttpSettings) => void;
  readonly createBackend: (settings: HttpSettings) => Backend;
}

export function App({ initialSettings, saveSettings, createBackend }: Props) {
  const { lang, t } = useI18n();
  const [settings, setSettings] = useState(initialSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [profilesOpen, setProfilesOpen] = useState(false);
  // Every answer updates the quota shown; those of a backend left behind (older settings) do not count.
  const [quotaSeen, setQuotaSeen] = useState<{ readonly settings: HttpSettings; readonly quota: Quota }>();
  const backend = useMemo(
    () =>
      watchQuota(createBackend(settings), (next) =>
        setQuotaSeen((seen) => ({
          settings,
          quota: mergeQuota(seen?.settings === settings ? seen.quota : undefined, next),
        })),
      ),
    [createBackend, settings],
  );
  const [validationTarget, setValidationTarget] = useState<ValidationTarget>(() => loadTarget(localStorage));
  const runOptions = useMemo(() => ({ lang, validationTarget }), [lang, validationTarget]);
  const limits = useUploadLimits(backend);
  const work = useChecks(backend, runOptions, limits);
  const { checks } = work;
  const kept = useKeptQueue(backend.queue, checks, runOptions, work.restore);
  const profiles = useProfiles(backend, lang);
  const quota = quotaSeen?.settings === settings ? quotaSeen.quota : undefined;
  const runConvert = useCallback(
    (file: InvoiceFile | null, fields: FormFields, control?: ConvertControl) =>
      backend.run('convert', file, runOptions, fields, control),
    [backend, runOptions],
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
            aria-expanded={profilesOpen}
            onClick={() => {
              if (!profilesOpen) profiles.load();
              setProfilesOpen(!profilesOpen);
            }}
          >
            {t('profiles.open')}
          </button>
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
        {quota?.exceeded && backend.kind.type !== 'offline' && (
          <QuotaExceededNotice quota={{ ...quota, exceeded: quota.exceeded }} origin={backend.kind.origin} />
        )}
        {backend.kind.type !== 'offline' && settings.apiKey.trim() === '' && (
          <p className="notice" data-testid="sign-in-needed">
            {t('signIn.needed')}
          </p>
        )}
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
        {profilesOpen && <ProfilesPanel profiles={profiles} onClose={() => setProfilesOpen(false)} />}
        <DropZone onFiles={work.submit} compact={checks.length > 0} />
        <TargetSwitch
          target={validationTarget}
          onChange={(target) => {
            saveTarget(localStorage, target);
            setValidationTarget(target);
          }}
        />
        <RefusalNotices refusals={work.rejected} />
        <section className="results" aria-labelledby="results-title">
          <div className="results-head">
            <h2 id="results-title">{t('results.title')}</h2>
            {checks.length > 0 && (
              <ClearButton count={checks.length} kept={backend.queue !== undefined} onClear={work.clear} />
            )}
          </div>
          <p className="results-kept" data-testid="results-kept">
            {t(backend.queue ? 'results.keptHere' : 'results.pageOnly')}
          </p>
          {kept.failure !== null && (
            <>
              <p className="notice" role="alert" data-testid="results-not-kept">
                {t('results.notKept')}
              </p>
              <details className="technical">
                <summary>{t('answer.details')}</summary>
                <pre data-testid="results-not-kept-reason">{kept.failure}</pre>
              </details>
            </>
          )}
          {checks.length === 0 ? (
            <p className="empty">{t('results.empty')}</p>
          ) : (
            <QueueTable
              checks={checks}
              onCheckAgain={work.checkAgain}
              onCancel={work.cancel}
              onConvertReady={work.convertReady}
              onRemove={work.remove}
              selectionActions={(selected) => <ExportButton checks={selected} backend={backend} />}
              detail={(check) => (
                <CheckCard
                  check={check}
                  onRepair={work.repair}
                  onReading={work.reading}
                  onKeepReview={work.keepReview}
                  onConverted={work.keepConversion}
                  runConvert={runConvert}
                  target={validationTarget}
                  profiles={profiles}
                />
              )}
            />
          )}
        </section>
      </main>
      <footer className="footer">{t('footer.disclaimer')}</footer>
    </div>
  );
}
