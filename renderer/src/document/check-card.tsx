import { useCallback, useEffect, useMemo } from 'react';
import type { ValidationTarget } from '../../../core/api/targets';
import { extractionOf, isCancelled, refusedForNoXml, repairOf, reportOf } from '../backend/answer-bodies';
import { operationsFor } from '../backend/file-kind';
import type { Answer, InvoiceFile } from '../backend/backend';
import type { Check, Checks, ReadingUnderWay } from '../batch/use-checks';
import type { ConvertSource, FormConversion, RunConvert } from '../review/use-conversion';
import { useI18n } from '../i18n/i18n';
import type { Profiles } from '../profiles/use-profiles';
import { AnswerView } from '../shared/answer-view';
import { convertBodyOf } from '../review/convert-bodies';
import { ConvertFlow } from '../review/convert-flow';
import { ReviewFlow } from '../review/review-flow';
import type { Correction } from '../review/use-review';
import { DocumentView } from './document-view';
import { ExtractView } from './extract-view';
import { candidateOf, sourcesOf, valuesOf, type TermSource } from './invoice-draft';
import { readOwnXml } from './own-xml';
import { useReading } from './use-reading';
import { FileSize } from '../shared/file-size';
import { base64Bytes } from '../shared/download';
import { RepairOffer, RepairView, repairTone } from '../repair/repair-view';
import { ReportView } from '../report/report-view';

interface Props {
  readonly check: Check;
  readonly onRepair: (id: number) => void;
  /** Tells the queue that this document's PDF is being read (and how to stop it), or no longer is. */
  readonly onReading: (id: number, reading: ReadingUnderWay | undefined) => void;
  /** Keeps this document's reading and corrections with it, beyond this card. */
  readonly onKeepReview: Checks['keepReview'];
  /** Keeps the Factur-X PDF this card's form made with the document (its line, the export). */
  readonly onConverted: Checks['keepConversion'];
  readonly runConvert: RunConvert;
  /** The validation target `runConvert` sends. */
  readonly target: ValidationTarget;
  readonly profiles: Profiles;
}

/** A reading of the page itself (text layer or OCR) that hands back its candidate: a PDF to review. */
function reviewable(reading: Answer | 'pending' | undefined): boolean {
  const body = convertBodyOf(reading);
  const source = body?.result.extraction.sourceType;
  return (source === 'native_text' || source === 'ocr') && candidateOf(body) !== undefined;
}

/**
 * What the conversion flow converts: a JSON file's `invoice_data` text, or a PDF without invoice data
 * once its reading answered with no candidate to review (a backend from before candidates were handed
 * back). Not while the PDF is being read, nor when its reading failed: the document says so, and offers
 * to read it again.
 */
function convertSourceOf(
  { kind, filename, invoice }: Check,
  noFacturx: boolean,
  reading: Answer | 'pending' | undefined,
): ConvertSource | undefined {
  if (!invoice) return undefined;
  if (kind === 'json')
    return { kind: 'invoice_data', filename, invoiceData: new TextDecoder().decode(invoice.bytes) };
  const readWithoutCandidate = typeof reading === 'object' && reading.ok && !reviewable(reading);
  return kind === 'pdf' && noFacturx && readWithoutCandidate ? { kind, filename, file: invoice } : undefined;
}

/**
 * One checked file: its name, kind and size; for a PDF or an XML the document itself (pages, readable
 * invoice or review form, XML); one answer per operation, the repair of a failing XML and the conversion
 * of an `invoice_data` JSON.
 */
export function CheckCard({
  check,
  onRepair,
  onReading,
  onKeepReview,
  onConverted,
  runConvert,
  target,
  profiles,
}: Props) {
  const { lang, t } = useI18n();
  const report = reportOf(check.answers.validate);
  const extraction = extractionOf(check.answers.extract);
  const repairAnswer = check.answers.repair;
  const repair = repairOf(repairAnswer);
  const repairable = check.kind === 'xml' && report !== undefined && report.summary.errorCount > 0;
  // A PDF without embedded invoice data is not an error: it is what the review and conversion are for.
  const noFacturx =
    check.kind === 'pdf' && operationsFor.pdf.some((operation) => refusedForNoXml(check.answers[operation]));
  // An XML, or a Factur-X PDF once extract has handed its XML back, is read in the page; only a PDF
  // without invoice data waits for the backend's reading (a dry run), which the review form starts from.
  const xmlFile = check.kind === 'xml' ? check.invoice?.bytes : undefined;
  const embedded = extraction?.xml;
  const own = useMemo(
    () => (xmlFile ? readOwnXml(xmlFile) : embedded ? readOwnXml(base64Bytes(embedded)) : undefined),
    [xmlFile, embedded],
  );
  const { id, review: kept } = check;
  const readFor = useMemo(() => ({ lang, validationTarget: target }), [lang, target]);
  const keptReading =
    kept && kept.readFor.lang === lang && kept.readFor.validationTarget === target ? kept.reading : undefined;
  const dryRun = useReading(noFacturx ? check.invoice : undefined, runConvert, keptReading);
  const { answer: read, progress, cancel: stopReading } = dryRun;
  // A reading made here is kept with the document (not one cancelled: that one is read again).
  useEffect(() => {
    if (read === undefined || read === 'pending' || isCancelled(read) || read === kept?.reading) return;
    onKeepReview(id, { reading: read, readFor });
  }, [id, read, readFor, kept?.reading, onKeepReview]);
  const keepCorrection = useCallback(
    (corrected: Correction) => onKeepReview(id, { corrected }),
    [id, onKeepReview],
  );
  // A Factur-X PDF made before for this document (by its form, or by "convert all") is shown as its result.
  const converted =
    check.conversion?.final !== undefined &&
    check.conversion.final !== 'pending' &&
    check.conversion.dryRun !== undefined &&
    check.conversion.dryRun !== 'pending'
      ? { dryRun: check.conversion.dryRun, final: check.conversion.final }
      : undefined;
  const keepConversion = useCallback(
    (conversion: FormConversion) => onConverted(id, conversion),
    [id, onConverted],
  );
  useEffect(() => {
    onReading(
      id,
      read === 'pending' ? { ...(progress ? { progress } : {}), cancel: stopReading } : undefined,
    );
  }, [id, read, progress, stopReading, onReading]);
  // A card closed while it reads stops its reading (useReading): the queue must not wait for it.
  useEffect(() => () => onReading(id, undefined), [id, onReading]);
  const extract = check.answers.extract;
  const reading =
    check.kind === 'pdf' && !noFacturx && extract !== undefined && extract !== 'pending' && !extract.ok
      ? extract
      : dryRun.answer;
  const values = useMemo(
    () =>
      own
        ? own.values
        : valuesOf(
            sourcesOf(
              reading !== undefined && reading !== 'pending' && reading.ok ? reading.body : undefined,
            ),
          ),
    [own, reading],
  );
  const review = reviewable(reading);
  const convertSource = useMemo(
    () => convertSourceOf(check, noFacturx, reading),
    [check, noFacturx, reading],
  );
  return (
    <article className="card" data-testid="check">
      <header className="card-head">
        <span className={`file-kind file-kind-${check.kind}`}>{t(`kind.${check.kind}`)}</span>
        <span className="file-name">{check.filename}</span>
        <span className="file-size">
          <FileSize bytes={check.size} />
        </span>
      </header>
      {/* Said first: what the long review form below is for. */}
      {noFacturx && (
        <p className="notice-neutral" data-testid="no-facturx">
          {t('document.noFacturx')}
        </p>
      )}
      {check.invoice && check.kind !== 'json' && (
        <DocumentView
          file={check.invoice}
          reading={reading}
          {...(noFacturx ? { readingControl: dryRun } : {})}
          {...(own !== undefined ? { own: own?.invoice ?? null } : {})}
          {...(extraction ? { embeddedXml: extraction.xml } : {})}
          {...(review
            ? {
                review: (
                  point: (term: string | undefined) => void,
                  sources: Readonly<Record<string, TermSource>>,
                ) => (
                  <ReviewFlow
                    file={check.invoice as InvoiceFile}
                    reading={reading as Answer}
                    run={runConvert}
                    {...(kept?.corrected ? { kept: kept.corrected } : {})}
                    onCorrect={keepCorrection}
                    onConverted={keepConversion}
                    {...(converted ? { converted } : {})}
                    profiles={profiles}
                    sources={sources}
                    point={point}
                  />
                ),
              }
            : {})}
        />
      )}
      {!noFacturx &&
        operationsFor[check.kind].map((operation) => {
          const answer = check.answers[operation];
          if (!answer) return null;
          if (operation === 'validate' && report) {
            return (
              <AnswerView
                key={operation}
                operation={operation}
                answer={answer}
                tone={report.valid ? 'success' : 'failure'}
              >
                <ReportView report={report} values={values}>
                  {repairable && !repairAnswer && <RepairOffer onRepair={() => onRepair(check.id)} />}
                </ReportView>
              </AnswerView>
            );
          }
          return (
            <AnswerView key={operation} operation={operation} answer={answer}>
              {operation === 'extract' && extraction && (
                <ExtractView extraction={extraction} pdfName={check.filename} />
              )}
            </AnswerView>
          );
        })}
      {repairAnswer && (
        <AnswerView
          operation="repair"
          answer={repairAnswer}
          {...(repair ? { tone: repairTone(repair) } : {})}
        >
          {repair && check.invoice && (
            <RepairView
              repair={repair}
              filename={check.filename}
              original={new TextDecoder().decode(check.invoice.bytes)}
            />
          )}
        </AnswerView>
      )}
      {convertSource && (
        <ConvertFlow
          source={convertSource}
          run={runConvert}
          target={target}
          profiles={profiles}
          onConverted={keepConversion}
          {...(converted ? { converted } : {})}
        />
      )}
    </article>
  );
}
