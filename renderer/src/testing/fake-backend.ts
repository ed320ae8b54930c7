import type { Answer, Backend, FileOperation, FormFields, InvoiceFile } from '../backend/backend';
import { profileStore } from './profile-store';

/** One request the interface made, as the tests look at it. */
export interface Call {
  readonly operation: FileOperation;
  readonly filename: string;
  readonly text: string;
  readonly lang: string;
  readonly validationTarget: string;
  readonly fields: FormFields;
}

/** A convert dry run: how the interface reads a document to show it. */
export const isReading = (call: Pick<Call, 'operation' | 'fields'>) =>
  call.operation === 'convert' && call.fields.dry_run === 'true';

/**
 * A backend that records its calls and answers what the test tells it to. The readings of documents
 * (dry runs made on drop) are kept apart in `readings`, answered by `readingFor` (by default a body with
 * no candidate), so that `calls` holds what the test is about.
 */
export function fakeBackend(
  answerFor: (
    operation: FileOperation,
    file: InvoiceFile | null,
    fields: FormFields,
  ) => Answer | Promise<Answer>,
  readingFor: (file: InvoiceFile | null) => Answer | Promise<Answer> = () => ({
    ok: true,
    status: 200,
    body: {},
  }),
) {
  const calls: Call[] = [];
  const readings: Call[] = [];
  const backend: Backend = {
    kind: { type: 'server', origin: 'http://127.0.0.1:4000' },
    run: async (operation, file, { lang, validationTarget }, fields = {}) => {
      const call = {
        operation,
        filename: file?.filename ?? '',
        text: file ? new TextDecoder().decode(file.bytes) : '',
        lang,
        validationTarget,
        fields,
      };
      if (isReading(call)) {
        readings.push(call);
        return readingFor(file);
      }
      calls.push(call);
      return answerFor(operation, file, fields);
    },
    profiles: profileStore().profiles,
  };
  return { backend, calls, readings };
}
