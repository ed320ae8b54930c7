import * as shared from '../shared/messages';
import * as backend from '../backend/messages';
import * as settings from '../settings/messages';
import * as batch from '../batch/messages';
import * as exporting from '../export/messages';
import * as document from '../document/messages';
import * as review from '../review/messages';
import * as report from '../report/messages';
import * as repair from '../repair/messages';
import * as profiles from '../profiles/messages';

/**
 * Every string the interface shows, in English and French. `{name}` marks a value filled in at display
 * time. French must define exactly the English keys (the type says so, and a test checks it at run time).
 * Each feature keeps its own table beside its components; this one joins them.
 */
export const en = {
  ...shared.en,
  ...backend.en,
  ...settings.en,
  ...batch.en,
  ...exporting.en,
  ...document.en,
  ...review.en,
  ...report.en,
  ...repair.en,
  ...profiles.en,
} as const;

export type MessageKey = keyof typeof en;

export const fr: Record<MessageKey, string> = {
  ...shared.fr,
  ...backend.fr,
  ...settings.fr,
  ...batch.fr,
  ...exporting.fr,
  ...document.fr,
  ...review.fr,
  ...report.fr,
  ...repair.fr,
  ...profiles.fr,
};

export const messages = { en, fr } as const;

export type Lang = keyof typeof messages;

export const langs: readonly Lang[] = ['en', 'fr'];
