/**
 * The mailer of a self-hosted server, which has no mail transport: each message is written as an RFC 5322
 * .eml file into `<data-dir>/outbox/`, where an operator (or a mail client) can pick it up.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const OUTBOX_DIR = 'outbox';

export interface MailMessage {
  /** A checked address (no white space, so no header can be smuggled in). */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
const headerText = (text: string): string =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** Writes the message and returns the path of its file. */
export async function writeToOutbox(dataDir: string, message: MailMessage, now: Date): Promise<string> {
  const dir = path.join(dataDir, OUTBOX_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(8).toString('hex');
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${id}.eml`);
  const eml = [
    'From: Factur-X Desk <no-reply@localhost>',
    `To: <${message.to}>`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${id}@facturx-desk.localhost>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
  // The message carries a live token: readable by the server's user only.
  await writeFile(file, eml, { mode: 0o600 });
  return file;
}
