/**
 * Robustness figures (`npm run bench -- robust`): validate, repair and convert of a 5,000-line and a
 * 100,000-line CII (time, CPU and peak memory; goal linear, the 100,000-line figure at most 20× the
 * 5,000-line one), and the worst input of each hostile class through the entry point it attacks (time to
 * the answer, goal under 2 s), and memory across a batch of 200 documents in one process (each a
 * validate, a convert --cii to a Factur-X PDF, an extract of that PDF, and the reading of a text PDF
 * invoice by a convert dry run; goal flat: the heap after the 200th within 25 % of the heap after the
 * 20th). Each case runs in a process of its own, so that its
 * peak memory is its own.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { localContext, services } from '../service';
import type { ServiceRequest } from '../service/types';
import { encryptedPdf } from '../pdf/test-pdfs';
import { generateInvoice } from './invoice-generator/generate';
import {
  explodingContentStream,
  explodingObjectStreams,
  hugeOperandArray,
  hugePicture,
  nestedForms,
  tooManyObjects,
  tooManyPages,
  truncatedPdf,
} from './hostile-pdf';
import {
  extendedManyLines,
  goldenCii,
  MISUSED_MARKUP,
  manyLinesCii,
  namespaceBomb,
  nonUtf8Bytes,
} from './hostile-xml';

type Service = 'validate' | 'repair' | 'convert';
const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

const xmlRequest = (service: Service, bytes: Uint8Array): ServiceRequest =>
  service === 'convert'
    ? { fields: { output: 'xml_cii' }, files: { cii: { filename: 'invoice.xml', bytes } }, query: {} }
    : { fields: {}, files: { file: { filename: 'invoice.xml', bytes } }, query: {} };

const pdfRequest = (bytes: Uint8Array, dryRun: boolean): ServiceRequest => ({
  fields: dryRun ? { dry_run: 'true' } : {},
  files: { file: { filename: 'invoice.pdf', bytes } },
  query: {},
});

/** Each case: what it is, and the request it makes (built before the clock starts). */
const CASES: Readonly<Record<string, () => Promise<readonly [Service | 'extract', ServiceRequest]>>> = {
  ...Object.fromEntries(
    (['validate', 'repair', 'convert'] as const).flatMap((service) =>
      [5_000, 100_000].map((lines) => [
        `${service} ${lines.toLocaleString('en')}-line CII`,
        async () => [service, xmlRequest(service, utf8(manyLinesCii(lines)))] as const,
      ]),
    ),
  ),
  'validate: bytes that are not UTF-8': async () => ['validate', xmlRequest('validate', nonUtf8Bytes())],
  'validate: a misused processing instruction': async () => [
    'validate',
    xmlRequest('validate', utf8(MISUSED_MARKUP['a second XML declaration in the content']!())),
  ],
  'validate: namespace-declaration bomb (54,000 declarations)': async () => [
    'validate',
    xmlRequest('validate', utf8(namespaceBomb(3_000))),
  ],
  'repair: namespace-declaration bomb (54,000 declarations)': async () => [
    'repair',
    xmlRequest('repair', utf8(namespaceBomb(3_000))),
  ],
  'convert --cii: namespace-declaration bomb (54,000 declarations)': async () => [
    'convert',
    xmlRequest('convert', utf8(namespaceBomb(3_000))),
  ],
  'convert dry run: exploding object streams': async () => [
    'convert',
    pdfRequest(explodingObjectStreams(), true),
  ],
  'extract: exploding object streams': async () => ['extract', pdfRequest(explodingObjectStreams(), false)],
  'convert dry run: exploding content stream': async () => [
    'convert',
    pdfRequest(explodingContentStream(), true),
  ],
  'convert dry run: a 2.5-billion-pixel picture': async () => ['convert', pdfRequest(hugePicture(), true)],
  'convert dry run: a million pages': async () => ['convert', pdfRequest(tooManyPages(), true)],
  'convert dry run: form XObjects nested 7 deep (3 KB)': async () => [
    'convert',
    pdfRequest(nestedForms(), true),
  ],
  'convert dry run: one array of 60 MB of numbers': async () => [
    'convert',
    pdfRequest(hugeOperandArray(60), true),
  ],
  'validate: EXTENDED invoice of 10,000 lines (BR-FXEXT-06 as written: every line against every other)':
    async () => ['validate', xmlRequest('validate', utf8(extendedManyLines(10_000)))],
  'validate: 150,000 objects': async () => ['validate', pdfRequest(tooManyObjects(150_000), false)],
  'validate: encrypted PDF': async () => ['validate', pdfRequest(await encryptedPdf(), false)],
  'extract: truncated PDF': async () => ['extract', pdfRequest(truncatedPdf(), false)],
};

interface Figures {
  readonly status: number;
  readonly answer: string;
  readonly ms: number;
  readonly cpuMs: number;
  readonly peakRssMb: number;
}

/** Runs one case in this process and prints its figures as JSON. */
async function runCase(name: string): Promise<void> {
  const [service, request] = await CASES[name]!();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await services[service](request, localContext());
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const body = result.body as { error?: string; valid?: boolean; success?: boolean };
  const figures: Figures = {
    status: result.status,
    answer: body.error ?? ((body.valid ?? body.success ?? true) ? 'answered' : 'answered, not valid'),
    ms,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(figures));
}

const BATCH = 200;
const BATCH_EARLY = 20;
const BATCH_CASE = `batch of ${BATCH} documents`;

interface BatchFigures {
  readonly heapMb: Readonly<Record<number, number>>;
  /** The whole process (worker threads' heaps, such as pdfjs's, count here only). */
  readonly rssMb: Readonly<Record<number, number>>;
  readonly peakRssMb: number;
  readonly ms: number;
}

const heapMbAfterGc = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / (1024 * 1024);
};

/**
 * One document of the batch: the invoice (its number made unique) validated, converted, extracted; and a
 * text PDF without invoice data read (from a set drawn before the batch, so that drawing them is not
 * counted).
 */
async function batchDocument(i: number, textPdfs: readonly Uint8Array[]): Promise<void> {
  const xml = goldenCii().replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]*)</, `$1$2-${i}<`);
  const bytes = utf8(xml);
  const ctx = localContext();
  const checked = await services.validate(xmlRequest('validate', bytes), ctx);
  const made = await services.convert(
    { fields: { output: 'facturx_pdfa3' }, files: { cii: { filename: 'invoice.xml', bytes } }, query: {} },
    ctx,
  );
  const pdf = made.ok ? (made.body as { result?: { pdf?: string } }).result?.pdf : undefined;
  if (!checked.ok || !pdf) throw new Error(`document ${i} was not converted: ${JSON.stringify(made.body)}`);
  const read = await services.extract(pdfRequest(new Uint8Array(Buffer.from(pdf, 'base64')), false), ctx);
  if (!read.ok) throw new Error(`document ${i} was not extracted: ${JSON.stringify(read.body)}`);
  const reading = await services.convert(pdfRequest(textPdfs[i % textPdfs.length]!, true), ctx);
  if (!reading.ok) throw new Error(`document ${i} was not read: ${JSON.stringify(reading.body)}`);
}

const TEXT_PDFS = 20;

/** Runs the batch in this process (started with --expose-gc) and prints its figures as JSON. */
async function runBatch(): Promise<void> {
  const heapMb: Record<number, number> = {};
  const rssMb: Record<number, number> = {};
  const textPdfs: Uint8Array[] = [];
  for (let i = 0; i < TEXT_PDFS; i += 1) textPdfs.push((await generateInvoice(5, i)).pdf);
  const started = performance.now();
  for (let i = 1; i <= BATCH; i += 1) {
    await batchDocument(i, textPdfs);
    if (i === BATCH_EARLY || i === BATCH / 2 || i === BATCH) {
      heapMb[i] = heapMbAfterGc();
      rssMb[i] = process.memoryUsage().rss / (1024 * 1024);
    }
  }
  const figures: BatchFigures = {
    heapMb,
    rssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ms: performance.now() - started,
  };
  process.stdout.write(JSON.stringify(figures));
}

const self = fileURLToPath(import.meta.url);

function inOwnProcess<T = Figures>(name: string): T {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, name], {
    cwd: path.resolve(path.dirname(self), '../..'),
    maxBuffer: 1024 * 1024,
    encoding: 'utf8',
  });
  return JSON.parse(out.slice(out.indexOf('{'))) as T;
}

const line = (name: string, f: Figures): string =>
  `${name}: ${f.status} ${f.answer} in ${f.ms.toFixed(0)} ms (CPU ${f.cpuMs.toFixed(0)} ms), peak RSS ${f.peakRssMb.toFixed(0)} MB`;

export default function bench(): void {
  const batch = inOwnProcess<BatchFigures>(BATCH_CASE);
  const early = batch.heapMb[BATCH_EARLY]!;
  const last = batch.heapMb[BATCH]!;
  console.log(
    `${BATCH_CASE} (validate, convert --cii to Factur-X, extract, read a text PDF each) in ${(batch.ms / 1000).toFixed(1)} s: ` +
      `heap after GC ${early.toFixed(0)} MB after ${BATCH_EARLY}, ${batch.heapMb[BATCH / 2]!.toFixed(0)} MB after ${BATCH / 2}, ` +
      `${last.toFixed(0)} MB after ${BATCH} (${(last / early).toFixed(2)}×, goal flat: at most 1.25×); ` +
      `resident ${batch.rssMb[BATCH_EARLY]!.toFixed(0)} / ${batch.rssMb[BATCH / 2]!.toFixed(0)} / ${batch.rssMb[BATCH]!.toFixed(0)} MB, peak ${batch.peakRssMb.toFixed(0)} MB`,
  );
  const figures = new Map<string, Figures>();
  for (const name of Object.keys(CASES)) {
    const f = inOwnProcess(name);
    figures.set(name, f);
    console.log(line(name, f));
  }
  for (const service of ['validate', 'repair', 'convert']) {
    const small = figures.get(`${service} 5,000-line CII`)!;
    const big = figures.get(`${service} 100,000-line CII`)!;
    console.log(
      `${service}: 100,000 lines / 5,000 lines = ${(big.ms / small.ms).toFixed(1)}× time, ${(big.cpuMs / small.cpuMs).toFixed(1)}× CPU (goal: at most 20×)`,
    );
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url && process.argv[2]) {
  await (process.argv[2] === BATCH_CASE ? runBatch() : runCase(process.argv[2]));
}
