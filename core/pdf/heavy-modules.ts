/**
 * pdf-lib and fontkit are large (loading fontkit alone takes about 100 ms): they are loaded on first use,
 * so that what never draws a page or substitutes a font (validate, extract, `facturx --version`) starts
 * without them.
 */
import type Fontkit from '@pdf-lib/fontkit';
import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';

const require = createRequire(import.meta.url);
let pdfLib: typeof PdfLib | undefined;
let fontkit: typeof Fontkit | undefined;

export const loadPdfLib = (): typeof PdfLib => (pdfLib ??= require('pdf-lib') as typeof PdfLib);
export const loadFontkit = (): typeof Fontkit => (fontkit ??= require('@pdf-lib/fontkit') as typeof Fontkit);
