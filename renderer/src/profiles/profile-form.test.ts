import { describe, expect, it } from 'vitest';
import { acmeSeller } from '../testing/profile-store';
import { fieldOfError, profileData, profileFields, profileProblems, profileValues } from './profile-form';

const seller = {
  id: 'acme',
  'seller.name': ' Acme Menuiserie SARL ',
  'seller.vat_id': 'fr 44 732829320',
  'seller.legal_registration.value': '732 829 320',
  'seller.electronic_address.value': '732829320',
  'seller.electronic_address.scheme': '0225',
  'seller.address.line1': '3 impasse du Bois',
  'seller.address.postal_code': '44000',
  'seller.address.city': 'Nantes',
  'seller.address.country_code': 'fr',
  'payment.credit_transfers[0].account_id': 'FR76 3000 6000 0112 3456 7890 189',
  'document_notes[PMT]': 'Indemnité forfaitaire : 40 EUR.',
  'document_notes[AAB]': 'Pas d’escompte.',
};

describe('profile form', () => {
  it('offers the seller terms with IBAN and notes, the buyer terms without', () => {
    expect(profileFields('seller').map((field) => field.bt)).toEqual([
      'BT-27',
      'BT-31',
      'BT-30',
      'BT-34',
      'BT-34-1',
      'BT-35',
      'BT-36',
      'BT-38',
      'BT-37',
      'BT-40',
      'BT-84',
      'BT-22',
      'BT-22',
      'BT-22',
    ]);
    expect(profileFields('buyer').map((field) => field.bt)).toEqual([
      'BT-44',
      'BT-48',
      'BT-47',
      'BT-49',
      'BT-49-1',
      'BT-50',
      'BT-51',
      'BT-53',
      'BT-52',
      'BT-55',
    ]);
  });

  it('builds the seller ProfileData of the contract: SIREN with scheme 0002, IBAN, typed notes', () => {
    expect(profileData('seller', seller)).toEqual({
      seller: {
        name: 'Acme Menuiserie SARL',
        vat_id: 'FR44732829320',
        legal_registration: { value: '732829320', scheme: '0002' },
        electronic_address: { value: '732829320', scheme: '0225' },
        address: { line1: '3 impasse du Bois', postal_code: '44000', city: 'Nantes', country_code: 'FR' },
      },
      payment: { credit_transfers: [{ account_id: 'FR7630006000011234567890189' }] },
      document_notes: [
        { subject_code: 'PMT', content: 'Indemnité forfaitaire : 40 EUR.' },
        { subject_code: 'AAB', content: 'Pas d’escompte.' },
      ],
    });
    expect(
      profileData('buyer', { 'buyer.name': 'Cabinet Essai', 'buyer.address.country_code': 'DE' }),
    ).toEqual({ buyer: { name: 'Cabinet Essai', address: { country_code: 'DE' } } });
  });

  it('shows a saved record and, edited, keeps what the form does not show', () => {
    const values = profileValues('seller', acmeSeller.data);
    expect(values['seller.legal_registration.value']).toBe('732829320');
    expect(values['payment.credit_transfers[0].account_id']).toBe('FR7630006000011234567890189');
    expect(values['document_notes[PMT]']).toContain('40 EUR');
    expect(values['document_notes[PMD]']).toBe('');

    const edited = profileData(
      'seller',
      { ...values, 'seller.vat_id': '', 'document_notes[PMD]': 'Pénalités : 3 fois le taux légal.' },
      acmeSeller.data,
    );
    expect(edited.seller).toMatchObject({
      identifiers: [{ value: '73282932000074', scheme: '0009' }],
      address: { line1: '3 impasse du Bois', city: 'Nantes', postal_code: '44000', country_code: 'FR' },
    });
    expect(edited.seller).not.toHaveProperty('vat_id');
    expect(edited.payment).toEqual({
      credit_transfers: [{ account_id: 'FR7630006000011234567890189', account_name: 'Acme' }],
    });
    expect(edited.document_notes).toEqual([
      { subject_code: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement : 40 EUR.' },
      { subject_code: 'PMD', content: 'Pénalités : 3 fois le taux légal.' },
      { subject_code: 'REG', content: 'RCS Nantes 732 829 320' },
    ]);
    const cleared = profileData(
      'seller',
      { ...values, 'payment.credit_transfers[0].account_id': '' },
      acmeSeller.data,
    );
    expect(cleared).not.toHaveProperty('payment');
  });

  it('finds before sending what the API would refuse', () => {
    expect(profileProblems('seller', seller, true)).toEqual({});
    expect(
      profileProblems(
        'seller',
        {
          id: 'a b',
          'seller.vat_id': '44732829320',
          'seller.legal_registration.value': '732829321',
          'seller.electronic_address.value': '732829320',
          'seller.address.country_code': 'FRA',
          'seller.address.postal_code': '4'.repeat(21),
          'payment.credit_transfers[0].account_id': 'not an iban',
          'document_notes[PMD]': 'x'.repeat(501),
        },
        true,
      ),
    ).toEqual({
      id: { message: 'profile.idInvalid' },
      'seller.name': { message: 'profile.required' },
      'seller.vat_id': { message: 'profile.vatInvalid' },
      'seller.legal_registration.value': { message: 'profile.sirenInvalid' },
      'seller.electronic_address.scheme': { message: 'complement.schemeMissing' },
      'seller.address.country_code': { message: 'profile.countryInvalid' },
      'seller.address.postal_code': { message: 'complement.tooLong', max: 20 },
      'payment.credit_transfers[0].account_id': { message: 'complement.ibanInvalid' },
      'document_notes[PMD]': { message: 'complement.tooLong', max: 500 },
    });
    expect(profileProblems('buyer', { 'buyer.name': 'B' }, false)).toEqual({
      'buyer.address.country_code': { message: 'profile.required' },
    });
  });

  it('finds the input a 422 field names, notes by the order they were sent in', () => {
    expect(fieldOfError('seller', seller, 'data.seller.vat_id')).toBe('seller.vat_id');
    expect(fieldOfError('seller', seller, 'data.seller.electronic_address')).toBe(
      'seller.electronic_address.value',
    );
    expect(fieldOfError('seller', seller, 'data.seller.address.country_code')).toBe(
      'seller.address.country_code',
    );
    expect(fieldOfError('seller', seller, 'data.payment.credit_transfers[0].account_id')).toBe(
      'payment.credit_transfers[0].account_id',
    );
    expect(fieldOfError('seller', seller, 'data.document_notes[1].content')).toBe('document_notes[AAB]');
    expect(fieldOfError('seller', seller, 'id')).toBe('id');
    expect(fieldOfError('seller', seller, 'data.seller.contact.email')).toBeUndefined();
    expect(fieldOfError('buyer', {}, 'role')).toBeUndefined();
  });
});
