/**
 * The page pictures of a scanned PDF for OCR. Mostly taken out without rendering: a scanner or img2pdf
 * writes one JPEG (DCTDecode) image XObject per page, whose raw stream bytes are a complete JPEG file
 * that OCR reads as is, at the scan's own resolution. The largest such image of a page is taken as the
 * page when it has the page's proportions and a scanner's resolution, as a picture covering the whole
 * MediaBox has (a logo or a photo has not); its pixel size against the MediaBox gives the resolution.
 * Any other page is drawn instead (render-page.ts), by pdfjs in a thread of its own within a time and a
 * heap bound for each page (pdfjs-bounded.ts): a page within the PDF's bounds may still be long to draw.
 */
import { PdfDocument } from '../pdf/reader/document';
import { PdfStream, nameOf, type PdfDict, type PdfObject } from '../pdf/reader/objects';
import { PDFJS_BOUNDS, withPdfJs, type PdfJsBounds } from '../text/pdfjs-bounded';
import { renderPage } from './render-page';

export interface PageImage {
  /** 1-based page number. */
  readonly number: number;
  /** Page size in PDF points. */
  readonly width: number;
  readonly height: number;
  /** The picture file (JPEG as scanned, or PNG as drawn). */
  readonly picture: Uint8Array;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** `scan`: the page's own JPEG; `rendered`: the page drawn. */
  readonly from: 'scan' | 'rendered';
}

export type PageImagesResult =
  | { ok: true; pages: PageImage[] }
  | { ok: false; error: { code: 'not_pdf' | 'no_pages' | 'unrenderable'; message: string } };

const MAX_PAGES = 200;
const MAX_TREE_DEPTH = 64;

interface PageNode {
  readonly page: PdfDict;
  readonly resources: PdfObject | undefined;
  readonly mediaBox: PdfObject | undefined;
}

/** Leaf pages in order, with the inheritable `/Resources` and `/MediaBox` resolved from their parents. */
function pageNodes(doc: PdfDocument): PageNode[] {
  const out: PageNode[] = [];
  const root = doc.dict(doc.catalog()?.get('Pages'));
  const seen = new Set<PdfDict>();
  const walk = (
    node: PdfDict,
    resources: PdfObject | undefined,
    mediaBox: PdfObject | undefined,
    depth: number,
  ) => {
    if (seen.has(node) || depth > MAX_TREE_DEPTH || out.length >= MAX_PAGES) return;
    seen.add(node);
    const res = node.get('Resources') ?? resources;
    const box = node.get('MediaBox') ?? mediaBox;
    const kids = doc.array(node.get('Kids'));
    if (kids && nameOf(doc.resolve(node.get('Type'))) !== 'Page') {
      for (const kid of kids) {
        const child = doc.dict(kid);
        if (child) walk(child, res, box, depth + 1);
      }
      return;
    }
    out.push({ page: node, resources: res, mediaBox: box });
  };
  if (root) walk(root, undefined, undefined, 0);
  return out;
}

function boxSize(doc: PdfDocument, box: PdfObject | undefined): { width: number; height: number } {
  const nums = (doc.array(box) ?? []).map((n) => doc.resolve(n));
  if (nums.length === 4 && nums.every((n) => typeof n === 'number')) {
    const [x0, y0, x1, y1] = nums as number[];
    return { width: Math.abs(x1! - x0!), height: Math.abs(y1! - y0!) };
  }
  return { width: 612, height: 792 }; // US Letter, the default of viewers when the box is missing
}

function isJpeg(doc: PdfDocument, stream: PdfStream): boolean {
  const filter = doc.resolve(stream.dict.get('Filter'));
  const names = Array.isArray(filter) ? filter.map((f) => nameOf(doc.resolve(f))) : [nameOf(filter)];
  return names.length === 1 && names[0] === 'DCTDecode';
}

function largestJpeg(doc: PdfDocument, resources: PdfObject | undefined): PdfStream | undefined {
  const xobjects = doc.dict(doc.dict(resources)?.get('XObject'));
  let best: PdfStream | undefined;
  let bestArea = 0;
  for (const ref of xobjects?.map.values() ?? []) {
    const x = doc.resolve(ref);
    if (!(x instanceof PdfStream) || nameOf(doc.resolve(x.dict.get('Subtype'))) !== 'Image') continue;
    const w = doc.resolve(x.dict.get('Width'));
    const h = doc.resolve(x.dict.get('Height'));
    if (typeof w !== 'number' || typeof h !== 'number' || !isJpeg(doc, x)) continue;
    if (w * h > bestArea) {
      best = x;
      bestArea = w * h;
    }
  }
  return best;
}

/** Least resolution of a page scan worth reading as is (scanners write 150–600 dpi). */
const MIN_SCAN_DPI = 100;
/** Largest difference between the picture's and the page's proportions (a scan is cut to the page). */
const ASPECT_TOLERANCE = 0.03;
/**
 * Most pixels of a scan handed to OCR as is (an A4 page at 400 dpi has 15.5 million); a larger one is
 * drawn instead, which bounds the picture (render-page.ts).
 */
const MAX_SCAN_PIXELS = 16_000_000;

function coversPage(doc: PdfDocument, image: PdfStream, page: { width: number; height: number }): boolean {
  const w = doc.resolve(image.dict.get('Width')) as number;
  const h = doc.resolve(image.dict.get('Height')) as number;
  const aspect = w / h / (page.width / page.height);
  return (
    Math.abs(aspect - 1) <= ASPECT_TOLERANCE &&
    (w / page.width) * 72 >= MIN_SCAN_DPI &&
    w * h <= MAX_SCAN_PIXELS
  );
}

/** The pages of a PDF, each pictured when asked, one at a time. */
export interface PagePictures {
  readonly count: number;
  /** The picture of page `number` (1-based); rejects when the page cannot be drawn. */
  picture(number: number): Promise<PageImage>;
  /** The scan that is page `number`, when it is one (nothing is drawn). */
  scan(number: number): PageImage | null;
  /** The size of page `number` in PDF points. */
  size(number: number): { width: number; height: number };
}

export type PagePicturesResult =
  { ok: true; pages: PagePictures } | { ok: false; error: { code: 'not_pdf' | 'no_pages'; message: string } };

/** `bounds`: drawing one page. */
export function pagePictures(pdf: Uint8Array, bounds: PdfJsBounds = PDFJS_BOUNDS): PagePicturesResult {
  const opened = PdfDocument.openToDraw(pdf);
  if (!opened.ok) return { ok: false, error: { code: 'not_pdf', message: opened.error.message } };
  const doc = opened.doc;
  const nodes = pageNodes(doc);
  if (nodes.length === 0) return { ok: false, error: { code: 'no_pages', message: 'The PDF has no pages' } };
  const nodeOf = (number: number): PageNode => {
    const node = nodes[number - 1];
    if (!node) throw new RangeError(`The PDF has no page ${number}`);
    return node;
  };
  const size = (number: number) => boxSize(doc, nodeOf(number).mediaBox);
  const scan = (number: number): PageImage | null => {
    const node = nodeOf(number);
    const page = boxSize(doc, node.mediaBox);
    const image = largestJpeg(doc, node.resources);
    if (!image || !coversPage(doc, image, page)) return null;
    return {
      number,
      ...page,
      picture: image.raw,
      pixelWidth: doc.resolve(image.dict.get('Width')) as number,
      pixelHeight: doc.resolve(image.dict.get('Height')) as number,
      from: 'scan',
    };
  };
  return {
    ok: true,
    pages: {
      count: nodes.length,
      scan,
      size,
      async picture(number) {
        const scanned = scan(number);
        if (scanned) return scanned;
        const { png, ...drawn } = await withPdfJs(pdf, bounds, (doc, within) =>
          within(renderPage(doc, number)),
        );
        return { number, ...drawn, picture: png, from: 'rendered' };
      },
    },
  };
}

/** The picture of every page, or why the PDF cannot be pictured. */
export async function pageImages(pdf: Uint8Array): Promise<PageImagesResult> {
  const opened = pagePictures(pdf);
  if (!opened.ok) return opened;
  const pages: PageImage[] = [];
  try {
    for (let number = 1; number <= opened.pages.count; number++)
      pages.push(await opened.pages.picture(number));
  } catch (reason) {
    return { ok: false, error: { code: 'unrenderable', message: unrenderable(reason) } };
  }
  return { ok: true, pages };
}

/** Why a page could not be drawn, for the error message. */
export function unrenderable(reason: unknown): string {
  return `The pages cannot be drawn: ${reason instanceof Error ? reason.message : String(reason)}`;
}
