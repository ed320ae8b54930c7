/**
 * The public routes, without credentials: the two steps of sandbox key creation, and the one-time
 * sign-in of the browser a loopback server's printed address opens. Each is limited per client address.
 * The activation message goes to the outbox folder, as this server has no mail transport; the response
 * and one line on stderr say so. A token never appears in a response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ActivationSent } from '../core/api/activation';
import { apiError } from '../core/api/errors';
import { chooseLang, type Lang, type LocalizedText } from '../core/api/lang';
import { activateSandboxKey, requestSandboxKey } from '../core/service/activation';
import type { LocalSignIn } from '../core/service/local-sign-in';
import type { Storage } from '../core/service/storage';
import { activationMail, STEP2_PATH } from './activation-mail';
import { OUTBOX_DIR, writeToOutbox } from './outbox';
import { addressCaller, admit, type RateLimiter } from './rate-limit';
import { readBody } from './read-request';
import { sendError, sendJson } from './respond';

export const PUBLIC_PREFIX = '/public/';

/** An e-mail address or a token: a few hundred bytes at most. */
const MAX_PUBLIC_BODY_BYTES = 4096;

export interface PublicDependencies {
  readonly storage: Storage;
  readonly now: () => Date;
  readonly limiter: RateLimiter;
  readonly dataDir: string;
  /** The server's own address, for the link in the activation message. */
  readonly origin: () => string;
  /** The one-time sign-in of a server on loopback; null elsewhere (no address was printed). */
  readonly localSignIn: LocalSignIn | null;
}

type PublicRoute = (body: string, res: ServerResponse, deps: PublicDependencies, lang: Lang) => Promise<void>;

const NO_MAIL_TRANSPORT: LocalizedText = {
  en: `This server has no mail transport: the activation message was written to its ${OUTBOX_DIR} folder, in the data directory, instead of being e-mailed.`,
  fr: `Ce serveur n’envoie pas de courriel : le message d’activation a été écrit dans son dossier ${OUTBOX_DIR}, dans le répertoire de données.`,
};

const step1: PublicRoute = async (body, res, deps, lang) => {
  const now = deps.now();
  const asked = await requestSandboxKey(deps.storage, body, now, lang);
  if (!asked.ok) return sendError(res, asked.error);
  const { email, expiresAt } = asked.value;
  const file = await writeToOutbox(deps.dataDir, activationMail(asked.value, deps.origin(), lang), now);
  console.error(`facturx serve: no mail transport; activation message for ${email} written to ${file}`);
  const sent: ActivationSent = {
    status: 'activation_sent',
    email,
    expiresAt,
    delivery: 'outbox',
    message: NO_MAIL_TRANSPORT[lang],
  };
  sendJson(res, 202, sent);
};

const step2: PublicRoute = async (body, res, deps, lang) => {
  const activated = await activateSandboxKey(deps.storage, body, deps.now(), lang);
  if (!activated.ok) return sendError(res, activated.error);
  sendJson(res, 201, activated.value);
};

const signIn: PublicRoute = async (body, res, deps, lang) => {
  const exchanged = deps.localSignIn
    ? await deps.localSignIn.exchange(body, deps.now(), lang)
    : { ok: false as const, error: apiError('sign_in_token_invalid', undefined, { lang }) };
  if (!exchanged.ok) return sendError(res, exchanged.error);
  sendJson(res, 201, exchanged.value);
};

export const LOCAL_SIGN_IN_PATH = '/public/local-sign-in';

export const PUBLIC_ROUTES: Readonly<Record<string, PublicRoute>> = {
  '/public/api-keys/free/step1': step1,
  [STEP2_PATH]: step2,
  [LOCAL_SIGN_IN_PATH]: signIn,
};

export async function handlePublic(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: PublicDependencies,
): Promise<void> {
  const lang = chooseLang(url.searchParams.get('lang') ?? undefined, req.headers['accept-language']);
  const head = req.method === 'HEAD';
  const route = PUBLIC_ROUTES[url.pathname.replace(/\/+$/, '')];
  if (!route) return sendError(res, apiError('not_found', undefined, { lang }), head);
  if (req.method !== 'POST') {
    req.resume();
    return sendError(res, apiError('method_not_allowed', undefined, { lang }), head, { Allow: 'POST' });
  }
  if (!admit(deps.limiter, addressCaller(req), req, res, lang)) return;
  const body = await readBody(req, MAX_PUBLIC_BODY_BYTES, lang);
  if (!body.ok) return sendError(res, body.error, false, { Connection: 'close' });
  await route(body.value.toString('utf8'), res, deps, lang);
}
