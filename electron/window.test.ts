import { beforeEach, describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(
  () => [] as { options: Electron.BrowserWindowConstructorOptions; loaded: string[] }[],
);

vi.mock('electron', () => ({
  BrowserWindow: class {
    loaded: string[] = [];
    constructor(options: Electron.BrowserWindowConstructorOptions) {
      created.push({ options, loaded: this.loaded });
    }
    once() {}
    loadFile(file: string) {
      this.loaded.push(file);
      return Promise.resolve();
    }
  },
}));

const { createMainWindow, secureWebPreferences } = await import('./window');

beforeEach(() => {
  created.length = 0;
});

describe('main window', () => {
  it('isolates and sandboxes the page, without Node, with web security', () => {
    const preferences = secureWebPreferences('/app/preload.cjs');
    expect(preferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('opens on the built renderer file with those preferences', () => {
    createMainWindow({
      preload: '/app/dist/electron/preload.cjs',
      page: '/app/dist/renderer/index.html',
      icon: '/app/assets/icon.png',
    });

    expect(created).toHaveLength(1);
    const [window] = created;
    expect(window?.options.webPreferences).toEqual(secureWebPreferences('/app/dist/electron/preload.cjs'));
    expect(window?.options.icon).toBe('/app/assets/icon.png');
    expect(window?.loaded).toEqual(['/app/dist/renderer/index.html']);
  });
});
