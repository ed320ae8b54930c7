// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer, ProfilesRequest } from '../backend/backend';
import { acmeSeller, essaiBuyer, profileStore } from '../testing/profile-store';
import { renderApp } from '../testing/render-app';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** The interface on a backend whose saved profiles are `store`'s. */
function renderWith(store: ReturnType<typeof profileStore>) {
  renderApp({
    kind: { type: 'server', origin: 'http://127.0.0.1:4000' },
    run: async () => ({ ok: true, status: 200, body: {} }),
    profiles: store.profiles,
  });
  return store;
}

const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const type = (label: RegExp | string, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
const submit = () => act(async () => fireEvent.submit(screen.getByTestId('profile-editor')));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('Profiles panel', () => {
  it('reads the profiles only when opened and lists them by role, with name, id and version', async () => {
    const store = renderWith(profileStore([essaiBuyer, acmeSeller]));
    expect(store.calls).toEqual([]);

    await click('Profiles');

    const rows = await screen.findAllByTestId('profile');
    expect(store.calls).toEqual([{ method: 'GET' }]);
    expect(rows.map((row) => [row.dataset.role, row.dataset.id])).toEqual([
      ['seller', 'acme'],
      ['buyer', 'essai'],
    ]);
    expect(rows[0]?.textContent).toContain('Acme Menuiserie SARL');
    expect(rows[0]?.textContent).toContain('version 2');
    expect(rows[1]?.textContent).toContain('Buyer');
  });

  it('checks a new seller profile before sending it, then saves it and lists it', async () => {
    const store = renderWith(profileStore());
    await click('Profiles');
    await screen.findByText('No saved profile yet.');
    await click('New seller profile');

    await submit();
    expect(screen.getByTestId('profile-problems').textContent).toBe('Correct the marked fields first.');
    const name = screen.getByLabelText(/Seller name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${name.id}-problem`)?.textContent).toBe('Required.');
    await type('Profile id', 'acme');
    await type(/Seller name/, 'Acme Menuiserie SARL');
    await type(/Seller legal registration identifier/, '732829321');
    await type(/Seller country code/, 'FR');
    await submit();
    expect(screen.getByText('A SIREN has 9 digits and a valid check digit.')).toBeTruthy();
    expect(store.calls).toEqual([{ method: 'GET' }]);

    await type(/Seller legal registration identifier/, '732 829 320');
    await type(/Invoice note · PMT/, 'Indemnité forfaitaire : 40 EUR.');
    await submit();

    await waitFor(() =>
      expect(screen.getByTestId('profiles-status').textContent).toBe('Saved: acme, version 1.'),
    );
    expect(store.calls[1]).toEqual({
      method: 'PUT',
      role: 'seller',
      id: 'acme',
      data: {
        seller: {
          name: 'Acme Menuiserie SARL',
          legal_registration: { value: '732829320', scheme: '0002' },
          address: { country_code: 'FR' },
        },
        document_notes: [{ subject_code: 'PMT', content: 'Indemnité forfaitaire : 40 EUR.' }],
      },
    });
    expect(screen.queryByTestId('profile-editor')).toBeNull();
    expect(screen.getAllByTestId('profile').map((row) => row.dataset.id)).toEqual(['acme']);
  });

  it('shows the message of a 422 on the input its field names, and other refusals on the form', async () => {
    const refusals: Answer[] = [
      {
        ok: false,
        status: 422,
        error: {
          error: 'invalid_data_format',
          message: 'Invalid value for data.buyer.vat_id: Invalid string.',
          field: 'data.buyer.vat_id',
        },
      },
      {
        ok: false,
        status: 401,
        error: { error: 'authentication_required', message: 'An API key is required.' },
      },
    ];
    const refuse = (request: ProfilesRequest) => (request.method === 'PUT' ? refusals.shift() : undefined);
    renderWith(profileStore([], refuse));
    await click('Profiles');
    await click('New buyer profile');
    await type('Profile id', 'essai');
    await type(/Buyer name/, 'Cabinet Essai');
    await type(/Buyer VAT identifier/, 'FR00X');
    await type(/Buyer country code/, 'FR');

    await submit();

    const vat = screen.getByLabelText(/Buyer VAT identifier/);
    await waitFor(() => expect(vat.getAttribute('aria-invalid')).toBe('true'));
    const problem = document.getElementById(`${vat.id}-problem`);
    expect(problem?.textContent).toBe('Invalid value for data.buyer.vat_id: Invalid string.');
    expect(vat.getAttribute('aria-describedby')).toContain(`${vat.id}-problem`);

    await type(/Buyer VAT identifier/, 'FR39356000000');
    expect(vat.getAttribute('aria-invalid')).toBe('false');
    await submit();
    const refusal = await screen.findByTestId('profile-refusal');
    expect(within(refusal).getByTestId('error-code').textContent).toBe('authentication_required');
  });

  it('edits a saved profile from its values and keeps what the form does not show', async () => {
    const store = renderWith(profileStore([acmeSeller]));
    await click('Profiles');
    await screen.findAllByTestId('profile');
    await click('Edit');

    expect(screen.getByRole('heading', { name: 'Edit acme' })).toBeTruthy();
    expect((screen.getByLabelText('Profile id') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Seller VAT identifier/) as HTMLInputElement).value).toBe('FR44732829320');
    await type(/Seller city/, 'Saint-Nazaire');
    await submit();

    await waitFor(() =>
      expect(screen.getByTestId('profiles-status').textContent).toBe('Saved: acme, version 3.'),
    );
    const put = store.calls[1] as Extract<ProfilesRequest, { method: 'PUT' }>;
    expect(put.data).toMatchObject({
      seller: {
        identifiers: [{ value: '73282932000074', scheme: '0009' }],
        address: { city: 'Saint-Nazaire', line1: '3 impasse du Bois' },
      },
      document_notes: [
        { subject_code: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement : 40 EUR.' },
        { subject_code: 'REG', content: 'RCS Nantes 732 829 320' },
      ],
    });
  });

  it('deletes a profile after a confirmation, and says when the list cannot be read', async () => {
    let listRefused = true;
    const store = renderWith(
      profileStore([acmeSeller], (request) =>
        request.method === 'GET' && listRefused
          ? { ok: false, status: 401, error: { error: 'authentication_required', message: 'Key needed.' } }
          : undefined,
      ),
    );
    await click('Profiles');
    const failed = await screen.findByTestId('profiles-failed');
    expect(within(failed).getByTestId('error-code').textContent).toBe('authentication_required');
    listRefused = false;
    await click('Try again');
    await screen.findAllByTestId('profile');

    await click('Delete');
    expect(store.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await click('Confirm deletion');

    await waitFor(() => expect(screen.getByTestId('profiles-status').textContent).toBe('Deleted: acme.'));
    expect(store.calls.at(-1)).toEqual({ method: 'DELETE', role: 'seller', id: 'acme' });
    expect(screen.queryByTestId('profile')).toBeNull();
  });

  it('speaks French too', async () => {
    renderWith(profileStore());
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await click('Profils');
    await screen.findByText('Aucun profil enregistré pour l’instant.');
    await click('Nouveau profil vendeur');
    expect(screen.getByLabelText(/Nom du vendeur/)).toBeTruthy();
    expect(screen.getByText('SIREN, 9 chiffres (schéma 0002).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer le profil' })).toBeTruthy();
  });
});
