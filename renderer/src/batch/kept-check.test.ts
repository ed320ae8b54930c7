import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../../core/bridge/work-queue';
import { toAnswer } from '../backend/backend';
import { keptCheckOf, newEntryOf, queueChangeOf } from './kept-check';
import type { Check } from './use-checks';

const bytes = new TextEncoder().encode('%PDF-1.7');
const invoice = { filename: 'facture.pdf', bytes, mediaType: 'application/pdf' };
const noXml = toAnswer(false, 422, {
  error: 'unextractable_pdf',
  message: 'No XML.',
  reason: 'no_embedded_xml',
});
const dryRun = toAnswer(true, 200, { success: true, result: {} });
const converted = toAnswer(true, 200, { success: true, result: { pdf: 'JVBERi0=' } });
const options = { lang: 'fr', validationTarget: 'france_2026' } as const;

const check = (overrides: Partial<Check>): Check => ({
  id: 7,
  filename: 'facture.pdf',
  kind: 'pdf',
  size: bytes.byteLength,
  invoice,
  answers: { validate: noXml, extract: noXml },
  ...overrides,
});

/** The entry the store hands back for what the page wrote, as it stood at the next start. */
function keptAgain(written: Check, status: QueueEntry['status'] = 'finished'): QueueEntry {
  const entry = newEntryOf(written, options);
  if (!entry) throw new Error('no entry');
  const { work: _work, ...rest } = entry;
  return { ...rest, id: 'q-1', status, addedAt: '', updatedAt: '' };
}

describe('a check as the work queue keeps it', () => {
  it('keeps the file, kind, target and answers, and gives them back as they were', () => {
    const written = check({ conversion: { dryRun, final: converted } });
    const entry = newEntryOf(written, options);
    expect(entry).toMatchObject({ file: invoice, kind: 'pdf', target: 'france_2026', work: 'finished' });
    const { id: _id, ...kept } = written;
    expect(keptCheckOf(keptAgain(written))).toEqual({ check: kept, lang: 'fr' });
  });

  it('says the work is under way while an answer or a conversion is awaited', () => {
    expect(queueChangeOf(check({ answers: { validate: 'pending' } }), options).work).toBe('under_way');
    expect(queueChangeOf(check({ conversion: { dryRun, final: 'pending' } }), options).work).toBe(
      'under_way',
    );
    expect(queueChangeOf(check({ conversion: {} }), options).work).toBe('under_way');
    expect(newEntryOf(check({ invoice: undefined }), options)).toBeNull();
  });

  it('brings back interrupted work without what was awaited, and marked so until it is checked again', () => {
    const written = check({
      answers: { validate: noXml, extract: 'pending' },
      conversion: { dryRun, final: 'pending' },
    });
    const { check: back } = keptCheckOf(keptAgain(written, 'interrupted'));
    expect(back.answers).toEqual({ validate: noXml });
    expect(back.conversion).toBeUndefined();
    expect(back.interrupted).toBe(true);
    // Written again as it is (finished, nothing under way), it is still interrupted at the start after.
    const again = keptCheckOf(keptAgain({ ...back, id: 8 }));
    expect(again.check.interrupted).toBe(true);
    // A conversion that had answered is kept: its Factur-X PDF can still be exported.
    const done = check({ answers: { validate: 'pending' }, conversion: { dryRun, final: converted } });
    expect(keptCheckOf(keptAgain(done, 'interrupted')).check.conversion).toEqual({
      dryRun,
      final: converted,
    });
  });

  it('keeps the file of a state it cannot read, to be checked again', () => {
    const entry = { ...keptAgain(check({})), state: '{"answers": [' };
    expect(keptCheckOf(entry)).toEqual({
      check: { filename: 'facture.pdf', kind: 'pdf', size: 8, invoice, answers: {}, interrupted: true },
      lang: null,
    });
    const odd = {
      ...keptAgain(check({})),
      state: JSON.stringify({ lang: 'de', answers: { validate: { ok: 'yes' } } }),
    };
    expect(keptCheckOf(odd)).toMatchObject({ check: { answers: {} }, lang: null });
  });
});
