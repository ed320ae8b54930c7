/**
 * Saved profiles (convert input mode 4): a tenant's seller (issuer) or buyer (client) record, reused only
 * when a convert asks for it explicitly. The party itself is exactly the `invoice_data` party (BG-4 or
 * BG-7, same schema), so what a profile may hold and what a payload may hold never drift apart.
 */
import { z } from 'zod';
import { BUYER, CREDIT_TRANSFER, SELLER } from '../invoice-data/schema';
import { documentNoteSchema } from './inline-context';
import { REASONS } from './reasons';

export const PROFILE_ROLES = ['seller', 'buyer'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

/** What a selector may name: letters, digits, `_`, `.` and `-`, as it appears in a URL path unescaped. */
export const profileIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, REASONS.profileId.en);

export const sellerProfileDataSchema = z.strictObject({
  /** BG-4 Seller. */
  seller: SELLER,
  /** BG-16 payment instructions the seller prints on every invoice: BG-17 credit transfers. */
  payment: z.strictObject({ credit_transfers: z.array(CREDIT_TRANSFER).min(1) }).optional(),
  /** BG-1 notes the seller prints on every invoice (France 2026 asks for PMT, PMD and AAB, BR-FR-05). */
  document_notes: z.array(documentNoteSchema).optional(),
});

export const buyerProfileDataSchema = z.strictObject({
  /** BG-7 Buyer. */
  buyer: BUYER,
});

export type SellerProfileData = z.infer<typeof sellerProfileDataSchema>;
export type BuyerProfileData = z.infer<typeof buyerProfileDataSchema>;
export type ProfileData = SellerProfileData | BuyerProfileData;

export const profileDataSchemas = {
  seller: sellerProfileDataSchema,
  buyer: buyerProfileDataSchema,
} as const;

/** The body of `PUT /api/v1/profiles/{role}/{id}`. */
export const profileSaveBodySchema = (role: ProfileRole) =>
  z.strictObject({ data: profileDataSchemas[role] });

/** A saved profile as the API shows it. */
export const profileBodySchema = z.object({
  id: profileIdSchema,
  role: z.enum(PROFILE_ROLES),
  /** 1 on creation, one more on each save; part of a convert's idempotency identity. */
  version: z.int().positive(),
  /** The party's name (BT-27 or BT-44), for lists. */
  name: z.string(),
  updatedAt: z.iso.datetime(),
  data: z.union([sellerProfileDataSchema, buyerProfileDataSchema]),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The body of `GET /api/v1/profiles`. */
export const profileListBodySchema = z.object({ profiles: z.array(profileBodySchema) });
export type ProfileListBody = z.infer<typeof profileListBodySchema>;

/** The body of `DELETE /api/v1/profiles/{role}/{id}`. */
export const profileDeletedBodySchema = z.object({
  deleted: z.literal(true),
  id: profileIdSchema,
  role: z.enum(PROFILE_ROLES),
});
export type ProfileDeletedBody = z.infer<typeof profileDeletedBodySchema>;

/** The party name of a profile's data. */
export const profileName = (data: ProfileData): string =>
  'seller' in data ? data.seller.name : data.buyer.name;
