import { useCallback, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Answer, InvoiceFile } from '../backend/backend';
import { useI18n } from '../i18n/i18n';
import { convertBodyOf } from '../review/convert-bodies';
import { plainError } from '../shared/error-detail';
import { ProgressStage } from '../shared/progress-stage';
import { candidateOf, sourcesOf, type InvoiceDraft, type TermSource } from './invoice-draft';
import { InvoiceView, TermPointer } from './invoice-view';
import { PdfPages, type Highlight } from './pdf-pages';
import type { Reading } from './use-reading';
import './document.css';

/** The XML shown in the XML tab, and what it is. */
export interface ShownXml {
  readonly text: string;
  readonly origin: 'embedded' | 'file' | 'candidate';
}

const decodeBase64 = (base64: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));

/** The XML of a document: its own file, the one embedded in its PDF, else the candidate a dry run wrote. */
export function xmlOf(
  file: InvoiceFile,
  embeddedBase64: string | undefined,
  reading: Answer | 'pending' | undefined,
): ShownXml | undefined {
  if (file.mediaType.includes('xml') || file.filename.toLowerCase().endsWith('.xml'))
    return { text: new TextDecoder().decode(file.bytes), origin: 'file' };
  if (embeddedBase64) return { text: decodeBase64(embeddedBase64), origin: 'embedded' };
  const candidate = convertBodyOf(reading)?.result.xml;
  return candidate ? { text: decodeBase64(candidate), origin: 'candidate' } : undefined;
}

type Tab = 'invoice' | 'xml';
const tabs: readonly Tab[] = ['invoice', 'xml'];

/** Tabs as the ARIA pattern has them: arrow keys move between them, the panel follows. */
function Tabs({
  current,
  onChange,
  panels,
}: {
  readonly current: Tab;
  readonly onChange: (tab: Tab) => void;
  readonly panels: Readonly<Record<Tab, ReactNode>>;
}) {
  const { t } = useI18n();
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length] ?? current;
    onChange(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('document.tabs')}>
        {tabs.map((tab) => (
          <button
            key={tab}
            id={`${id}-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={`${id}-${tab}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
          >
            {t(tab === 'invoice' ? 'document.tabInvoice' : 'document.tabXml')}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          id={`${id}-${tab}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-${tab}`}
          hidden={tab !== current}
          className="tab-panel"
        >
          {panels[tab]}
        </div>
      ))}
    </>
  );
}

/** Prints the readable invoice alone (styles in document.css). */
function printInvoice() {
  document.body.classList.add('printing-invoice');
  const done = () => {
    document.body.classList.remove('printing-invoice');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

interface Props {
  readonly file: InvoiceFile;
  /**
   * The backend's reading of the document (a convert dry run), or why it could not be read; the answer
   * that says so when the document is not read by the backend (its own XML is).
   */
  readonly reading: Answer | 'pending' | undefined;
  /** The invoice of the document's own XML, read in the page; null when that XML could not be read. */
  readonly own?: InvoiceDraft | null;
  /** base64 XML embedded in the PDF, from extract. */
  readonly embeddedXml?: string;
  /** Where the backend's reading is, and how to stop it or start it again, when the page asked for it. */
  readonly readingControl?: Omit<Reading, 'answer'>;
  /** Shown instead of the readable invoice (the review form of a PDF without invoice data). */
  readonly review?: (
    point: (term: string | undefined) => void,
    sources: Readonly<Record<string, TermSource>>,
  ) => ReactNode;
}

/**
 * One document: its PDF pages beside the readable invoice (or, for a PDF without invoice data, the
 * review form `review` draws), an XML tab, and print. Pointing at a value outlines on the page
 * where it was read.
 */
export function DocumentView({ file, reading, readingControl, own, embeddedXml, review }: Props) {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('invoice');
  const [pointed, setPointed] = useState<string>();
  const body = reading !== undefined && reading !== 'pending' && reading.ok ? reading.body : undefined;
  const invoice = useMemo(() => (own === undefined ? candidateOf(body) : (own ?? undefined)), [own, body]);
  const sources = useMemo(() => sourcesOf(body), [body]);
  const isPdf = file.mediaType === 'application/pdf' || file.filename.toLowerCase().endsWith('.pdf');
  const xml = xmlOf(file, embeddedXml, reading);
  const point = useCallback((term: string | undefined) => setPointed(term), []);
  const source = pointed ? sources[pointed] : undefined;
  const highlight: Highlight | undefined =
    source?.page !== undefined && source.box ? { page: source.page, box: source.box } : undefined;
  const invoicePanel = review ? (
    review(point, sources)
  ) : invoice ? (
    <TermPointer.Provider value={point}>
      <div className="print-area">
        <InvoiceView invoice={invoice} />
      </div>
    </TermPointer.Provider>
  ) : own === undefined && (reading === 'pending' || reading === undefined) ? (
    <div className="document-note" aria-busy="true" data-testid="document-reading">
      <p aria-live="polite">
        {t('document.reading')}{' '}
        {readingControl?.progress && <ProgressStage progress={readingControl.progress} />}
      </p>
      {readingControl && (
        <button type="button" className="secondary" onClick={readingControl.cancel}>
          {t('document.stopReading')}
        </button>
      )}
    </div>
  ) : (
    <div className="document-note" data-testid="document-unread">
      <p>
        {t('document.unread')}
        {reading === undefined || reading === 'pending' || reading.ok
          ? ''
          : ` ${plainError(reading.error, t)}`}
      </p>
      {readingControl && (
        <button type="button" className="secondary" onClick={readingControl.again}>
          {t('document.readAgain')}
        </button>
      )}
    </div>
  );
  const xmlPanel = xml ? (
    <figure className="xml-view">
      <figcaption>
        {t(
          xml.origin === 'embedded'
            ? 'document.xmlOf'
            : xml.origin === 'file'
              ? 'document.xmlFile'
              : 'document.xmlCandidate',
        )}
      </figcaption>
      <pre className="xml-text" data-testid="xml-text" tabIndex={0}>
        {xml.text}
      </pre>
    </figure>
  ) : (
    <p className="document-note">{t('document.reading')}</p>
  );
  return (
    <section className={isPdf ? 'document document-with-pdf' : 'document'} data-testid="document-view">
      {isPdf && <PdfPages bytes={file.bytes} {...(highlight ? { highlight } : {})} />}
      <div className="document-side">
        <div className="document-tools">
          {invoice && !review && (
            <button type="button" className="secondary" onClick={printInvoice}>
              {t('document.print')}
            </button>
          )}
        </div>
        <Tabs current={tab} onChange={setTab} panels={{ invoice: invoicePanel, xml: xmlPanel }} />
      </div>
    </section>
  );
}
