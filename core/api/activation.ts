/**
 * The JSON bodies of the public two-step sandbox key creation (`/public/api-keys/free/step1` and
 * `step2`): what a client sends, and what each step answers.
 */
import { z } from 'zod';

/** RFC 5321 caps a path at 254 characters; the shape check is deliberately plain. */
const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/)
  .transform((email) => email.toLowerCase());

export const activationStep1BodySchema = z.object({ email: emailSchema });
export const activationStep2BodySchema = z.object({ token: z.string().min(1).max(200) });

/** 202 of step 1: the activation message is on its way (to the outbox of a server without mail). */
export const activationSentSchema = z.object({
  status: z.literal('activation_sent'),
  email: z.string(),
  /** When the token stops working. */
  expiresAt: z.iso.datetime(),
  delivery: z.literal('outbox'),
  message: z.string(),
});
export type ActivationSent = z.infer<typeof activationSentSchema>;

/** 201 of step 2: the key, shown this once. */
export const activatedKeySchema = z.object({
  apiKey: z.string(),
  tenant: z.string(),
  plan: z.literal('sandbox'),
});
export type ActivatedKey = z.infer<typeof activatedKeySchema>;

/**
 * 201 of the local sign-in (`/public/local-sign-in`, a loopback server's first-run address): a key of the
 * machine's own tenant, on the unlimited local plan.
 */
export const localSignInKeySchema = z.object({
  apiKey: z.string(),
  tenant: z.string(),
  plan: z.literal('local'),
});
export type LocalSignInKey = z.infer<typeof localSignInKeySchema>;
