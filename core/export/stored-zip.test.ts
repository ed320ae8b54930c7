import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../testing/zip-entries';
import { crc32, storedZip, uniqueNames } from './stored-zip';

const bytes = (text: string) => new TextEncoder().encode(text);

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('storedZip', () => {
  it('computes the CRC-32 zlib computes', () => {
    const random = new Uint8Array(70_000).map((_, i) => (i * 7919 + (i >> 3)) & 0xff);
    for (const sample of [new Uint8Array(0), bytes('123456789'), random]) {
      expect(crc32(sample)).toBe(zlibCrc32(sample));
    }
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
  });

  it('stores files that read back byte for byte, with UTF-8 names', () => {
    const files = [
      { name: 'facture-é.xml', bytes: bytes('<Invoice/>') },
      { name: 'reports/batch.csv', bytes: bytes('file;status\n') },
      { name: 'empty.txt', bytes: new Uint8Array(0) },
    ];
    const entries = zipEntries(storedZip(files));
    expect([...entries.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect(entries.get(f.name)).toEqual(f.bytes);
  });

  it.skipIf(!hasUnzip)('is an archive unzip accepts and extracts (skipped without the unzip command)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      const zip = path.join(dir, 'export.zip');
      writeFileSync(
        zip,
        storedZip([
          { name: 'a/b.txt', bytes: bytes('hello') },
          { name: 'c.pdf', bytes: bytes('%PDF') },
        ]),
      );
      expect(execFileSync('unzip', ['-t', zip]).toString()).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', zip, 'a/b.txt']).toString()).toBe('hello');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives two files of one name two names', () => {
    expect(uniqueNames(['a.xml', 'A.xml', 'a.xml', 'b'])).toEqual(['a.xml', 'A (2).xml', 'a (3).xml', 'b']);
  });
});
