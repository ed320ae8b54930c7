import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { chooseBackend } from './backend/choose-backend';
import { I18nProvider } from './i18n/i18n';
import { loadSettings, saveSettings } from './settings/settings';
import { signInFromAddress } from './settings/sign-in';
import './styles.css';

// A file dropped beside the drop zone would otherwise replace the page with the file itself.
for (const type of ['dragover', 'drop']) window.addEventListener(type, (event) => event.preventDefault());

/** The kept settings; opened from the address a loopback server printed, signed in for this machine first. */
async function startingSettings() {
  const loaded = loadSettings(localStorage);
  if (window.facturx) return loaded;
  const signedIn = await signInFromAddress(window, loaded);
  if (signedIn !== loaded) saveSettings(localStorage, signedIn);
  return signedIn;
}

const root = document.getElementById('root');
void startingSettings().then((initialSettings) => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <App
          initialSettings={initialSettings}
          saveSettings={(next) => saveSettings(localStorage, next)}
          createBackend={(next) => chooseBackend(window, next)}
        />
      </I18nProvider>
    </StrictMode>,
  );
});
