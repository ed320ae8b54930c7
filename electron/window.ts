import { BrowserWindow, type WebPreferences } from 'electron';

/** The page gets no Node, runs sandboxed in its own world and reaches the core only through the preload. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

export interface WindowFiles {
  /** The bundled preload (dist/electron/preload.cjs). */
  readonly preload: string;
  /** The web build of the renderer (dist/renderer/index.html). */
  readonly page: string;
  /** The window's icon (assets/icon.png); Windows and Linux show it in the title bar and task bar. */
  readonly icon: string;
}

/** Opens the main window on the built renderer, shown once its first paint is ready. */
export function createMainWindow(files: WindowFiles): BrowserWindow {
  const window = new BrowserWindow({
    width: 1180,
    height: 820,
    minWidth: 720,
    minHeight: 520,
    title: 'Factur-X Desk',
    show: false,
    backgroundColor: '#f4f6fa',
    icon: files.icon,
    webPreferences: secureWebPreferences(files.preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(files.page);
  return window;
}
