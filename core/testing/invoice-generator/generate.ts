/**
 * Seeded invoices nobody tuned the reader to (issue 10's stand-in for its unseen set): German, French
 * and English invoices of many layouts, drawn as text PDFs, each with its truth in the corpus truth
 * format. The same seed and index always draw the same invoice.
 */
import type { ReadingTruth } from '../reading-score';
import type { DrawnText } from './canvas';
import { composeInvoice } from './compose';
import { drawContent } from './content';
import { Random } from './random';
import { drawStyle } from './style';
import { truthOf } from './truth';
import type { Language } from './vocabulary';

export interface GeneratedInvoice {
  readonly name: string;
  readonly language: Language;
  readonly pdf: Uint8Array;
  readonly pages: number;
  readonly truth: ReadingTruth;
  /** Every text drawn, where (for checking the layout). */
  readonly drawn: readonly DrawnText[];
}

export async function generateInvoice(seed: number, index: number): Promise<GeneratedInvoice> {
  const random = Random.forInvoice(seed, index);
  const language = random.weighted<Language>([
    ['de', 35],
    ['fr', 33],
    ['en', 32],
  ]);
  const content = drawContent(random, language, Random.addedFor(seed, index));
  const style = drawStyle(random, content);
  const { pdf, pages, drawn } = await composeInvoice(content, style, random);
  return {
    name: `seed${seed}-${String(index).padStart(3, '0')}-${language}-${content.typeCode}-${content.regime}`,
    language,
    pdf,
    pages,
    truth: truthOf(content),
    drawn,
  };
}
