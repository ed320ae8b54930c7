/**
 * The grey of an RGBA pixel, as the eye weighs red, green and blue (ITU-R BT.601, in integers): what the
 * OCR steps that look at a picture's ink read (strips, gaps, the scan fixture).
 */

/** The grey (0–255) of pixel `pixel` (its index, not its byte offset) of RGBA data. */
export const greyAt = (rgba: Uint8ClampedArray, pixel: number): number =>
  (rgba[4 * pixel]! * 77 + rgba[4 * pixel + 1]! * 150 + rgba[4 * pixel + 2]! * 29) >> 8;
