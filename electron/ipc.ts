import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { apiError } from '../core/api/errors';
import {
  bridgeChannel,
  type BridgeFile,
  type BridgeResult,
  type FileDialogKind,
  type SaveFileResult,
} from '../core/bridge/facturx-bridge';
import {
  parseDialogKind,
  parseProfilesRequest,
  parseReportRequest,
  parseSaveFile,
  parseServiceRequest,
} from './ipc-input';
import { serviceNames } from './service-protocol';
import type { ServiceRunner } from './service-runner';

export interface IpcDependencies {
  readonly runner: ServiceRunner;
  /** Only the app's own page may call; anything else loaded by accident gets nothing. */
  readonly isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  readonly openFiles: (parent: BrowserWindow | null, kind: FileDialogKind) => Promise<BridgeFile[]>;
  readonly saveFile: (parent: BrowserWindow | null, file: BridgeFile) => Promise<SaveFileResult>;
}

/** Accepts calls from the frame showing exactly `pageUrl` (the built renderer's file URL). */
export function trustedSender(pageUrl: string): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const url = event.senderFrame?.url;
    return url !== undefined && url.split(/[?#]/)[0] === pageUrl;
  };
}

/** A call refused before it reaches the service: the code, status and words of core/api/errors.ts. */
const refusal = (code: 'forbidden' | 'invalid_request', detail?: string): BridgeResult => {
  const { status, body } = apiError(code);
  return { ok: false, status, body: detail ? { ...body, message: `${body.message} ${detail}` } : body };
};

/** One handler per named bridge operation: check the sender, check the arguments, then do the work. */
export function registerIpcHandlers(deps: IpcDependencies): void {
  for (const name of serviceNames) {
    ipcMain.handle(
      bridgeChannel(name),
      async (event, input: unknown, lang: unknown): Promise<BridgeResult> => {
        if (!deps.isTrustedSender(event)) return refusal('forbidden');
        const request =
          name === 'profiles'
            ? parseProfilesRequest(input, lang)
            : name === 'report'
              ? parseReportRequest(input, lang)
              : parseServiceRequest(input);
        if (!request.ok) return refusal('invalid_request', request.message);
        return deps.runner.run(name, request.value);
      },
    );
  }

  ipcMain.handle(bridgeChannel('openFileDialog'), async (event, input: unknown): Promise<BridgeFile[]> => {
    const kind = parseDialogKind(input);
    if (!deps.isTrustedSender(event) || !kind.ok) return [];
    return deps.openFiles(BrowserWindow.fromWebContents(event.sender), kind.value);
  });

  ipcMain.handle(
    bridgeChannel('saveFile'),
    async (event, filename: unknown, bytes: unknown): Promise<SaveFileResult> => {
      const file = parseSaveFile(filename, bytes);
      if (!deps.isTrustedSender(event) || !file.ok) return { saved: false };
      return deps.saveFile(BrowserWindow.fromWebContents(event.sender), file.value);
    },
  );
}
