/**
 * The desktop bridge: the one object the Electron preload exposes as `window.facturx` and the renderer's
 * IPC transport calls. Each member is a named operation; there is no generic `invoke(channel)`, so the page
 * can reach nothing else in the main process. Everything crossing it must survive structured cloning.
 */

import type { ConvertProgress } from '../api/convert-progress';
import type { NewQueueEntry, QueueChange, QueueEntry } from './work-queue';

/**
 * The largest file the bridge carries either way, so that no call moves more than this through IPC; the
 * service refuses smaller files already (its limit is what `limits()` answers, and what the page holds to).
 */
export const BRIDGE_MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A file as it crosses the bridge (dropped in the page or picked in a native dialog). */
export interface BridgeFile {
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly mediaType?: string;
}

/** The transport-neutral request of the service layer, reduced to what structured cloning carries. */
export interface BridgeRequest {
  readonly fields?: Readonly<Record<string, string>>;
  readonly files?: Readonly<Record<string, BridgeFile>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly idempotencyKey?: string;
}

/** What a service answered: the HTTP status it would have sent and its JSON body. */
export interface BridgeResult {
  readonly ok: boolean;
  readonly status: number;
  /** The response body on success, an error body (`{ error, message }`) otherwise. */
  readonly body: unknown;
}

/** One saved-profiles operation: list, save (create or next version) or delete; as /api/v1/profiles. */
export type ProfilesRequest =
  | { readonly method: 'GET' }
  | { readonly method: 'PUT'; readonly role: 'seller' | 'buyer'; readonly id: string; readonly data: unknown }
  | { readonly method: 'DELETE'; readonly role: 'seller' | 'buyer'; readonly id: string };

/** Which files a native open dialog offers. */
export type FileDialogKind = 'invoice' | 'pdf' | 'xml';

export interface SaveFileResult {
  readonly saved: boolean;
  /** Where the file was written, when it was. */
  readonly path?: string;
}

export interface SaveToFolderResult {
  readonly saved: boolean;
  /** The folder chosen, and the names the files were written under there (a name already taken gets ` (2)`). */
  readonly folder?: string;
  readonly filenames?: readonly string[];
}

export interface FacturxBridge {
  validate(request: BridgeRequest): Promise<BridgeResult>;
  extract(request: BridgeRequest): Promise<BridgeResult>;
  /**
   * `callId`, chosen by the page, names this convert for `cancelConvert` and for the progress reported to
   * `onConvertProgress`.
   */
  convert(request: BridgeRequest, callId?: string): Promise<BridgeResult>;
  /** Stops the convert named `callId`, which then answers `cancelled`; nothing when it already finished. */
  cancelConvert(callId: string): Promise<void>;
  /** Calls `listener` with where each named convert is; returns the function that stops listening. */
  onConvertProgress(listener: (callId: string, progress: ConvertProgress) => void): () => void;
  repair(request: BridgeRequest): Promise<BridgeResult>;
  contract(): Promise<BridgeResult>;
  /** What the service accepts (the largest file), as `GET /api/v1/limits` answers it, for the page to refuse larger files first. */
  limits(): Promise<BridgeResult>;
  /**
   * The saved profiles, kept in the app's data folder; the body is what the HTTP route answers, its
   * messages in `lang`.
   */
  profiles(request: ProfilesRequest, lang: 'en' | 'fr'): Promise<BridgeResult>;
  /**
   * Validation reports (as validate answered them) drawn as one PDF, its messages in `lang`; the body is
   * what `POST /api/v1/report` answers (`{ filename, pdf }`, base64).
   */
  report(reports: readonly unknown[], lang: 'en' | 'fr'): Promise<BridgeResult>;
  /** Opens a native file dialog; resolves to the chosen files' contents, or an empty list when cancelled. */
  openFileDialog(kind: FileDialogKind): Promise<BridgeFile[]>;
  /** Asks where to save `bytes` (suggesting `suggestedName`) and writes them there. */
  saveFile(suggestedName: string, bytes: Uint8Array): Promise<SaveFileResult>;
  /** Asks for a folder and writes the files into it, never over a file already there. */
  saveToFolder(files: readonly BridgeFile[]): Promise<SaveToFolderResult>;
  /**
   * The work queue kept in the app's data folder (work-queue.ts): every entry, oldest first; the work
   * under way when the app last closed comes back `interrupted`.
   */
  queueList(): Promise<QueueEntry[]>;
  /** Keeps these documents at the end of the queue; resolves to their ids. */
  queueAdd(entries: readonly NewQueueEntry[]): Promise<string[]>;
  /** Records what changed of one entry; false when it is no longer kept. */
  queueUpdate(id: string, change: QueueChange): Promise<boolean>;
  /** Forgets these entries; resolves to how many there were. */
  queueRemove(ids: readonly string[]): Promise<number>;
}

/** The operations of the bridge, in the order the preload exposes them. */
export const bridgeOperations = [
  'validate',
  'extract',
  'convert',
  'cancelConvert',
  'onConvertProgress',
  'repair',
  'contract',
  'limits',
  'profiles',
  'report',
  'openFileDialog',
  'saveFile',
  'saveToFolder',
  'queueList',
  'queueAdd',
  'queueUpdate',
  'queueRemove',
] as const satisfies readonly (keyof FacturxBridge)[];

/** The IPC channel carrying each operation; main and preload share it. */
export const bridgeChannel = (operation: keyof FacturxBridge): string => `facturx:${operation}`;

/** The channel on which the main process tells the page where a named convert is (`callId`, progress). */
export const convertProgressChannel = 'facturx:convertProgress';
