import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { chooseBackend } from './backend/choose-backend';
import { I18nProvider } from './i18n/i18n';
import { loadSettings, saveSettings } from './settings/settings';
import './styles.css';

// A file dropped beside the drop zone would otherwise replace the page with the file itself.
for (const type of ['dragover', 'drop']) window.addEventListener(type, (event) => event.preventDefault());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <App
          initialSettings={loadSettings(localStorage)}
          saveSettings={(settings) => saveSettings(localStorage, settings)}
          createBackend={(settings) => chooseBackend(window, settings)}
        />
      </I18nProvider>
    </StrictMode>,
  );
}
