// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../backend/backend';
import { profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

function backendWith(maxUploadBytes: number | null) {
  const run = vi.fn<Backend['run']>(async () => ({ ok: true, status: 200, body: {} }));
  const backend: Backend = {
    kind: { type: 'server', origin: 'http://127.0.0.1:4000' },
    limits: async () => (maxUploadBytes === null ? null : { maxUploadBytes }),
    run,
    profiles: profileStore().profiles,
  };
  return { backend, run };
}

const sized = (name: string, size: number, type = 'application/pdf') => {
  const file = new File([''], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const drop = (files: File[]) =>
  act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files } });
  });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('files refused before any upload', () => {
  it('says in plain words that a file is over the limit the backend gave, or empty, and sends neither', async () => {
    const { backend, run } = backendWith(20 * 1024 * 1024);
    renderApp(backend);
    await act(async () => undefined);

    await drop([sized('scan-58.pdf', 58 * 1024 * 1024), sized('empty.xml', 0, 'application/xml')]);

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'scan-58.pdf (58 MB) is larger than the 20 MB accepted here: it was not sent.',
      'empty.xml: the file is empty, there is nothing to check.',
    ]);
    expect(run).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
      'scan-58.pdf (58 Mo) dépasse les 20 Mo acceptés ici : il n’a pas été envoyé.',
    );
  });

  it('sends a large file when the backend gives no limit, leaving the refusal to it', async () => {
    const { backend, run } = backendWith(null);
    renderApp(backend);
    await act(async () => undefined);

    await drop([sized('scan-58.pdf', 58 * 1024 * 1024)]);

    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(run).toHaveBeenCalled();
  });

  it('tells a browser without a key how to sign in, before any drop', async () => {
    renderApp(backendWith(null).backend);
    await act(async () => undefined);
    expect(screen.getByTestId('sign-in-needed').textContent).toContain(
      'open the address “facturx serve” printed',
    );
  });
});
