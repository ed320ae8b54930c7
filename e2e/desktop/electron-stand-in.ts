/**
 * A stand-in for the `electron` module, for testing the desktop path where no Electron binary can be
 * fetched. The built main process (dist/electron/main.cjs) runs unchanged in the test's Node process with
 * this object as its `require('electron')`: its IPC handlers, its backend worker thread (the real
 * dist/electron/service-worker.mjs, its store in a temporary data folder) and its dialogs' callers are
 * the real ones. What is stood in for, and how:
 * - a BrowserWindow is a page of a Chromium the test launched (headed, under Xvfb), sized as the window;
 * - the sandboxed preload: the built preload.cjs runs in the page before the page's own scripts, given a
 *   `require('electron')` whose `ipcRenderer.invoke` reaches the `ipcMain` handlers through a Playwright
 *   binding (typed arrays cross as typed arrays, as Electron's structured clone keeps them), the sender
 *   frame's address being the page's real one;
 * - messages the main process sends the page (`webContents.send`): delivered to the preload's
 *   `ipcRenderer.on` listeners by evaluating a dispatcher in the page (unlike Electron's, it is a page
 *   global the page's scripts could see);
 * - Electron's privileged file: scheme (the page loads its own scripts): Chromium's
 *   --allow-file-access-from-files, which the launcher passes;
 * - native dialogs: answered from what the test scripted (nothing scripted is a cancelled dialog);
 * - the session's header and permission policy: recorded, not applied (Chromium offers no hook on file:
 *   responses); new windows asked for by the page are closed when the window-open handler denies them.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What a handler registered with `ipcMain.handle` receives as its event. */
export interface StandInInvokeEvent {
  readonly sender: StandInWebContents;
  readonly senderFrame: { readonly url: string };
}

type InvokeHandler = (event: StandInInvokeEvent, ...args: unknown[]) => unknown;
type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

/** The page global through which `webContents.send` reaches the preload's listeners. */
const DISPATCH_GLOBAL = '__electronStandInDispatch';

export class StandInWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | undefined;
  page: Promise<Page> | null = null;
  destroyed = false;
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]): void {
    void this.page
      ?.then((page) =>
        page.evaluate(
          ([name, dispatchChannel, values]) =>
            (globalThis as unknown as Record<string, (c: string, a: unknown[]) => void>)[name]?.(
              dispatchChannel,
              values,
            ),
          [DISPATCH_GLOBAL, channel, args] as const,
        ),
      )
      .catch(() => undefined);
  }
}

/** Answers the test scripted for the next native dialogs, and the dialogs that were shown. */
export class ScriptedDialogs {
  private readonly opens: string[][] = [];
  private readonly saves: string[] = [];
  /** The options of every dialog shown, in order. */
  readonly shown: { readonly kind: 'open' | 'save'; readonly options: Record<string, unknown> }[] = [];

  /** The next open dialog (files or a folder) chooses these paths. */
  willOpen(paths: readonly string[]): void {
    this.opens.push([...paths]);
  }

  /** The next save dialog chooses this path. */
  willSave(path: string): void {
    this.saves.push(path);
  }

  open(options: Record<string, unknown>): { canceled: boolean; filePaths: string[] } {
    this.shown.push({ kind: 'open', options });
    const paths = this.opens.shift();
    return paths ? { canceled: false, filePaths: paths } : { canceled: true, filePaths: [] };
  }

  save(options: Record<string, unknown>): { canceled: boolean; filePath?: string } {
    this.shown.push({ kind: 'save', options });
    const path = this.saves.shift();
    return path ? { canceled: false, filePath: path } : { canceled: true };
  }
}

/** The binding the preload's ipcRenderer calls; captured and removed from the page before its scripts run. */
const INVOKE_BINDING = '__electronStandInInvoke';

/** The built preload, run as Electron runs a sandboxed one: a CommonJS body whose only module is 'electron'. */
function preloadScript(preloadFile: string): string {
  return `(() => {
  const invoke = globalThis[${JSON.stringify(INVOKE_BINDING)}];
  delete globalThis[${JSON.stringify(INVOKE_BINDING)}];
  const listeners = new Map();
  Object.defineProperty(globalThis, ${JSON.stringify(DISPATCH_GLOBAL)}, {
    value: (channel, args) => (listeners.get(channel) ?? []).forEach((listener) => listener({}, ...args)),
    enumerable: false,
  });
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key, api) =>
        Object.defineProperty(globalThis, key, { value: Object.freeze({ ...api }), enumerable: false }),
    },
    ipcRenderer: {
      invoke: (channel, ...args) => invoke(channel, args),
      on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
      removeListener: (channel, listener) =>
        listeners.set(channel, (listeners.get(channel) ?? []).filter((known) => known !== listener)),
    },
  };
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('a sandboxed preload may require only electron, not ' + name);
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${readFileSync(preloadFile, 'utf8')}
  })(require, module, module.exports);
})();`;
}

export interface StandInOptions {
  /** The Chromium the windows open in. */
  readonly browser: Browser;
  /** What `app.getPath('userData')` answers: the app's data folder. */
  readonly userData: string;
}

export interface ElectronStandIn {
  /** What `require('electron')` returns to the main process. */
  readonly module: Record<string, unknown>;
  readonly dialogs: ScriptedDialogs;
  /** The recorded session policy (applied by real Electron only). */
  readonly session: { headerListeners: number; permissionHandlers: number };
  /** The page of the first window the main process opened, once it has loaded. */
  firstWindow(): Promise<Page>;
  /** Quits as the app does: 'before-quit', windows closed, 'will-quit', 'quit'. */
  quit(): Promise<void>;
}

export function electronStandIn({ browser, userData }: StandInOptions): ElectronStandIn {
  const app = new EventEmitter();
  const handlers = new Map<string, InvokeHandler>();
  const dialogs = new ScriptedDialogs();
  const session = { headerListeners: 0, permissionHandlers: 0 };
  const windows = new Set<StandInWindow>();
  // Settles once, with the first window that loads.
  let firstLoaded: (page: Page) => void = () => undefined;
  const firstPage = new Promise<Page>((resolve) => (firstLoaded = resolve));
  let quitting: Promise<void> | null = null;

  class StandInWindow extends EventEmitter {
    readonly webContents = new StandInWebContents();
    readonly options: Record<string, unknown>;
    visible = false;
    private readonly opened: Promise<{ context: BrowserContext; page: Page }>;

    constructor(options: Record<string, unknown> = {}) {
      super();
      this.options = options;
      windows.add(this);
      app.emit('web-contents-created', {}, this.webContents);
      const viewport = { width: Number(options.width ?? 800), height: Number(options.height ?? 600) };
      this.opened = this.open(viewport, options.webPreferences as { preload?: string } | undefined);
      this.webContents.page = this.opened.then(({ page }) => page);
    }

    private async open(viewport: { width: number; height: number }, preferences?: { preload?: string }) {
      const context = await browser.newContext({ viewport });
      await context.exposeBinding(INVOKE_BINDING, async ({ frame }, channel: string, args: unknown[]) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return handler({ sender: this.webContents, senderFrame: { url: frame.url() } }, ...args);
      });
      if (preferences?.preload) await context.addInitScript({ content: preloadScript(preferences.preload) });
      const page = await context.newPage();
      // A window the page asks for is kept only when the main process's handler allows it.
      page.on('popup', (popup) => {
        if (this.webContents.windowOpenHandler?.({ url: popup.url() }).action !== 'allow') void popup.close();
      });
      return { context, page };
    }

    async loadFile(file: string): Promise<void> {
      const { page } = await this.opened;
      await page.goto(pathToFileURL(file).href);
      this.emit('ready-to-show');
      firstLoaded(page);
    }

    show(): void {
      this.visible = true;
    }
    isMinimized(): boolean {
      return false;
    }
    restore(): void {}
    focus(): void {
      void this.opened.then(({ page }) => page.bringToFront());
    }
    async close(): Promise<void> {
      if (!windows.delete(this)) return;
      this.webContents.destroyed = true;
      await (await this.opened).context.close();
      this.emit('closed');
      if (windows.size === 0) app.emit('window-all-closed');
    }

    static getAllWindows(): StandInWindow[] {
      return [...windows];
    }
    static fromWebContents(contents: StandInWebContents): StandInWindow | null {
      return [...windows].find((window) => window.webContents === contents) ?? null;
    }
  }

  const quit = (): Promise<void> =>
    (quitting ??= (async () => {
      app.emit('before-quit');
      await Promise.all([...windows].map((window) => window.close()));
      app.emit('will-quit');
      app.emit('quit');
    })());

  const appModule = Object.assign(app, {
    enableSandbox: () => undefined,
    requestSingleInstanceLock: () => true,
    quit: () => void quit(),
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => {
      if (name !== 'userData') throw new Error(`the stand-in knows only the userData path, not ${name}`);
      return userData;
    },
  });

  const pickArguments = (parentOrOptions: unknown, options?: unknown) =>
    (options ?? parentOrOptions) as Record<string, unknown>;

  const module = {
    app: appModule,
    BrowserWindow: StandInWindow,
    ipcMain: {
      handle: (channel: string, handler: InvokeHandler) => {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: () => void (session.headerListeners += 1) },
        setPermissionRequestHandler: () => void (session.permissionHandlers += 1),
        setPermissionCheckHandler: () => void (session.permissionHandlers += 1),
      },
    },
    dialog: {
      showOpenDialog: async (parentOrOptions: unknown, options?: unknown) =>
        dialogs.open(pickArguments(parentOrOptions, options)),
      showSaveDialog: async (parentOrOptions: unknown, options?: unknown) =>
        dialogs.save(pickArguments(parentOrOptions, options)),
    },
  };

  return { module, dialogs, session, firstWindow: () => firstPage, quit };
}
