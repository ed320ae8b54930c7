/**
 * How many pictures this thread's OCR reads at once (engine-pool.ts): one by default; a caller that has
 * the cores for it raises it, so that the pages of a scanned document are read side by side. A module
 * of its own, so that setting it does not load the OCR engine (a command line that never converts a
 * scan starts without it).
 */
let count = 1;

/** The pictures this thread reads at once. */
export const ocrEngines = (): number => count;

/** Lets this thread read `engines` pictures at once (each engine holds its own copy of the trained data). */
export function useOcrEngines(engines: number): void {
  count = Math.max(1, Math.floor(engines));
}
