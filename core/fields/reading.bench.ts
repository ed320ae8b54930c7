/**
 * The reading benchmark (issue 10, `npm run bench -- reading`): every invoice of the corpus
 * (`../shared/corpus/pdf`) read the way convert reads a PDF without XML — its text layer (`.plain.pdf`)
 * or OCR (`.scan.pdf`, with the convert's second look at doubtful terms on enlarged strips), field
 * extraction, the candidate CII in EN 16931 when lines were read, else BASIC WL — and compared with its
 * `.truth.json` (core/testing/reading-score.ts):
 * - per term: correct, wrong, missed (abstained), spurious, accuracy, and at confidence ≥ 0.9 how many
 *   were given and how many of those were right; header accuracy over the terms issue 10 names; lines;
 * - how many convert with no help: the candidate passes EN 16931 when the truth has lines (a candidate
 *   with lines), else is a valid BASIC WL invoice (its structure and profile rules); and France 2026 when
 *   a party of the truth is French (for BASIC WL, its first-year acceptance); "and right" when moreover
 *   no header term is wrong;
 * - median time per page from the PDF to its candidate XML;
 * - on scans, what the second look did: strips read, and the header terms as the first reading had them.
 * The same is measured on generated invoices (core/testing/invoice-generator), a stand-in for real
 * invoices nobody tuned the reader to: German, French and English, in many layouts, each with its truth.
 * `READING_SOURCES=plain` (or `scan`, `generated`, or `generated-scan`: their pages drawn and read by
 * OCR) reads only those; `READING_SEED=n` draws another set of generated invoices (default 1),
 * `READING_COUNT=n` how many (default 60, 15 read by OCR); `READING_DETAIL=1` lists every term not read
 * right.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readWithSecondLook } from '../convert/second-look';
import { ocrPdf } from '../ocr/ocr-pdf';
import type { Reread } from '../ocr/reread';
import { formatMeasurement, summarize } from '../testing/bench';
import { candidateOf, conversionOf } from '../testing/candidate-verdict';
import { corpusDir } from '../testing/corpus-dir';
import { generateInvoice } from '../testing/invoice-generator/generate';
import {
  accuracy,
  CONFIDENT,
  HEADER_TERMS,
  LINE_TERMS,
  OTHER_TERMS,
  scoreLines,
  scoreTerms,
  tally,
  type LineScore,
  type ReadingTruth,
  type TermResult,
} from '../testing/reading-score';
import { readPdfText } from '../text/pdf-text';
import type { DocumentText } from '../text/page-text';
import { extractFields } from './extract-fields';

interface ManifestEntry {
  readonly name: string;
  readonly language: string;
  readonly files: { readonly plain: string; readonly scan?: string; readonly truth: string };
}

type Kind = 'plain' | 'scan';

interface DocResult {
  readonly name: string;
  /** The document's language, for the accuracy per language. */
  readonly language: string;
  readonly terms: readonly TermResult[];
  readonly lines: LineScore;
  readonly msPerPage: number;
  readonly en16931: boolean;
  /** The rules that kept the candidate from passing EN 16931 (listed with READING_DETAIL). */
  readonly blocking: readonly string[];
  readonly right: boolean;
  /** France 2026 status of the candidate, when a party of the truth is French, and what blocks it. */
  readonly france?: string;
  readonly franceBlocking?: readonly string[];
  /** Scans: the strips read again, and the terms as read before the second look. */
  readonly secondLook?: { readonly strips: number; readonly before: readonly TermResult[] };
}

const HEADER: ReadonlySet<string> = new Set(HEADER_TERMS);

async function readText(
  kind: Kind,
  pdf: Uint8Array,
): Promise<{ text: DocumentText; reread?: Reread } | null> {
  if (kind === 'plain') {
    const r = await readPdfText(pdf);
    return r.ok ? { text: r.text } : null;
  }
  const r = await ocrPdf(pdf);
  return r.ok ? r : null;
}

async function readOne(
  kind: Kind,
  pdf: Uint8Array,
  truth: ReadingTruth,
  name: string,
  language: string,
): Promise<DocResult | null> {
  const started = performance.now();
  const read = await readText(kind, pdf);
  if (!read) return null;
  const { text, reread } = read;
  let strips = 0;
  const extraction = reread
    ? await readWithSecondLook(
        text,
        (t) => extractFields(t),
        (page, box) => {
          strips += 1;
          return reread(page, box);
        },
      )
    : extractFields(text);
  const candidate = candidateOf(extraction.invoice);
  const msPerPage = (performance.now() - started) / Math.max(1, text.pages.length);
  const terms = scoreTerms(extraction, truth);
  const { en16931, blocking, france, franceBlocking } = conversionOf(candidate, truth);
  return {
    name,
    language,
    terms,
    lines: scoreLines(extraction, truth),
    msPerPage,
    en16931,
    blocking,
    right: en16931 && !terms.some((t) => HEADER.has(t.term) && t.outcome !== 'correct'),
    ...(france ? { france, franceBlocking } : {}),
    ...(reread ? { secondLook: { strips, before: scoreTerms(extractFields(text), truth) } } : {}),
  };
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;

function report(label: string, kind: Kind, docs: readonly DocResult[]): void {
  const all = docs.flatMap((d) => d.terms);
  const byTerm = tally(all, (r) => r.term);
  console.log(`\n-- ${label}: ${docs.length} PDFs`);
  console.log('term      right  wrong  missed  spurious  accuracy   ≥0.9 given  ≥0.9 right');
  for (const term of [...HEADER_TERMS, ...OTHER_TERMS]) {
    const t = byTerm.get(term);
    if (!t) continue;
    console.log(
      `${term.padEnd(8)} ${String(t.correct).padStart(6)} ${String(t.wrong).padStart(6)} ${String(t.missed).padStart(7)} ` +
        `${String(t.spurious).padStart(9)}  ${percent(t.correct, t.correct + t.wrong + t.missed).padStart(8)}` +
        `   ${String(t.confident).padStart(10)}  ${String(t.confidentCorrect).padStart(10)}`,
    );
  }
  const header = tally(
    all.filter((r) => HEADER.has(r.term)),
    () => 'header',
  ).get('header');
  const documentTerms = tally(all, () => 'all').get('all');
  const lineResults = docs.flatMap((d) => d.lines.results);
  const lineTally = tally(lineResults, () => 'lines').get('lines');
  if (header) {
    const byLanguage = tally(
      docs.flatMap((d) => d.terms.filter((r) => HEADER.has(r.term)).map((r) => ({ ...r, term: d.language }))),
      (r) => r.term,
    );
    console.log(
      `header terms exact: ${header.correct} of ${header.correct + header.wrong + header.missed} ` +
        `(${(100 * accuracy(header)).toFixed(1)} %), wrong ${header.wrong}, abstained ${header.missed}, spurious ${header.spurious}; ` +
        [...byLanguage].map(([language, t]) => `${language} ${(100 * accuracy(t)).toFixed(1)} %`).join(', '),
    );
  }
  for (const [label, t] of [
    ['document terms', documentTerms],
    ['line terms', lineTally],
  ] as const) {
    if (!t) continue;
    console.log(
      `${label} at confidence ≥ ${CONFIDENT}: ${t.confidentCorrect} right of ${t.confident} ` +
        `(precision ${percent(t.confidentCorrect, t.confident)}); abstained ${t.missed} of ${t.correct + t.wrong + t.missed}`,
    );
  }
  const withLines = docs.filter((d) => d.lines.expected > 0);
  const lineTerms = withLines.reduce((n, d) => n + d.lines.terms, 0);
  const lineCorrect = withLines.reduce((n, d) => n + d.lines.correct, 0);
  console.log(
    `lines: read exactly in ${withLines.filter((d) => d.lines.exact).length} of ${withLines.length} PDFs with lines, ` +
      `read at all in ${withLines.filter((d) => d.lines.read > 0).length}; line terms right ${lineCorrect} of ${lineTerms} ` +
      `(${percent(lineCorrect, lineTerms)}); per term: ` +
      LINE_TERMS.map((term) => {
        const t = tally(lineResults, (r) => r.term.replace(/^BG-25\[\d+\]\//, '')).get(term);
        return t ? `${term} ${t.correct}/${t.correct + t.wrong + t.missed}` : `${term} –`;
      }).join(', '),
  );
  const unprinted = all.filter((r) => r.outcome === 'unprinted');
  if (unprinted.length > 0)
    console.log(
      `true but not printed (a SIREN read from the party's French VAT id, the truth printing none): ` +
        `${unprinted.length} (${[...tally(unprinted, (r) => r.term)].map(([term, t]) => `${term} ${t.unprinted}`).join(', ')})`,
    );
  const french = docs.filter((d) => d.france !== undefined);
  console.log(
    `convert with no help: ${docs.filter((d) => d.en16931).length} of ${docs.length} pass EN 16931 ` +
      `(${docs.filter((d) => d.right).length} with every header term right); France 2026 of ${french.length} French: ` +
      `${french.filter((d) => d.france === 'verified').length} verified, ` +
      `${french.filter((d) => d.france === 'incomplete').length} incomplete`,
  );
  const looked = docs.filter((d) => d.secondLook);
  if (looked.length > 0) {
    const before = tally(
      looked.flatMap((d) => d.secondLook!.before.filter((r) => HEADER.has(r.term))),
      () => 'header',
    ).get('header');
    const strips = looked.reduce((n, d) => n + d.secondLook!.strips, 0);
    console.log(
      `second look: ${strips} strips read again in ${looked.filter((d) => d.secondLook!.strips > 0).length} of ` +
        `${looked.length} scans; header terms exact before it: ${before?.correct ?? 0} of ` +
        `${before ? before.correct + before.wrong + before.missed : 0}`,
    );
  }
  console.log(
    formatMeasurement(
      `${kind === 'plain' ? 'text' : 'OCR'} page to its candidate, per page`,
      summarize(docs.map((d) => d.msPerPage)),
    ),
  );
  if (process.env.READING_DETAIL) {
    for (const d of docs) {
      const bad = [...d.terms, ...d.lines.results].filter(
        (r) => r.outcome !== 'correct' && r.outcome !== 'unprinted',
      );
      const franceBlocked = d.france !== undefined && d.france !== 'verified';
      if (bad.length === 0 && d.en16931 && !franceBlocked) continue;
      console.log(
        `  ${d.name}${d.en16931 ? '' : ` — EN 16931: ${d.blocking.join(', ')}`}` +
          (franceBlocked ? ` — France 2026 ${d.france}: ${d.franceBlocking?.join(', ') ?? ''}` : ''),
      );
      for (const r of bad) {
        const conf = r.confidence === undefined ? '' : ` (${r.confidence})`;
        console.log(
          `    ${r.outcome.padEnd(8)} ${r.term}: read ${r.read ?? '–'}${conf}, truth ${r.expected ?? '–'}`,
        );
      }
    }
  }
}

/**
 * Generated invoices (READING_SEED, READING_COUNT), read from their text layer; or (`scan`) their pages
 * drawn to pictures and read by OCR alone, as a scan without its noise, turn and JPEG losses.
 */
async function generated(kind: Kind): Promise<void> {
  const seed = Number(process.env.READING_SEED ?? 1);
  const count = Number(process.env.READING_COUNT ?? (kind === 'plain' ? 60 : 15));
  const docs: DocResult[] = [];
  for (let index = 0; index < count; index++) {
    const invoice = await generateInvoice(seed, index);
    if (index === 0) await readOne(kind, invoice.pdf, invoice.truth, invoice.name, invoice.language);
    const result = await readOne(kind, invoice.pdf, invoice.truth, invoice.name, invoice.language);
    if (result) docs.push(result);
    else console.log(`  ${invoice.name}: not readable`);
  }
  report(
    kind === 'plain' ? `generated (seed ${seed})` : `generated, drawn and read by OCR (seed ${seed})`,
    kind,
    docs,
  );
}

export default async function bench(): Promise<void> {
  const only = process.env.READING_SOURCES;
  if (!only || only === 'generated') await generated('plain');
  if (only === 'generated-scan') await generated('scan');
  if (only === 'generated' || only === 'generated-scan') return;
  const corpus = corpusDir();
  if (!corpus) {
    console.log('reading bench: corpus not found at ../shared/corpus, skipped');
    return;
  }
  const dir = path.join(corpus, 'pdf');
  const { invoices } = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: ManifestEntry[];
  };
  for (const kind of ['plain', 'scan'] as const) {
    if (only && only !== kind) continue;
    const docs: DocResult[] = [];
    let warmed = false;
    for (const entry of invoices) {
      const file = entry.files[kind];
      if (!file) continue;
      const pdf = new Uint8Array(readFileSync(path.join(dir, file)));
      const truth = JSON.parse(readFileSync(path.join(dir, entry.files.truth), 'utf8')) as ReadingTruth;
      // The first document pays for loading pdfjs (or starting OCR): read it once untimed.
      if (!warmed) await readOne(kind, pdf, truth, entry.name, entry.language);
      warmed = true;
      const result = await readOne(kind, pdf, truth, entry.name, entry.language);
      if (result) docs.push(result);
      else console.log(`  ${entry.name}: not readable`);
    }
    report(kind, kind, docs);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void bench();
