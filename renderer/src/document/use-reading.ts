import { useEffect, useState } from 'react';
import type { Answer, InvoiceFile } from '../backend/backend';
import type { RunConvert } from '../review/use-conversion';

/**
 * The invoice a PDF without invoice data holds, as the backend reads it: a convert dry run of the file,
 * whose answer carries the invoice as `invoice_data` (`candidateInvoiceData`) and where each term was
 * read; the review form starts from it. (A document with its own XML is read in the page: own-xml.ts.)
 * Read again when `run` changes (another target or language); only the newest answer counts.
 */
export function useReading(file: InvoiceFile | undefined, run: RunConvert): Answer | 'pending' | undefined {
  const [reading, setReading] = useState<Answer | 'pending'>();
  useEffect(() => {
    if (!file) return;
    let current = true;
    setReading('pending');
    void run(file, { dry_run: 'true' }).then((answer) => {
      if (current) setReading(answer);
    });
    return () => {
      current = false;
    };
  }, [file, run]);
  return reading;
}
