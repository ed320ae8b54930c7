// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toAnswer, type Backend } from '../backend/backend';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const backend: Backend = {
  kind: { type: 'offline' },
  run: async (operation, file) => {
    if (operation !== 'extract') return toAnswer(false, 422, { error: 'unextractable_pdf', message: 'x' });
    return file?.filename === 'facturx.pdf'
      ? toAnswer(true, 200, { xml: 'PHgvPg==', xmlSize: 4, profile: 'EN16931' })
      : toAnswer(false, 422, { error: 'unextractable_pdf', message: 'No embedded XML.' });
  },
  profiles: profileStore().profiles,
};

afterEach(cleanup);

describe('the conversion offer', () => {
  it('is made for a PDF without Factur-X XML, not for a Factur-X PDF', async () => {
    renderApp(backend);
    const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
    await act(async () => {
      fireEvent.drop(screen.getByTestId('dropzone'), {
        dataTransfer: { files: [pdf('facturx.pdf'), pdf('plain.pdf')] },
      });
    });
    const card = (name: string) => screen.getAllByTestId('check').find((c) => c.textContent?.includes(name))!;
    expect(within(card('plain.pdf')).queryByTestId('convert')).not.toBeNull();
    expect(within(card('facturx.pdf')).queryByTestId('convert')).toBeNull();
  });
});
