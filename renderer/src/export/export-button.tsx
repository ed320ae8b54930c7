import { useState } from 'react';
import { storedZip } from '../../../core/export/stored-zip';
import { isRecord, type Backend } from '../backend/backend';
import type { Check } from '../batch/use-checks';
import { useI18n } from '../i18n/i18n';
import { downloadBytes } from '../shared/download';
import { exportEntries, reportsOf } from './export-entries';

interface Props {
  readonly checks: readonly Check[];
  readonly backend: Backend;
}

type State =
  | { readonly kind: 'idle' | 'working' | 'done' }
  | { readonly kind: 'without_report' }
  | {
      readonly kind: 'in_folder';
      readonly count: number;
      readonly folder: string;
      readonly withoutReport: boolean;
    };

/**
 * Exports the selected documents, their invoice XML, the validation report and a CSV: as one zip in a
 * browser, into a folder the user chooses in the desktop app.
 */
export function ExportButton({ checks, backend }: Props) {
  const { lang, t } = useI18n();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const toFolder = backend.saveToFolder?.bind(backend);
  const exportAll = async () => {
    setState({ kind: 'working' });
    const reports = reportsOf(checks);
    const answer = reports.length > 0 && backend.report ? await backend.report(reports, lang) : null;
    const body = answer?.ok && isRecord(answer.body) ? answer.body : null;
    const reportPdf =
      body && typeof body.filename === 'string' && typeof body.pdf === 'string'
        ? { filename: body.filename, pdf: body.pdf }
        : null;
    const entries = exportEntries(checks, lang, reportPdf);
    const withoutReport = reports.length > 0 && !reportPdf;
    if (toFolder) {
      const saved = await toFolder(entries);
      setState(
        saved.saved && saved.folder
          ? { kind: 'in_folder', count: saved.filenames?.length ?? 0, folder: saved.folder, withoutReport }
          : { kind: 'idle' },
      );
      return;
    }
    downloadBytes(storedZip(entries), t('export.zipName'), 'application/zip');
    setState({ kind: withoutReport ? 'without_report' : 'done' });
  };
  return (
    <>
      <button
        type="button"
        className="ghost dark"
        disabled={checks.length === 0 || state.kind === 'working'}
        onClick={() => void exportAll()}
      >
        {state.kind === 'working'
          ? t('export.working')
          : toFolder
            ? t('export.toFolder')
            : t('export.selection')}
      </button>
      {state.kind === 'in_folder' && (
        <span className="notice" role="status" data-testid="export-saved">
          {t('export.savedInFolder', { count: state.count, folder: state.folder })}
          {state.withoutReport && ` ${t('export.withoutReport')}`}
        </span>
      )}
      {state.kind === 'without_report' && (
        <span className="notice" role="status">
          {t('export.withoutReport')}
        </span>
      )}
    </>
  );
}
