/**
 * Writes a new revision of a PDF. Normally as an incremental update (ISO 32000-1 §7.5.6): the original
 * bytes stay untouched and the new or changed objects follow, with a cross-reference section of the same
 * kind as the file's last one (table or stream) whose trailer points back with `/Prev`. When the original
 * cannot carry an update that PDF/A accepts (no binary comment after the header, junk before the header,
 * cross-reference data that had to be rebuilt), the whole file is rewritten with a fresh table.
 */
import { PdfDocument } from '../reader/document';
import {
  isName,
  PdfDict,
  PdfName,
  type PdfObject,
  type PdfRef,
  PdfStream,
  PdfString,
} from '../reader/objects';
import { ByteSink, writeObject } from './serialize';

export interface Revision {
  /** Objects to add or replace, by object number (generation 0). */
  readonly objects: ReadonlyMap<number, PdfObject>;
  /** Trailer entries of the new revision: `/Root`, `/Info`, `/ID`. */
  readonly root: PdfRef;
  readonly info: PdfRef;
  readonly id: readonly [Uint8Array, Uint8Array];
}

export function canAppend(doc: PdfDocument): boolean {
  return doc.binaryComment && doc.headerOffset === 0 && !doc.repaired && doc.startxref > 0;
}

export function writeRevision(doc: PdfDocument, rev: Revision): Uint8Array {
  if (!canAppend(doc)) return rewrite(doc, rev);
  const revised = appendRevision(doc, rev);
  // Its bounds check then decodes only what was appended: the rest is `doc`'s, checked already.
  PdfDocument.noteRevision(revised, doc);
  return revised;
}

function trailerEntries(rev: Revision, size: number): PdfDict {
  return new PdfDict()
    .set('Size', size)
    .set('Root', rev.root)
    .set('Info', rev.info)
    .set('ID', [new PdfString(rev.id[0], true), new PdfString(rev.id[1], true)]);
}

function appendRevision(doc: PdfDocument, rev: Revision): Uint8Array {
  const original = doc.bytes;
  const sink = new ByteSink();
  sink.bytes(original);
  const last = original[original.length - 1];
  if (last !== 10 && last !== 13) sink.text('\n');
  const offsets = new Map<number, number>();
  for (const [num, obj] of [...rev.objects].sort((a, b) => a[0] - b[0])) {
    offsets.set(num, sink.length);
    sink.text(`${num} 0 obj\n`);
    writeObject(sink, obj);
    sink.text('\nendobj\n');
  }
  let size = maxPlusOne(offsets.keys(), doc.size());
  if (doc.lastXrefIsStream) {
    const xrefNum = size;
    size += 1;
    const xrefOffset = sink.length;
    offsets.set(xrefNum, xrefOffset);
    const nums = [...offsets.keys()].sort((a, b) => a - b);
    const index: number[] = [];
    const rows: number[] = [];
    for (const run of runs(nums)) {
      index.push(run[0]!, run.length);
      rows.push(...run);
    }
    const data = Buffer.alloc(rows.length * 6);
    rows.forEach((num, i) => {
      data[i * 6] = 1;
      data.writeUInt32BE(offsets.get(num)!, i * 6 + 1);
      data[i * 6 + 5] = 0;
    });
    const d = trailerEntries(rev, size)
      .set('Type', PdfName.of('XRef'))
      .set('W', [1, 4, 1])
      .set('Index', index)
      .set('Prev', doc.startxref);
    sink.text(`${xrefNum} 0 obj\n`);
    writeObject(sink, new PdfStream(d, data));
    sink.text(`\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
    return sink.concat();
  }
  const xrefOffset = sink.length;
  sink.text('xref\n');
  for (const run of runs([...offsets.keys()].sort((a, b) => a - b))) {
    sink.text(`${run[0]} ${run.length}\n`);
    for (const num of run) sink.text(`${String(offsets.get(num)).padStart(10, '0')} 00000 n\r\n`);
  }
  sink.text('trailer\n');
  writeObject(sink, trailerEntries(rev, size).set('Prev', doc.startxref));
  sink.text(`\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return sink.concat();
}

/** A full rewrite: every live object of the source (object streams unpacked) plus the new ones. */
function rewrite(doc: PdfDocument, rev: Revision): Uint8Array {
  const sink = new ByteSink();
  const version = /^\d\.\d$/.test(doc.version) ? doc.version : '1.7';
  sink.text(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`);
  const offsets = new Map<number, { offset: number; gen: number }>();
  const nums = new Set<number>([...doc.xref.keys(), ...rev.objects.keys()]);
  for (const num of [...nums].sort((a, b) => a - b)) {
    if (num === 0) continue;
    const obj = rev.objects.has(num) ? rev.objects.get(num)! : doc.get(num);
    if (obj === undefined || obj === null) continue;
    if (obj instanceof PdfStream) {
      const type = obj.dict.get('Type');
      if (isName(type, 'XRef') || isName(type, 'ObjStm')) continue;
    }
    // Generations are kept: references elsewhere in the file name them.
    const entry = doc.xref.get(num);
    const gen = !rev.objects.has(num) && entry?.kind === 'offset' ? entry.gen : 0;
    offsets.set(num, { offset: sink.length, gen });
    sink.text(`${num} ${gen} obj\n`);
    writeObject(sink, obj);
    sink.text('\nendobj\n');
  }
  const size = maxPlusOne(offsets.keys(), 1);
  const xrefOffset = sink.length;
  sink.text(`xref\n0 ${size}\n0000000000 65535 f\r\n`);
  for (let num = 1; num < size; num++) {
    const at = offsets.get(num);
    sink.text(
      at === undefined
        ? '0000000000 00000 f\r\n'
        : `${String(at.offset).padStart(10, '0')} ${String(at.gen).padStart(5, '0')} n\r\n`,
    );
  }
  sink.text('trailer\n');
  writeObject(sink, trailerEntries(rev, size));
  sink.text(`\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return sink.concat();
}

/** Highest number + 1 (at least `floor`), without spreading a possibly huge list into arguments. */
function maxPlusOne(nums: Iterable<number>, floor: number): number {
  let max = floor;
  for (const n of nums) if (n + 1 > max) max = n + 1;
  return max;
}

/** Consecutive runs of sorted object numbers, one cross-reference subsection each. */
function runs(sorted: number[]): number[][] {
  const out: number[][] = [];
  for (const n of sorted) {
    const cur = out[out.length - 1];
    if (cur && cur[cur.length - 1] === n - 1) cur.push(n);
    else out.push([n]);
  }
  return out;
}
