import { useCallback, useRef, useState } from 'react';
import type { Lang } from '../i18n/messages';
import type { Answer, Backend, FileOperation } from './backend';
import { fileKind, mediaTypeOf, operationsFor, type FileKind } from './file-kind';

/** One dropped file and what the backend answered for each operation run on it. */
export interface Check {
  readonly id: number;
  readonly filename: string;
  readonly kind: FileKind;
  readonly size: number;
  readonly answers: Partial<Record<FileOperation, Answer | 'pending'>>;
}

export interface Checks {
  readonly checks: readonly Check[];
  /** Names of the files refused before reaching the backend (neither PDF nor XML). */
  readonly rejected: readonly string[];
  readonly submit: (files: readonly File[]) => void;
  readonly clear: () => void;
}

/** Sends each accepted file to the backend operations its kind calls for, newest first. */
export function useChecks(backend: Backend, lang: Lang): Checks {
  const [checks, setChecks] = useState<readonly Check[]>([]);
  const [rejected, setRejected] = useState<readonly string[]>([]);
  const nextId = useRef(1);

  const record = useCallback((id: number, operation: FileOperation, answer: Answer | 'pending') => {
    setChecks((all) =>
      all.map((check) =>
        check.id === id ? { ...check, answers: { ...check.answers, [operation]: answer } } : check,
      ),
    );
  }, []);

  const submit = useCallback(
    (files: readonly File[]) => {
      const refused: string[] = [];
      for (const file of files) {
        const kind = fileKind(file.name, file.type);
        if (!kind) {
          refused.push(file.name);
          continue;
        }
        const id = nextId.current++;
        const operations = operationsFor[kind];
        const answers = Object.fromEntries(operations.map((operation) => [operation, 'pending' as const]));
        setChecks((all) => [{ id, filename: file.name, kind, size: file.size, answers }, ...all]);
        void file.arrayBuffer().then((buffer) => {
          const invoice = {
            filename: file.name,
            bytes: new Uint8Array(buffer),
            mediaType: file.type || mediaTypeOf[kind],
          };
          for (const operation of operations) {
            void backend.run(operation, invoice, lang).then((answer) => record(id, operation, answer));
          }
        });
      }
      setRejected(refused);
    },
    [backend, lang, record],
  );

  const clear = useCallback(() => {
    setChecks([]);
    setRejected([]);
  }, []);

  return { checks, rejected, submit, clear };
}
