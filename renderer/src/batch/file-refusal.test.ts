import { describe, expect, it } from 'vitest';
import { admitFile } from './file-refusal';

const file = (name: string, size: number, type = '') => ({ name, size, type });
const limits = { maxUploadBytes: 20 * 1024 * 1024 };

describe('admitFile', () => {
  it('takes PDF, XML and JSON files by name or media type', () => {
    expect(admitFile(file('a.PDF', 10), limits)).toEqual({ kind: 'pdf' });
    expect(admitFile(file('scan', 10, 'application/pdf'), limits)).toEqual({ kind: 'pdf' });
    expect(admitFile(file('a.xml', 10), limits)).toEqual({ kind: 'xml' });
    expect(admitFile(file('data.json', 10), null)).toEqual({ kind: 'json' });
  });

  it('refuses other kinds, empty files and files over the backend limit, before any upload', () => {
    expect(admitFile(file('notes.txt', 5), limits)).toEqual({
      refusal: { name: 'notes.txt', reason: 'kind' },
    });
    expect(admitFile(file('empty.pdf', 0), limits)).toEqual({
      refusal: { name: 'empty.pdf', reason: 'empty' },
    });
    const big = 58 * 1024 * 1024;
    expect(admitFile(file('big.pdf', big), limits)).toEqual({
      refusal: { name: 'big.pdf', reason: 'too_large', size: big, limit: limits.maxUploadBytes },
    });
    expect(admitFile(file('edge.pdf', limits.maxUploadBytes), limits)).toEqual({ kind: 'pdf' });
  });

  it('leaves the size to the backend when it did not say its limit', () => {
    expect(admitFile(file('big.pdf', 58 * 1024 * 1024), null)).toEqual({ kind: 'pdf' });
  });
});
