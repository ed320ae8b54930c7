/**
 * Test helper: targeted edits of a Factur-X PDF we generated, one defect each, for the checker's tests.
 * The edits work on the file as latin1 text (bytes one to one). `fixOffsets` rewrites the offsets of the
 * last cross-reference table and `startxref` after an edit of the last revision changed lengths, so that
 * a fixture has exactly the defect it is made for and not a broken cross-reference table besides.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export const latin1 = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');
export const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'latin1');
export const hex = (s: string): string => Buffer.from(s, 'latin1').toString('hex');

/** Replaces the last occurrence of `from` (which must occur). */
export function replaceLast(text: string, from: string, to: string): string {
  const at = text.lastIndexOf(from);
  if (at < 0) throw new Error(`fixture: ${from} not found`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Replaces the last occurrence of `from` by `to` padded with spaces to the same length. */
export function sameLength(text: string, from: string, to: string): string {
  if (to.length > from.length) throw new Error(`fixture: ${to} is longer than ${from}`);
  return replaceLast(text, from, to.padEnd(from.length, ' '));
}

/** The offsets of the last classic cross-reference table and `startxref`, recomputed. */
export function fixOffsets(text: string): string {
  const xref = text.lastIndexOf('\nxref') + 1;
  const trailer = text.indexOf('trailer', xref);
  const lines = text.slice(xref, trailer).split(/\r?\n/);
  const out = ['xref'];
  let num = 0;
  for (const line of lines.slice(1)) {
    const sub = /^(\d+) (\d+)$/.exec(line);
    if (sub) {
      num = Number(sub[1]);
      out.push(line);
      continue;
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
    if (!entry) continue;
    const at = entry[3] === 'n' ? text.lastIndexOf(`\n${num} ${Number(entry[2])} obj`, xref) + 1 : 0;
    out.push(`${entry[3] === 'n' ? String(at).padStart(10, '0') : entry[1]} ${entry[2]} ${entry[3]}\r`);
    num++;
  }
  const fixed = text.slice(0, xref) + out.join('\n') + '\n' + text.slice(trailer);
  const newXref = fixed.lastIndexOf('\nxref') + 1;
  return fixed.replace(/startxref\r?\n\d+(\r?\n%%EOF\s*)$/, `startxref\n${newXref}$1`);
}

/** The decoded data of stream object `num` of the last revision (FlateDecode or none). */
export function streamData(text: string, num: number): { dict: string; data: Buffer; flate: boolean } {
  const m = new RegExp(`\\n${num} 0 obj\\r?\\n(<<[\\s\\S]*?>>)\\r?\\nstream\\r?\\n`).exec(
    text.slice(text.lastIndexOf(`\n${num} 0 obj`)),
  );
  if (!m) throw new Error(`fixture: stream ${num} not found`);
  const start = text.lastIndexOf(`\n${num} 0 obj`) + m.index + m[0].length;
  const length = Number(/\/Length (\d+)/.exec(m[1]!)![1]);
  const raw = Buffer.from(text.slice(start, start + length), 'latin1');
  const flate = m[1]!.includes('/FlateDecode');
  return { dict: m[1]!, data: flate ? inflateSync(raw) : raw, flate };
}

/** Stream object `num` of the last revision with new data (compressed as before), /Length and offsets fixed. */
export function replaceStream(text: string, num: number, data: Buffer): string {
  const { dict, flate } = streamData(text, num);
  const objAt = text.lastIndexOf(`\n${num} 0 obj`);
  const start = text.indexOf('stream', objAt + dict.length) + 'stream'.length;
  const dataStart = text[start] === '\r' ? start + 2 : start + 1;
  const oldLength = Number(/\/Length (\d+)/.exec(dict)![1]);
  const body = (flate ? deflateSync(data) : data).toString('latin1');
  const newDict = dict.replace(/\/Length \d+/, `/Length ${body.length}`);
  const head = text.slice(0, objAt) + text.slice(objAt, dataStart).replace(dict, newDict);
  return fixOffsets(head + body + text.slice(dataStart + oldLength));
}
