/**
 * What the reader remembers of one seller's layout (issue 10, part 5): for each header term an
 * accountant confirmed, the page it sat on, its box and the label beside it, boxes as shares of the page
 * (0–1) so that a seller's next invoice is read alike whatever its page size. Learned from a corrected
 * convert (learn.ts), kept per tenant under the seller's identifiers (seller-keys.ts), read back by the
 * reader as extra candidates (recall.ts). The store gives it back as JSON: it is checked once here.
 */
import { z } from 'zod';

/** The header terms a layout remembers; lines are read by their table, not by position. */
export const LAYOUT_TERMS = [
  'BT-1',
  'BT-2',
  'BT-9',
  'BT-13',
  'BT-27',
  'BT-31',
  'BT-44',
  'BT-48',
  'BT-106',
  'BT-109',
  'BT-110',
  'BT-112',
  'BT-115',
] as const;
export type LayoutTerm = (typeof LAYOUT_TERMS)[number];

/** A label longer than this is cut: what is kept still finds it, and a layout stays small. */
export const MAX_LABEL = 60;

const share = z.number().min(0).max(1);
const boxSchema = z.object({ x: share, y: share, width: share, height: share });

const rememberedTermSchema = z.object({
  page: z.int().positive().max(1000),
  box: boxSchema,
  /** The words that introduce the value: left of it on its row, before it in its cell, or above it. */
  label: z.object({ text: z.string().min(1).max(MAX_LABEL), box: boxSchema }).optional(),
});
export type RememberedTerm = z.infer<typeof rememberedTermSchema>;

export const sellerLayoutSchema = z.object({
  version: z.literal(1),
  terms: z.partialRecord(z.enum(LAYOUT_TERMS), rememberedTermSchema),
});
export type SellerLayout = z.infer<typeof sellerLayoutSchema>;

/** A layout as the store keeps it: under which of the seller's keys it was found, and when it was learned. */
export interface LearnedLayout {
  readonly key: string;
  readonly layout: SellerLayout;
  /** ISO 8601. */
  readonly learnedAt: string;
}

/** A stored layout's JSON read back, or null when it is not one (written by another version, or damaged). */
export function readSellerLayout(json: string): SellerLayout | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const read = sellerLayoutSchema.safeParse(parsed);
  return read.success ? read.data : null;
}

/**
 * The tenant's memory of its sellers' layouts, as the convert sees it: what was learned for the seller
 * one of `keys` names, and the layout an accountant's corrected convert teaches.
 */
export interface SellerLayoutMemory {
  recall(keys: readonly string[]): Promise<LearnedLayout | null>;
  learn(keys: readonly string[], layout: SellerLayout): Promise<void>;
}
