import { BrowserWindow, ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { apiError } from '../core/api/errors';
import {
  bridgeChannel,
  convertProgressChannel,
  type BridgeFile,
  type BridgeResult,
  type FileDialogKind,
  type SaveFileResult,
  type SaveToFolderResult,
} from '../core/bridge/facturx-bridge';
import {
  parseCallId,
  parseDialogKind,
  parseProfilesRequest,
  parseQueueAdd,
  parseQueueRemove,
  parseQueueUpdate,
  parseReportRequest,
  parseSaveFile,
  parseSaveToFolder,
  parseServiceRequest,
  type Parsed,
} from './ipc-input';
import { serviceNames } from './service-protocol';
import type { ServiceRunner } from './service-runner';
import type { WorkQueue } from '../core/bridge/work-queue';
import type { ServiceRequest } from '../core/service/types';

export interface IpcDependencies {
  readonly runner: Pick<ServiceRunner, 'run' | 'close'>;
  /** The work queue kept in the local store (the runner's, in the app). */
  readonly queue: WorkQueue;
  /** Only the app's own page may call; anything else loaded by accident gets nothing. */
  readonly isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  readonly openFiles: (parent: BrowserWindow | null, kind: FileDialogKind) => Promise<BridgeFile[]>;
  readonly saveFile: (parent: BrowserWindow | null, file: BridgeFile) => Promise<SaveFileResult>;
  readonly saveToFolder: (
    parent: BrowserWindow | null,
    files: readonly BridgeFile[],
  ) => Promise<SaveToFolderResult>;
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
  // The converts each page named, so that it can cancel them; one page cannot reach another's.
  const named = new WeakMap<WebContents, Map<string, AbortController>>();
  const namedBy = (sender: WebContents) => {
    const calls = named.get(sender) ?? new Map<string, AbortController>();
    named.set(sender, calls);
    return calls;
  };

  /** Runs a convert the page named: its progress goes back to that page, `cancelConvert` aborts it. */
  async function namedConvert(sender: WebContents, callId: string, request: ServiceRequest) {
    const calls = namedBy(sender);
    calls.get(callId)?.abort();
    const cancel = new AbortController();
    calls.set(callId, cancel);
    try {
      return await deps.runner.run('convert', request, {
        signal: cancel.signal,
        onProgress: (progress) => {
          if (!sender.isDestroyed()) sender.send(convertProgressChannel, callId, progress);
        },
      });
    } finally {
      if (calls.get(callId) === cancel) calls.delete(callId);
    }
  }

  for (const name of serviceNames) {
    ipcMain.handle(
      bridgeChannel(name),
      async (event, input: unknown, extra: unknown): Promise<BridgeResult> => {
        if (!deps.isTrustedSender(event)) return refusal('forbidden');
        const request =
          name === 'profiles'
            ? parseProfilesRequest(input, extra)
            : name === 'report'
              ? parseReportRequest(input, extra)
              : parseServiceRequest(input);
        if (!request.ok) return refusal('invalid_request', request.message);
        if (name !== 'convert' || extra === undefined) return deps.runner.run(name, request.value);
        const callId = parseCallId(extra);
        if (!callId.ok) return refusal('invalid_request', callId.message);
        return namedConvert(event.sender, callId.value, request.value);
      },
    );
  }

  ipcMain.handle(bridgeChannel('cancelConvert'), async (event, input: unknown): Promise<void> => {
    const callId = parseCallId(input);
    if (!deps.isTrustedSender(event) || !callId.ok) return;
    named.get(event.sender)?.get(callId.value)?.abort();
  });

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

  /**
   * The work queue's operations: the sender and the arguments checked, then the worker's store. A call
   * refused here rejects, as one the store could not do does, with why.
   */
  const queueHandler = <A, T>(
    operation: 'queueList' | 'queueAdd' | 'queueUpdate' | 'queueRemove',
    parseArgs: (args: unknown[]) => Parsed<A>,
    work: (valid: A) => Promise<T>,
  ) =>
    ipcMain.handle(bridgeChannel(operation), async (event, ...args: unknown[]): Promise<T> => {
      if (!deps.isTrustedSender(event)) throw new Error(apiError('forbidden').body.message);
      const valid = parseArgs(args);
      if (!valid.ok) throw new Error(`${apiError('invalid_request').body.message} ${valid.message}`);
      return work(valid.value);
    });
  const { queue } = deps;
  queueHandler(
    'queueList',
    () => ({ ok: true, value: null }),
    () => queue.list(),
  );
  queueHandler(
    'queueAdd',
    ([entries]) => parseQueueAdd(entries),
    (valid) => queue.add(valid),
  );
  queueHandler(
    'queueUpdate',
    ([id, change]) => parseQueueUpdate(id, change),
    ({ id, change }) => queue.update(id, change),
  );
  queueHandler(
    'queueRemove',
    ([ids]) => parseQueueRemove(ids),
    (ids) => queue.remove(ids),
  );

  ipcMain.handle(
    bridgeChannel('saveToFolder'),
    async (event, input: unknown): Promise<SaveToFolderResult> => {
      const files = parseSaveToFolder(input);
      if (!deps.isTrustedSender(event) || !files.ok) return { saved: false };
      return deps.saveToFolder(BrowserWindow.fromWebContents(event.sender), files.value);
    },
  );
}
