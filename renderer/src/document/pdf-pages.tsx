import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { openPdf, type DrawnPage, type OpenedPdf, type PageBox } from './pdf-renderer';

/** More pages than an invoice has are not drawn: a huge file must not exhaust the page. */
const MAX_PAGES = 30;
const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The place of one term on a page, outlined on the drawing. */
export interface Highlight {
  readonly page: number;
  readonly box: PageBox;
}

function Page({
  pdf,
  number,
  zoom,
  highlight,
}: {
  readonly pdf: OpenedPdf;
  readonly number: number;
  readonly zoom: number;
  readonly highlight: PageBox | undefined;
}) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<DrawnPage>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    let current = true;
    pdf.draw(number, zoom, canvas.current).then(
      (page) => current && setDrawn(page),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [pdf, number, zoom]);
  const box = highlight && drawn?.toScreen(highlight);
  return (
    <div
      className="pdf-page"
      data-testid="pdf-page"
      data-page={number}
      style={drawn ? { width: drawn.width, height: drawn.height } : undefined}
    >
      <canvas ref={canvas} aria-label={t('pdf.page', { n: number, of: pdf.pageCount })} role="img" />
      {failed && <p className="pdf-failed">{t('pdf.pageFailed')}</p>}
      {box && (
        <div
          className="pdf-highlight"
          data-testid="pdf-highlight"
          style={{ left: box.left - 3, top: box.top - 3, width: box.width + 6, height: box.height + 6 }}
        />
      )}
    </div>
  );
}

/** The pages of a PDF, drawn as they print, with zoom; a term's place outlined when one is pointed at. */
export function PdfPages({
  bytes,
  highlight,
}: {
  readonly bytes: Uint8Array;
  readonly highlight?: Highlight;
}) {
  const { t } = useI18n();
  const [pdf, setPdf] = useState<OpenedPdf>();
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const pagesRef = useRef<HTMLDivElement>(null);
  /** The zoom at which the first page fills the width the pages have (1 when it cannot be measured). */
  const fitWidth = useCallback((opened: OpenedPdf) => {
    const room = (pagesRef.current?.clientWidth ?? 0) - 24;
    return room > 0 && opened.firstPageWidth > 0 ? clampZoom(room / opened.firstPageWidth) : 1;
  }, []);
  useEffect(() => {
    let opened: OpenedPdf | undefined;
    let current = true;
    setPdf(undefined);
    setFailed(false);
    openPdf(bytes).then(
      (doc) => {
        opened = doc;
        if (!current) return doc.close();
        setZoom(fitWidth(doc));
        setPdf(doc);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      opened?.close();
    };
  }, [bytes, fitWidth]);
  const pages = pdf ? Array.from({ length: Math.min(pdf.pageCount, MAX_PAGES) }, (_, n) => n + 1) : [];
  // Bring the outlined term's page into view.
  useEffect(() => {
    pagesRef.current
      ?.querySelector(`[data-page="${highlight?.page}"]`)
      ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [highlight?.page]);
  return (
    <section className="pdf-view" aria-label={t('pdf.title')} data-testid="pdf-view">
      <div className="pdf-toolbar" role="toolbar" aria-label={t('pdf.zoom')}>
        <button
          type="button"
          className="ghost dark"
          onClick={() => setZoom(clampZoom(zoom / ZOOM_STEP))}
          disabled={zoom <= MIN_ZOOM}
          aria-label={t('pdf.zoomOut')}
        >
          −
        </button>
        <span className="pdf-zoom" data-testid="pdf-zoom" aria-live="polite">
          {Math.round(zoom * 100)} %
        </span>
        <button
          type="button"
          className="ghost dark"
          onClick={() => setZoom(clampZoom(zoom * ZOOM_STEP))}
          disabled={zoom >= MAX_ZOOM}
          aria-label={t('pdf.zoomIn')}
        >
          +
        </button>
        <button
          type="button"
          className="ghost dark"
          onClick={() => pdf && setZoom(fitWidth(pdf))}
          disabled={!pdf}
        >
          {t('pdf.fit')}
        </button>
        {pdf && <span className="pdf-count">{t('pdf.pages', { n: pdf.pageCount })}</span>}
      </div>
      <div className="pdf-pages" ref={pagesRef}>
        {failed && <p className="pdf-failed">{t('pdf.failed')}</p>}
        {!pdf && !failed && <p className="pdf-loading">{t('pdf.loading')}</p>}
        {pdf &&
          pages.map((number) => (
            <Page
              key={number}
              pdf={pdf}
              number={number}
              zoom={zoom}
              highlight={highlight?.page === number ? highlight.box : undefined}
            />
          ))}
        {pdf && pdf.pageCount > MAX_PAGES && (
          <p className="pdf-loading">{t('pdf.more', { n: pdf.pageCount - MAX_PAGES })}</p>
        )}
      </div>
    </section>
  );
}
