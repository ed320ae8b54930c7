/** A backend for the batch desk's tests, answering each file by its name, and the calls it was asked. */
import { toAnswer, type Backend, type FileOperation, type RunOptions } from '../backend/backend';
import { profileStore } from './profile-store';
import { containerOnlyReport, invalidReport, validReport } from './sample-bodies';

export interface BatchCall {
  readonly operation: FileOperation;
  readonly filename: string;
  readonly target: RunOptions['validationTarget'];
}

/** Answers by file name: valid-*, invalid-* XML; fx-* Factur-X PDFs whose container fails; scan-* plain PDFs. */
export function batchBackend() {
  const calls: BatchCall[] = [];
  const noXml = { error: 'unextractable_pdf', message: 'No embedded XML.', reason: 'no_embedded_xml' };
  const backend: Backend = {
    kind: { type: 'offline' },
    run: async (operation, file, options) => {
      const filename = file?.filename ?? '';
      calls.push({ operation, filename, target: options.validationTarget });
      if (filename.startsWith('scan')) return toAnswer(false, 422, noXml);
      if (filename.startsWith('fx')) {
        return operation === 'extract'
          ? toAnswer(true, 200, { xml: 'PHgvPg==', xmlSize: 4, profile: 'BASIC' })
          : toAnswer(true, 200, { ...containerOnlyReport, filename });
      }
      return toAnswer(true, 200, {
        ...(filename.startsWith('valid') ? validReport : invalidReport),
        filename,
      });
    },
    profiles: profileStore().profiles,
  };
  return { backend, calls };
}
