import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConvertProgress } from '../../../core/api/convert-progress';
import type { Answer, InvoiceFile } from '../backend/backend';
import type { RunConvert } from '../review/use-conversion';

/** A reading under way or done, where it is (OCR page by page, where the backend says), and its controls. */
export interface Reading {
  readonly answer: Answer | 'pending' | undefined;
  readonly progress?: ConvertProgress;
  /** Stops the reading under way; it then answers `cancelled`. */
  readonly cancel: () => void;
  /** Reads the document again (after a cancel). */
  readonly again: () => void;
}

/**
 * The invoice a PDF without invoice data holds, as the backend reads it: a convert dry run of the file,
 * whose answer carries the invoice as `invoice_data` (`candidateInvoiceData`) and where each term was
 * read; the review form starts from it. (A document with its own XML is read in the page: own-xml.ts.)
 * Read again when `run` changes (another target or language); only the newest answer counts, and a
 * reading no longer wanted is stopped (an OCR pass takes seconds a page). A reading `kept` from before
 * (the card was closed, the app restarted) is not made again.
 */
export function useReading(file: InvoiceFile | undefined, run: RunConvert, kept?: Answer): Reading {
  const [answer, setAnswer] = useState<Answer | 'pending' | undefined>(kept);
  const [progress, setProgress] = useState<ConvertProgress>();
  const [stop, setStop] = useState<AbortController>();
  const [round, setRound] = useState(0);
  // A reading the document kept stands for the one its file and run would make, until either changes.
  const keptFor = useRef(kept !== undefined ? { file, run } : null);
  useEffect(() => {
    if (!file) return;
    const standing = keptFor.current;
    if (standing && standing.file === file && standing.run === run && round === 0) return;
    keptFor.current = null;
    // Stopped by the user, its answer (cancelled) is shown; left behind by a newer reading, it is not.
    let current = true;
    const control = new AbortController();
    setAnswer('pending');
    setProgress(undefined);
    setStop(control);
    const onProgress = (next: ConvertProgress) => {
      if (current && !control.signal.aborted) setProgress(next);
    };
    void run(file, { dry_run: 'true' }, { signal: control.signal, onProgress }).then((read) => {
      if (!current) return;
      setAnswer(read);
      setProgress(undefined);
    });
    return () => {
      current = false;
      control.abort();
    };
  }, [file, run, round]);
  const cancel = useCallback(() => stop?.abort(), [stop]);
  const again = useCallback(() => setRound((n) => n + 1), []);
  return { answer, ...(progress ? { progress } : {}), cancel, again };
}
