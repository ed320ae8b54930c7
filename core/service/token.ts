/**
 * `POST /api/v1/auth/token`: exchanges the API key the request came with for a bearer token. Only a
 * key may be exchanged: a token cannot prolong itself.
 */
import { apiError } from '../api/errors';
import type { TokenBody } from '../api/token';
import { requestLang } from './request';
import { fail } from './result';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function issueToken(
  req: ServiceRequest,
  ctx: ServiceContext,
): Promise<ServiceResult<TokenBody>> {
  const lang = requestLang(req);
  if (!ctx.tokens || ctx.caller?.via !== 'api_key') {
    return fail(
      apiError('authentication_required', undefined, {
        lang,
        message: {
          en: 'An access token is obtained with an API key, not with another token.',
          fr: 'Un jeton d’accès s’obtient avec une clé d’API, pas avec un autre jeton.',
        },
      }),
    );
  }
  const issued = await ctx.tokens.issue(ctx.caller.keyId, ctx.now());
  return {
    ok: true,
    status: 200,
    body: { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn },
  };
}
