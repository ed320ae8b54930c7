import { app, BrowserWindow, session } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openFiles, saveFile, saveToFolder } from './file-dialogs';
import { registerIpcHandlers, trustedSender } from './ipc';
import { secureSession, secureWebContents } from './security';
import { workerServiceRunner } from './service-runner';
import { createMainWindow } from './window';

// Bundled to dist/electron/main.cjs, beside preload.cjs and service-worker.mjs; the renderer is in
// dist/renderer, the icon in assets/.
const files = {
  preload: path.join(__dirname, 'preload.cjs'),
  page: path.join(__dirname, '..', 'renderer', 'index.html'),
  icon: path.join(__dirname, '..', '..', 'assets', 'icon.png'),
};

app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();

app.on('web-contents-created', (_event, contents) => secureWebContents(contents));

app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window?.isMinimized()) window.restore();
  window?.focus();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void app.whenReady().then(() => {
  secureSession(session.defaultSession);
  const runner = workerServiceRunner(path.join(__dirname, 'service-worker.mjs'), app.getPath('userData'));
  app.on('will-quit', () => void runner.close());
  registerIpcHandlers({
    runner,
    queue: runner.queue,
    isTrustedSender: trustedSender(pathToFileURL(files.page).href),
    openFiles,
    saveFile,
    saveToFolder,
  });
  createMainWindow(files);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(files);
  });
});
