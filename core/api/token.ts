/**
 * `POST /api/v1/auth/token`: an API key exchanged for a short-lived bearer token (a JWT signed by the
 * server), to send as `Authorization: Bearer <token>`. The answer has the OAuth 2.0 token response's
 * names (RFC 6749 §5.1).
 */
import { z } from 'zod';

export const tokenBodySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  /** Seconds the token stays valid from now. */
  expires_in: z.int().positive(),
});
export type TokenBody = z.infer<typeof tokenBodySchema>;
