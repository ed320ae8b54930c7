/**
 * The desktop's work queue as it crosses the bridge and lies in the local store: each dropped document
 * with its bytes, its kind, the target it was checked against and what the page knows of it, so that the
 * queue comes back when the app starts again. The page alone reads what it kept (`state`); the store
 * keeps, orders and removes entries, and marks the work that was under way when the app closed.
 */
import type { ValidationTarget } from '../api/targets';
import type { BridgeFile } from './facturx-bridge';

/** The kinds of document the queue holds (as the page tells them apart). */
export const QUEUE_FILE_KINDS = ['pdf', 'xml', 'json'] as const;
export type QueueFileKind = (typeof QUEUE_FILE_KINDS)[number];

/**
 * Where an entry's work stands, as the page last said: still running, or finished (whatever its
 * verdict). `interrupted` is the store's own word, at the next start, for work the app closed during.
 */
export type QueueWork = 'under_way' | 'finished';
export type QueueEntryStatus = QueueWork | 'interrupted';

/** What the page says of an entry each time it changes. */
export interface QueueChange {
  readonly target: ValidationTarget;
  readonly work: QueueWork;
  /** The page's own record of the verdicts and status (JSON it reads back itself). */
  readonly state: string;
}

/** A document added to the queue. */
export interface NewQueueEntry extends QueueChange {
  readonly file: BridgeFile;
  readonly kind: QueueFileKind;
}

/** A kept entry, oldest first in the list. */
export interface QueueEntry {
  readonly id: string;
  readonly file: BridgeFile;
  readonly kind: QueueFileKind;
  readonly target: ValidationTarget;
  readonly status: QueueEntryStatus;
  readonly state: string;
  readonly addedAt: string;
  readonly updatedAt: string;
}

/** The queue's operations, named: one bridge operation and one IPC channel each. */
export interface WorkQueue {
  /** Every kept entry, oldest first. */
  list(): Promise<QueueEntry[]>;
  /** Keeps these documents after those already there, in order; resolves to their ids. */
  add(entries: readonly NewQueueEntry[]): Promise<string[]>;
  /** Records what changed; false when the entry is no longer kept. */
  update(id: string, change: QueueChange): Promise<boolean>;
  /** Forgets these entries; how many there were. */
  remove(ids: readonly string[]): Promise<number>;
}

/**
 * The largest `state` kept for one entry: what the page knows of a document, with the converted PDF it
 * may carry (base64 takes 4 characters for 3 bytes).
 */
export const QUEUE_MAX_STATE_CHARS = 96 * 1024 * 1024;
