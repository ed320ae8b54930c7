import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { packageFolder } from './pdfjs';

describe('pdfjs data folders', () => {
  // pdfjs in Node reads `folder + file name` with fs.readFile: the folder must be a path it can read,
  // or the standard fonts (drawing text a PDF does not embed) and CMaps are silently missing.
  it('are read the way pdfjs reads them', async () => {
    expect(
      (await readFile(`${packageFolder('standard_fonts')}LiberationSans-Regular.ttf`)).length,
    ).toBeGreaterThan(1000);
    expect((await readFile(`${packageFolder('cmaps')}UniJIS-UCS2-H.bcmap`)).length).toBeGreaterThan(100);
  });
});
