/**
 * Tesseract's trained data, offline: tesseract.js reads every language from ONE folder (`langPath`), while
 * npm ships each language in its own package (`@tesseract.js-data/<lang>/4.0.0_best_int/`, LSTM-only
 * integer models). The files are copied once into a cache folder; a half-written copy is never visible
 * because each file is written under a temporary name and renamed.
 */
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const MODEL = '4.0.0_best_int';

/** Languages we ship data for (a `langs` string such as `fra+eng` may only name these). */
export const SHIPPED_LANGS = ['fra', 'eng', 'deu'] as const;

export type LangDataResult = { ok: true; langPath: string } | { ok: false; message: string };

const require = createRequire(import.meta.url);

function packagedFile(lang: string): string {
  const pkg = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return join(dirname(pkg), MODEL, `${lang}.traineddata.gz`);
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/** A folder holding `<lang>.traineddata.gz` for each of `langs` (e.g. `fra+eng`), under `cacheDir`. */
export async function ensureLangData(
  langs: string,
  cacheDir: string = join(tmpdir(), 'facturx-desk-tessdata'),
): Promise<LangDataResult> {
  const folder = join(cacheDir, MODEL);
  try {
    await mkdir(folder, { recursive: true });
    for (const lang of langs.split('+')) {
      if (!(SHIPPED_LANGS as readonly string[]).includes(lang)) {
        return {
          ok: false,
          message: `No OCR language data for "${lang}" (available: ${SHIPPED_LANGS.join(', ')})`,
        };
      }
      const target = join(folder, `${lang}.traineddata.gz`);
      if (await exists(target)) continue;
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      await copyFile(packagedFile(lang), partial);
      await rename(partial, target);
    }
    return { ok: true, langPath: folder };
  } catch (e) {
    return { ok: false, message: `OCR language data unavailable: ${(e as Error).message}` };
  }
}
