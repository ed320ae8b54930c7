import type { ExtractResponse } from '../../../core/api/extract';
import { useI18n } from '../i18n/i18n';
import { downloadBase64, xmlFilename } from '../shared/download';
import { FileSize } from '../shared/file-size';

/** The XML found inside a PDF: its profile and size, and a way to save it beside the PDF. */
export function ExtractView({
  extraction,
  pdfName,
}: {
  readonly extraction: ExtractResponse;
  readonly pdfName: string;
}) {
  const { t } = useI18n();
  return (
    <div className="extraction" data-testid="extraction">
      <dl className="facts">
        <div>
          <dt>{t('extract.profile')}</dt>
          <dd data-testid="extract-profile">{extraction.profile}</dd>
        </div>
        <div>
          <dt>{t('extract.size')}</dt>
          <dd>
            <FileSize bytes={extraction.xmlSize} />
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="secondary"
        onClick={() => downloadBase64(extraction.xml, xmlFilename(pdfName), 'application/xml')}
      >
        {t('extract.download')}
      </button>
    </div>
  );
}
