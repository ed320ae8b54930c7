/**
 * pdfjs's reading side (what pdfjs calls its worker: parsing, fonts, content streams) in a thread of its
 * own, so that reading a PDF can be stopped. A page of form XObjects nested a few levels deep keeps pdfjs
 * busy for hours without once yielding to a timer (core/testing/hostile-pdf.ts `nestedForms`): no check
 * in our code can run meanwhile, only ending its thread stops it. The thread also holds pdfjs to a heap
 * size. Threads are started as reads come, at most one per core at once (the others wait their turn), and
 * one is kept between documents without keeping the process alive.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfJsThread {
  /** pdfjs's handle on the thread, for `getDocument({ worker })`. */
  readonly worker: PDFWorker;
  /** Aborted when the thread stopped by itself (out of memory, failed), its reason the error. */
  readonly lost: AbortSignal;
  /** The heap it was started with, in MB. */
  readonly heapMb: number;
}

interface Running extends PdfJsThread {
  readonly thread: Worker;
  readonly port: MessagePort;
}

/**
 * pdfjs's worker module. In the packaged desktop app it is read from outside the asar archive, where
 * electron-builder.yml unpacks it: a thread cannot load a module from inside the archive.
 */
function pdfjsWorkerUrl(): string {
  const file = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return pathToFileURL(file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')).href;
}

// The thread's code: pdfjs's own message handler, on the port it is given (pdfjs starts none in Node).
const THREAD_CODE = `const { workerData } = require('node:worker_threads');
import(workerData.module).then(({ WorkerMessageHandler }) => WorkerMessageHandler.initializeFromPort(workerData.port));`;

async function start(heapMb: number): Promise<Running> {
  const { PDFWorker } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(THREAD_CODE, {
    eval: true,
    workerData: { module: pdfjsWorkerUrl(), port: port2 },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    // Kept from our output (a warning in the JSON a command prints), and never read: pdfjs at verbosity 0
    // writes nothing, and a stream being read would keep the process alive.
    stdout: true,
    stderr: true,
  });
  const lost = new AbortController();
  thread.on('error', (error) => lost.abort(error));
  thread.on('exit', (code) => lost.abort(new Error(`the reading thread stopped (exit code ${code})`)));
  // pdfjs takes any object that posts and listens to messages as its port; a MessagePort does both.
  const worker = new PDFWorker({ port: port1 as never, verbosity: 0 });
  return { worker, lost: lost.signal, heapMb, thread, port: port1 };
}

const MAX_THREADS = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];
let idle: Running | null = null;

/** A thread to read one document in: the one kept, or a new one once fewer than one per core run. */
export async function takePdfJsThread(heapMb: number): Promise<PdfJsThread> {
  const kept = idle;
  idle = null;
  if (kept && kept.heapMb === heapMb && !kept.lost.aborted) {
    kept.thread.ref();
    kept.port.ref();
    return kept;
  }
  if (kept) end(kept);
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await start(heapMb);
  } catch (error) {
    leave();
    throw error;
  }
}

function leave(): void {
  running -= 1;
  waiting.shift()?.();
}

/**
 * Gives back a thread whose read ended: kept for the next document when it is sound (`clean`: it
 * finished what it was given) and no read waits for a place; ended otherwise.
 */
export function givePdfJsThread(given: PdfJsThread, clean: boolean): void {
  const done = given as Running;
  if (clean && !done.lost.aborted && !idle && waiting.length === 0) {
    done.thread.unref();
    done.port.unref();
    idle = done;
    return;
  }
  end(done);
}

function end(done: Running): void {
  done.worker.destroy();
  done.port.close();
  void done.thread.terminate();
  leave();
}

/** Whether a thread was lost for want of memory (its heap bound). */
export const outOfMemory = (lost: AbortSignal): boolean =>
  (lost.reason as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
