// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toAnswer, type Backend } from '../backend/backend';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** A backend from before readings handed back a candidate: plain.pdf is read, but gives none to review. */
const backend: Backend = {
  kind: { type: 'offline' },
  run: async (operation, file, _options, fields = {}) => {
    if (operation === 'convert' && fields.dry_run === 'true') {
      // slow.pdf is still being read.
      if (file?.filename === 'slow.pdf') return new Promise(() => undefined);
      return toAnswer(true, 200, { success: false });
    }
    if (file?.filename === 'facturx.pdf') {
      return operation === 'extract'
        ? toAnswer(true, 200, { xml: 'PHgvPg==', xmlSize: 4, profile: 'EN16931' })
        : toAnswer(false, 422, { error: 'unextractable_pdf', message: 'x', reason: 'unreadable' });
    }
    const reason = file?.filename === 'locked.pdf' ? 'encrypted' : 'no_embedded_xml';
    return toAnswer(false, 422, { error: 'unextractable_pdf', message: 'No embedded XML.', reason });
  },
  profiles: profileStore().profiles,
};

afterEach(cleanup);

describe('the conversion offer', () => {
  it('is made for a PDF without Factur-X XML once read, not while it is read, nor for a Factur-X PDF or an unreadable one', async () => {
    renderApp(backend);
    const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
    await act(async () => {
      fireEvent.drop(screen.getByTestId('dropzone'), {
        dataTransfer: { files: [pdf('facturx.pdf'), pdf('plain.pdf'), pdf('locked.pdf')] },
      });
    });
    await act(async () => {
      fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [pdf('slow.pdf')] } });
    });
    const card = (name: string) => screen.getAllByTestId('check').find((c) => c.textContent?.includes(name))!;
    await waitFor(() => expect(within(card('plain.pdf')).queryByTestId('convert')).not.toBeNull());
    expect(within(card('slow.pdf')).queryByTestId('convert')).toBeNull();
    expect(within(card('slow.pdf')).getByTestId('document-reading')).toBeTruthy();
    expect(within(card('facturx.pdf')).queryByTestId('convert')).toBeNull();
    expect(within(card('locked.pdf')).queryByTestId('convert')).toBeNull();
    expect(within(card('locked.pdf')).queryByTestId('no-facturx')).toBeNull();
    expect(within(card('locked.pdf')).queryByTestId('answer-extract')).not.toBeNull();
  });
});
