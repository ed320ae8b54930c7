import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConvertProgress } from '../../../core/api/convert-progress';
import {
  cancelledAnswer,
  type Answer,
  type Backend,
  type FileOperation,
  type InvoiceFile,
  type RunOptions,
  type UploadLimits,
} from '../backend/backend';
import { mediaTypeOf, operationsFor, type FileKind } from '../backend/file-kind';
import type { InvoiceDraft } from '../document/invoice-draft';
import {
  convertSourceOf,
  dryRunCall,
  finalCall,
  readyToConvert,
  type BatchConversion,
  type ConvertCall,
} from './batch-convert';
import { admitFile, type Refusal } from './file-refusal';

/** One dropped file and what the backend answered for each operation run on it. */
export interface Check {
  readonly id: number;
  readonly filename: string;
  readonly kind: FileKind;
  readonly size: number;
  /** The file as sent, kept for the operations asked for later (repair); absent while it is being read. */
  readonly invoice?: InvoiceFile;
  readonly answers: Partial<Record<FileOperation, Answer | 'pending'>>;
  /** Where a convert under way is, as far as the backend says (the desktop does; HTTP does not). */
  readonly progress?: ConvertProgress;
  /** Its conversion by "convert all that are ready", once asked. */
  readonly conversion?: BatchConversion;
  /** Kept from an earlier run of the app, where it was still under way when the app closed. */
  readonly interrupted?: true;
  /**
   * A PDF without invoice data being read (its text or OCR) for its review form, while it is: where
   * the reading is, as far as the backend says. Not kept: the reading starts again when it is opened.
   */
  readonly reading?: { readonly progress?: ConvertProgress };
  /** Its review, once its PDF has been read: kept with the document, not with its card. */
  readonly review?: KeptReview;
}

/**
 * What the review of a PDF without invoice data has come to. Kept in the queue (and, on the desktop, in
 * its store) so that closing the document's card, or the app, loses neither the reading (an OCR pass
 * takes seconds a page) nor the accountant's corrections.
 */
export interface KeptReview {
  /** The reading, and the target and language it was made for (another one reads the PDF again). */
  readonly reading: Answer;
  readonly readFor: RunOptions;
  /** The corrected invoice and the fields the accountant changed, once there is a correction. */
  readonly corrected?: { readonly draft: InvoiceDraft; readonly edited: readonly string[] };
}

/** A new reading of a file (its corrections stay), or new corrections of its reading. */
export type ReviewChange =
  Pick<KeptReview, 'reading' | 'readFor'> | { readonly corrected: NonNullable<KeptReview['corrected']> };

/** A reading under way for a document, as its card reports it to the queue: where it is, and its stop. */
export interface ReadingUnderWay {
  readonly progress?: ConvertProgress;
  readonly cancel: () => void;
}

/** A check as it comes back from the kept queue, before it is given its place (id) in this one. */
export type KeptCheck = Omit<Check, 'id'>;

export interface Checks {
  readonly checks: readonly Check[];
  /** The files of the last drop refused before reaching the backend, and why. */
  readonly rejected: readonly Refusal[];
  readonly submit: (files: readonly File[]) => void;
  /** Sends the file of a check to the repair operation. */
  readonly repair: (id: number) => void;
  /** Checks these files again, against the target and in the language of now. */
  readonly checkAgain: (ids: readonly number[]) => void;
  /** Stops what is under way for these files; each operation stopped answers `cancelled`. */
  readonly cancel: (ids: readonly number[]) => void;
  /**
   * Converts these files (PDFs and invoice_data JSONs), one after another: each is dry run first and
   * converted only when that says the target can pass.
   */
  readonly convertReady: (ids: readonly number[]) => void;
  /** Says that a file's PDF is being read (undefined: not any more), so that its line says so. */
  readonly reading: (id: number, reading: ReadingUnderWay | undefined) => void;
  /**
   * Keeps what a file's review has come to: its reading (with what it was read for), then the
   * accountant's corrections of it, each kept beside the other.
   */
  readonly keepReview: (id: number, change: ReviewChange) => void;
  /** Keeps the conversion a file's own form made (its last dry run and final call), as the batch's are. */
  readonly keepConversion: (id: number, conversion: BatchConversion) => void;
  /** Takes these files out of the queue, stopping what is under way for them. */
  readonly remove: (ids: readonly number[]) => void;
  readonly clear: () => void;
  /**
   * Puts checks kept from an earlier run before those of this one, and checks again at once those whose
   * answers are `stale` (another target or language than now); their ids, in the same order.
   */
  readonly restore: (kept: readonly { readonly check: KeptCheck; readonly stale: boolean }[]) => number[];
}

/** What is under way for a file stops when its signal aborts; a round after a cancel gets a new one. */
function signalOf(cancels: Map<number, AbortController>, id: number): AbortSignal {
  const current = cancels.get(id);
  if (current && !current.signal.aborted) return current.signal;
  const fresh = new AbortController();
  cancels.set(id, fresh);
  return fresh.signal;
}

/**
 * Sends each accepted file to the backend operations its kind calls for, newest last. A change of the
 * validation target or of the language checks the files already there again.
 */
export function useChecks(backend: Backend, options: RunOptions, limits: UploadLimits | null = null): Checks {
  const [checks, setChecks] = useState<readonly Check[]>([]);
  const [rejected, setRejected] = useState<readonly Refusal[]>([]);
  const nextId = useRef(1);

  const update = useCallback((id: number, change: (check: Check) => Check) => {
    setChecks((all) => all.map((check) => (check.id === id ? change(check) : check)));
  }, []);

  const cancels = useRef(new Map<number, AbortController>());
  /** The stop of each reading under way, which the document's own card runs. */
  const readings = useRef(new Map<number, () => void>());
  const stop = useCallback((id: number) => {
    cancels.current.get(id)?.abort();
    readings.current.get(id)?.();
  }, []);

  /** One call for a file, its progress shown on the file's line until it answers. */
  const send = useCallback(
    (id: number, operation: FileOperation, signal: AbortSignal, { file, fields }: ConvertCall) => {
      if (signal.aborted) return Promise.resolve(cancelledAnswer(options.lang));
      const onProgress = (progress: ConvertProgress) => update(id, (check) => ({ ...check, progress }));
      return backend.run(operation, file, options, fields, { signal, onProgress }).then((answer) => {
        update(id, ({ progress: _over, ...check }) => check);
        return answer;
      });
    },
    [backend, options, update],
  );

  // Only the newest request of an operation on a file is shown, whatever order the answers arrive in.
  const latest = useRef(new Map<string, number>());
  const run = useCallback(
    (id: number, operation: FileOperation, invoice: InvoiceFile, signal = signalOf(cancels.current, id)) => {
      const key = `${id}/${operation}`;
      const sequence = (latest.current.get(key) ?? 0) + 1;
      latest.current.set(key, sequence);
      update(id, ({ interrupted: _over, ...check }) => ({
        ...check,
        answers: { ...check.answers, [operation]: 'pending' },
      }));
      void send(id, operation, signal, { file: invoice, fields: {} }).then((answer) => {
        if (latest.current.get(key) !== sequence) return;
        update(id, (check) => ({ ...check, answers: { ...check.answers, [operation]: answer } }));
      });
    },
    [send, update],
  );

  const checksNow = useRef(checks);
  checksNow.current = checks;
  const checkAgain = useCallback(
    (ids: readonly number[]) => {
      for (const check of checksNow.current) {
        if (!check.invoice || !ids.includes(check.id)) continue;
        for (const operation of operationsFor[check.kind]) run(check.id, operation, check.invoice);
      }
    },
    [run],
  );
  const checkedWith = useRef(options);
  useEffect(() => {
    if (checkedWith.current === options) return;
    checkedWith.current = options;
    checkAgain(checksNow.current.map((check) => check.id));
  }, [options, checkAgain]);

  const submit = useCallback(
    (files: readonly File[]) => {
      const refused: Refusal[] = [];
      for (const file of files) {
        const admitted = admitFile(file, limits);
        if ('refusal' in admitted) {
          refused.push(admitted.refusal);
          continue;
        }
        const { kind } = admitted;
        const id = nextId.current++;
        const operations = operationsFor[kind];
        const answers = Object.fromEntries(operations.map((operation) => [operation, 'pending' as const]));
        setChecks((all) => [...all, { id, filename: file.name, kind, size: file.size, answers }]);
        const signal = signalOf(cancels.current, id);
        void file.arrayBuffer().then((buffer) => {
          const invoice = {
            filename: file.name,
            bytes: new Uint8Array(buffer),
            mediaType: file.type || mediaTypeOf[kind],
          };
          update(id, (check) => ({ ...check, invoice }));
          for (const operation of operations) run(id, operation, invoice, signal);
        });
      }
      setRejected(refused);
    },
    [limits, run, update],
  );

  const repair = useCallback(
    (id: number) => {
      const invoice = checks.find((check) => check.id === id)?.invoice;
      if (invoice) run(id, 'repair', invoice);
    },
    [checks, run],
  );

  const record = useCallback(
    (id: number, conversion: BatchConversion) =>
      update(id, ({ interrupted: _over, ...check }) => ({ ...check, conversion })),
    [update],
  );

  const convertReady = useCallback(
    (ids: readonly number[]) => {
      const converting = (conversion: BatchConversion | undefined) =>
        conversion !== undefined &&
        (conversion.dryRun === undefined ||
          conversion.dryRun === 'pending' ||
          conversion.final === 'pending');
      const queued = checksNow.current.flatMap((check) => {
        const source = convertSourceOf(check);
        if (!ids.includes(check.id) || !source || converting(check.conversion)) return [];
        // Taken now, so that cancelling a document still waiting its turn cancels this conversion.
        return [{ id: check.id, source, signal: signalOf(cancels.current, check.id) }];
      });
      for (const { id } of queued) record(id, {});
      // One after another: a batch does not flood the backend (nor its OCR) with every document at once.
      void (async () => {
        for (const { id, source, signal } of queued) {
          record(id, { dryRun: 'pending' });
          const dryRun = await send(id, 'convert', signal, dryRunCall(source));
          if (!readyToConvert(dryRun)) {
            record(id, { dryRun });
            continue;
          }
          record(id, { dryRun, final: 'pending' });
          record(id, { dryRun, final: await send(id, 'convert', signal, finalCall(source, dryRun)) });
        }
      })();
    },
    [record, send],
  );

  const cancel = useCallback(
    (ids: readonly number[]) => {
      for (const id of ids) stop(id);
    },
    [stop],
  );

  const reading = useCallback(
    (id: number, under: ReadingUnderWay | undefined) => {
      if (under) readings.current.set(id, under.cancel);
      else readings.current.delete(id);
      update(id, ({ reading: _was, ...check }) =>
        under ? { ...check, reading: under.progress ? { progress: under.progress } : {} } : check,
      );
    },
    [update],
  );

  const keepReview = useCallback(
    (id: number, change: ReviewChange) =>
      update(id, (check) => {
        if ('reading' in change) return { ...check, review: { ...check.review, ...change } };
        return check.review ? { ...check, review: { ...check.review, ...change } } : check;
      }),
    [update],
  );

  const remove = useCallback(
    (ids: readonly number[]) => {
      for (const id of ids) {
        stop(id);
        cancels.current.delete(id);
      }
      setChecks((all) => all.filter((check) => !ids.includes(check.id)));
    },
    [stop],
  );

  const clear = useCallback(() => {
    for (const id of [...cancels.current.keys(), ...readings.current.keys()]) stop(id);
    cancels.current.clear();
    setChecks([]);
    setRejected([]);
  }, [stop]);

  const restore = useCallback(
    (kept: readonly { readonly check: KeptCheck; readonly stale: boolean }[]) => {
      const restored = kept.map(({ check }) => ({ ...check, id: nextId.current++ }));
      setChecks((all) => [...restored, ...all]);
      restored.forEach((check, i) => {
        if (!kept[i]?.stale || !check.invoice) return;
        for (const operation of operationsFor[check.kind]) run(check.id, operation, check.invoice);
      });
      return restored.map((check) => check.id);
    },
    [run],
  );

  return {
    checks,
    rejected,
    submit,
    repair,
    checkAgain,
    cancel,
    convertReady,
    reading,
    keepReview,
    keepConversion: record,
    remove,
    clear,
    restore,
  };
}
