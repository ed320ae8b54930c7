/** The message that carries a sandbox activation token to its address, in the language of the request. */
import { fillText, type Lang, type LocalizedText } from '../core/api/lang';
import type { ActivationRequest } from '../core/service/activation';
import type { MailMessage } from './outbox';

export const STEP2_PATH = '/public/api-keys/free/step2';

const SUBJECT: LocalizedText = {
  en: 'Activate your Factur-X Desk sandbox API key',
  fr: 'Activez votre clé d’API sandbox Factur-X Desk',
};

const TEXT: LocalizedText = {
  en: `Hello,

A Factur-X Desk sandbox API key was asked for with this address ({email}).
To activate it, send this token to {url} before {expiresAt}:

  {token}

For instance:

  curl -X POST {url} -H 'Content-Type: application/json' -d '{"token":"{token}"}'

The key is shown once, in the answer to that call. The token works once.
If you did not ask for a key, ignore this message: nothing happens without the token.
`,
  fr: `Bonjour,

Une clé d’API sandbox Factur-X Desk a été demandée avec cette adresse ({email}).
Pour l’activer, envoyez ce jeton à {url} avant le {expiresAt} :

  {token}

Par exemple :

  curl -X POST {url} -H 'Content-Type: application/json' -d '{"token":"{token}"}'

La clé n’est montrée qu’une fois, dans la réponse à cet appel. Le jeton ne sert qu’une fois.
Si vous n’avez pas demandé de clé, ignorez ce message : rien ne se passe sans le jeton.
`,
};

export function activationMail(request: ActivationRequest, origin: string, lang: Lang): MailMessage {
  const values = { ...request, url: `${origin}${STEP2_PATH}` };
  return { to: request.email, subject: SUBJECT[lang], text: fillText(TEXT, values)[lang] };
}
