import { describe, expect, it } from 'vitest';
import type { ProfileData } from '../api/profile';
import type { Invoice } from '../model/invoice';
import type { ProfileRecord } from '../service/storage';
import { applyProfiles } from './profiles';

const record = (
  role: ProfileRecord['role'],
  id: string,
  version: number,
  data: ProfileData,
): ProfileRecord => ({
  id,
  tenant: 't',
  role,
  version,
  updatedAt: '2026-11-01T00:00:00.000Z',
  data,
});

const seller = record('seller', 'atelier', 3, {
  seller: {
    name: 'Atelier Profil SAS',
    legal_registration: { value: '732829320', scheme: '0002' },
    vat_id: 'FR44732829320',
    electronic_address: { value: '732829320', scheme: '0225' },
    address: { line1: '1 rue du Profil', city: 'Lyon', postal_code: '69001', country_code: 'FR' },
  },
  payment: {
    credit_transfers: [{ account_id: 'FR7630006000011234567890189', service_provider_id: 'AGRIFRPP' }],
  },
  document_notes: [
    { subject_code: 'PMT', content: 'Indemnité forfaitaire de 40 EUR.' },
    { subject_code: 'AAB', content: 'Pas d’escompte.' },
  ],
});

const buyer = record('buyer', 'client', 1, {
  buyer: { name: 'Client Profil', address: { city: 'Rennes', country_code: 'FR' } },
});

describe('saved profiles complete the document', () => {
  it('fills only what the document lacks, and names the profile of each filled term', () => {
    const document: Invoice = {
      number: 'F-1',
      seller: {
        name: 'Atelier Document',
        address: { line1: '9 rue du Document', country: 'FR' },
        electronicAddress: { value: 'factures@atelier.example', scheme: 'EM' },
      },
      notes: [{ content: 'Pénalités : trois fois le taux légal.', subjectCode: 'PMD' }],
    };
    const { invoice, provenance } = applyProfiles(document, { seller });
    // The document's own values win, an identifier is never mixed from two sources.
    expect(invoice.seller?.name).toBe('Atelier Document');
    expect(invoice.seller?.electronicAddress).toEqual({ value: 'factures@atelier.example', scheme: 'EM' });
    expect(invoice.seller?.address).toEqual({
      line1: '9 rue du Document',
      country: 'FR',
      city: 'Lyon',
      postcode: '69001',
    });
    expect(invoice.seller?.legalOrganization?.id).toEqual({ value: '732829320', scheme: '0002' });
    expect(invoice.seller?.taxRegistrations).toEqual([{ id: { value: 'FR44732829320', scheme: 'VA' } }]);
    expect(invoice.notes?.map((n) => n.subjectCode)).toEqual(['PMD', 'PMT', 'AAB']);
    expect(invoice.paymentMeans).toEqual([
      { typeCode: '58', creditorAccount: { iban: 'FR7630006000011234567890189' }, creditorBic: 'AGRIFRPP' },
    ]);
    const fromProfile = { source: 'profile', profileId: 'atelier', profileVersion: 3 };
    for (const term of ['BT-30', 'BT-31', 'BT-37', 'BT-38', 'BT-22', 'BT-21', 'BG-1', 'BT-84', 'BT-86']) {
      expect(provenance[term], term).toEqual(fromProfile);
    }
    for (const term of ['BT-27', 'BT-34', 'BT-35', 'BT-40']) expect(provenance[term], term).toBeUndefined();
    expect(document.seller?.name).toBe('Atelier Document');
    expect(document.notes).toHaveLength(1);
  });

  it('adds the VAT identifier beside a tax registration the document shows, keeps its payment code', () => {
    const document: Invoice = {
      seller: { name: 'S', taxRegistrations: [{ id: { value: '123/456/789', scheme: 'FC' } }] },
      paymentMeans: [{ typeCode: '30', creditorAccount: { iban: 'DE02120300000000202051' } }],
    };
    const { invoice } = applyProfiles(document, { seller });
    expect(invoice.seller?.taxRegistrations).toEqual([
      { id: { value: '123/456/789', scheme: 'FC' } },
      { id: { value: 'FR44732829320', scheme: 'VA' } },
    ]);
    expect(invoice.paymentMeans).toEqual([
      { typeCode: '30', creditorAccount: { iban: 'DE02120300000000202051' }, creditorBic: 'AGRIFRPP' },
    ]);
  });

  it('completes the buyer from a buyer profile, and leaves the invoice as it is without profiles', () => {
    const document: Invoice = { buyer: { address: { line1: '8 quai des Tests' } } };
    const { invoice, provenance } = applyProfiles(document, { buyer });
    expect(invoice.buyer).toEqual({
      name: 'Client Profil',
      address: { line1: '8 quai des Tests', city: 'Rennes', country: 'FR' },
    });
    expect(provenance['BT-44']).toEqual({ source: 'profile', profileId: 'client', profileVersion: 1 });
    expect(provenance['BT-50']).toBeUndefined();
    const untouched = applyProfiles(document, {});
    expect(untouched.invoice).toBe(document);
    expect(untouched.provenance).toEqual({});
  });
});
