/**
 * The page pictures of a scanned PDF, taken out without rendering: a scanner or img2pdf writes one JPEG
 * (DCTDecode) image XObject per page, whose raw stream bytes are a complete JPEG file that OCR can read
 * directly. The largest such image of a page is taken as the page and assumed to cover its MediaBox
 * (as scanners place it), so its pixel size against the MediaBox gives the resolution.
 */
import { PdfDocument } from '../pdf/reader/document';
import { PdfStream, nameOf, type PdfDict, type PdfObject } from '../pdf/reader/objects';

export interface PageImage {
  /** 1-based page number. */
  readonly number: number;
  /** MediaBox size in PDF points. */
  readonly width: number;
  readonly height: number;
  /** The JPEG file of the page picture. */
  readonly jpeg: Uint8Array;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

export type PageImagesResult =
  | { ok: true; pages: PageImage[] }
  | { ok: false; error: { code: 'not_pdf' | 'no_pages' | 'no_page_image'; message: string } };

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

/** The JPEG picture of every page, or why the PDF is not a scan this module can read. */
export function pageImages(pdf: Uint8Array): PageImagesResult {
  const opened = PdfDocument.open(pdf);
  if (!opened.ok) return { ok: false, error: { code: 'not_pdf', message: opened.error.message } };
  const doc = opened.doc;
  const nodes = pageNodes(doc);
  if (nodes.length === 0) return { ok: false, error: { code: 'no_pages', message: 'The PDF has no pages' } };
  const pages: PageImage[] = [];
  for (const [i, node] of nodes.entries()) {
    const image = largestJpeg(doc, node.resources);
    if (!image) {
      return {
        ok: false,
        error: { code: 'no_page_image', message: `Page ${i + 1} holds no JPEG picture to read by OCR` },
      };
    }
    pages.push({
      number: i + 1,
      ...boxSize(doc, node.mediaBox),
      jpeg: image.raw,
      pixelWidth: doc.resolve(image.dict.get('Width')) as number,
      pixelHeight: doc.resolve(image.dict.get('Height')) as number,
    });
  }
  return { ok: true, pages };
}
