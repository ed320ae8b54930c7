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

type State = 'idle' | 'working' | 'done' | 'without_report';

/** Exports the selected documents, their invoice XML, the validation report and a CSV as one zip. */
export function ExportButton({ checks, backend }: Props) {
  const { lang, t } = useI18n();
  const [state, setState] = useState<State>('idle');
  const exportAll = async () => {
    setState('working');
    const reports = reportsOf(checks);
    const answer = reports.length > 0 && backend.report ? await backend.report(reports, lang) : null;
    const body = answer?.ok && isRecord(answer.body) ? answer.body : null;
    const reportPdf =
      body && typeof body.filename === 'string' && typeof body.pdf === 'string'
        ? { filename: body.filename, pdf: body.pdf }
        : null;
    downloadBytes(storedZip(exportEntries(checks, lang, reportPdf)), t('export.zipName'), 'application/zip');
    setState(reports.length > 0 && !reportPdf ? 'without_report' : 'done');
  };
  return (
    <>
      <button
        type="button"
        className="ghost dark"
        disabled={checks.length === 0 || state === 'working'}
        onClick={() => void exportAll()}
      >
        {state === 'working' ? t('export.working') : t('export.selection')}
      </button>
      {state === 'without_report' && (
        <span className="notice" role="status">
          {t('export.withoutReport')}
        </span>
      )}
    </>
  );
}
