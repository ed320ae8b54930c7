import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app';
import type { Backend } from '../backend/backend';
import { I18nProvider } from '../i18n/i18n';

/** The whole interface on a test backend, with no settings saved yet. */
export function renderApp(backend: Backend, saveSettings = vi.fn()) {
  const createBackend = vi.fn(() => backend);
  render(
    <I18nProvider>
      <App
        initialSettings={{ baseUrl: '', apiKey: '' }}
        saveSettings={saveSettings}
        createBackend={createBackend}
      />
    </I18nProvider>,
  );
  return { createBackend, saveSettings };
}
