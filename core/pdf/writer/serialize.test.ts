/**
 * The byte sink the writer builds a file in: text and bytes written in any order and pieces come out as
 * each piece encoded alone (text in Latin-1), end to end, and its length counts them as they are written
 * (the cross-reference offsets are read from it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSink } from './serialize';

const piece = fc.oneof(
  fc.string({ unit: 'binary' }).map((text) => ({ text })),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => ({ bytes })),
);

describe('ByteSink', () => {
  it('gives the pieces written, each encoded alone, end to end', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const sink = new ByteSink();
        const expected: Uint8Array[] = [];
        for (const p of pieces) {
          const alone = 'text' in p ? Buffer.from(p.text, 'latin1') : p.bytes;
          expected.push(alone);
          if ('text' in p) sink.text(p.text);
          else sink.bytes(p.bytes);
          expect(sink.length).toBe(expected.reduce((n, b) => n + b.length, 0));
        }
        expect(Buffer.from(sink.concat()).equals(Buffer.concat(expected))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
