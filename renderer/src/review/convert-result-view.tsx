import { outcomeOf, type ConvertBody } from './convert-bodies';
import type { ConvertOutput } from './use-conversion';
import { useI18n } from '../i18n/i18n';
import { derivedFilename, downloadBase64 } from '../shared/download';
import { ReadinessVerdict } from './readiness-verdict';

interface Props {
  readonly body: ConvertBody;
  readonly filename: string;
  readonly output: ConvertOutput;
}

/** The final convert: its outcome, the deliverable to download, and the legal disclaimer. */
export function ConvertResultView({ body, filename, output }: Props) {
  const { t } = useI18n();
  const outcome = outcomeOf(body);
  const { pdf, pdfUrl, xml } = body.result;
  return (
    <div className="convert-result" data-testid="convert-result" data-outcome={outcome}>
      <ReadinessVerdict body={body} testId="convert-verdict" />
      <p className={`outcome outcome-${outcome}`} data-testid="convert-outcome">
        {t(`convert.outcome.${outcome}`)}
      </p>
      {outcome !== 'failed' && (
        <div className="actions">
          {output === 'facturx_pdfa3' && pdf && (
            <button
              type="button"
              className="primary"
              onClick={() =>
                downloadBase64(pdf, derivedFilename(filename, '-facturx', 'pdf'), 'application/pdf')
              }
            >
              {t('convert.downloadPdf')}
            </button>
          )}
          {output === 'facturx_pdfa3' && !pdf && pdfUrl && (
            <a className="button primary" href={pdfUrl} download>
              {t('convert.downloadPdf')}
            </a>
          )}
          {output === 'xml_cii' && xml && (
            <button
              type="button"
              className="primary"
              onClick={() => downloadBase64(xml, derivedFilename(filename, '-cii', 'xml'), 'application/xml')}
            >
              {t('convert.downloadXml')}
            </button>
          )}
        </div>
      )}
      <p className="legal" data-testid="legal-disclaimer">
        {body.result.legalDisclaimer}
      </p>
    </div>
  );
}
