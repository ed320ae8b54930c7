import { describe, expect, it } from 'vitest';
import { handPage } from '../testing/text-page';
import { extractFields } from './extract-fields';

describe('parties read from their blocks', () => {
  it('gives a French party the SIREN its VAT number holds, when the key agrees', () => {
    const legal = (vat: string) =>
      extractFields(
        handPage([
          [40, [[40, 'Facture FA-2017-0009']]],
          [60, [[40, `N° TVA client : ${vat}`]]],
        ]),
      ).invoice.buyer?.legalOrganization?.id;
    expect(legal('FR90343434346')).toEqual({ value: '343434346', scheme: '0002' });
    // A key that does not agree says nothing of the SIREN.
    expect(legal('FR91343434346')).toBeUndefined();
  });

  it('reads labelled electronic addresses with their scheme, the invoicing one as the buyer’s', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'LE FOURNISSEUR']]],
        [52, [[40, '35 rue d’ici']]],
        [64, [[40, '75018 PARIS, FR']]],
        [76, [[40, '@dresse électronique (EM) : moi@seller.com']]],
        [88, [[40, 'SIREN : 123 456 782']]],
        [40, [[300, 'CLIENT :']]],
        [52, [[300, 'LE CLIENT']]],
        [64, [[300, '58 rue de la mer']]],
        [76, [[300, '06000 NICE']]],
        [
          110,
          [
            [40, 'N° TVA intra : FR 11 123 456 782'],
            [300, 'Adresse électronique de facturation (0225) : 987 654 321'],
          ],
        ],
        [140, [[40, 'E-mail : contact@seller.com']]],
      ]),
    );
    expect(invoice.seller?.electronicAddress).toEqual({ value: 'moi@seller.com', scheme: 'EM' });
    expect(invoice.buyer?.electronicAddress).toEqual({ value: '987654321', scheme: '0225' });
    // A buyer's address does not displace the seller's VAT number, and a label is all that vouches for it.
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR11123456782');
    expect(evidence['BT-34']?.confidence).toBeLessThan(0.9);
  });

  it("reads a party's country from the code after its town, or from the country's name under it", () => {
    const { invoice } = extractFields(
      handPage([
        [80, [[300, 'CLIENT :']]],
        [92, [[300, 'LE CLIENT']]],
        [104, [[300, '58 rue de la mer']]],
        [116, [[300, '06000 NICE, DE']]],
        [200, [[40, 'FACTURE N° F-7']]],
      ]),
    );
    expect(invoice.buyer?.address?.country).toBe('DE');
    const island = extractFields(
      handPage([
        [80, [[40, 'Au bon moulin SARL - 12 chemin de l’olive - 84340 Malaucène']]],
        [120, [[330, 'Hôtel Saint Denis']]],
        [132, [[330, '42 rue du stade']]],
        [144, [[330, '97400 Saint Denis']]],
        [156, [[330, 'Ile de la Réunion']]],
        [168, [[330, 'Stéphanie Hoarau']]],
        [200, [[40, 'Facture FA-2017-0009']]],
        [212, [[40, 'N° TVA client : FR90343434346']]],
      ]),
    );
    // The VAT number is French, the island's address says where the buyer is.
    expect(island.invoice.buyer?.address?.country).toBe('RE');
  });

  it('reads German key–value blocks under "Verkäufer" and "Käufer/Leistungsempfänger"', () => {
    const { invoice } = extractFields(
      handPage([
        [100, [[60, 'Verkäufer']]],
        [
          112,
          [
            [60, 'Nummer:'],
            [250, '549910'],
          ],
        ],
        [
          124,
          [
            [60, 'Name:'],
            [250, 'Verkehrsbetriebe GmbH'],
          ],
        ],
        [
          136,
          [
            [60, 'Anschrift:'],
            [250, 'Musterstraße 3'],
          ],
        ],
        [148, [[250, 'DE 12345 Berlin']]],
        [
          160,
          [
            [60, 'USt.-Id.-Nr.:'],
            [250, 'DE136695976'],
          ],
        ],
        [200, [[60, 'Käufer/Leistungsempfänger']]],
        [
          212,
          [
            [60, 'Name:'],
            [250, 'Liselotte Müllermann'],
          ],
        ],
        [
          224,
          [
            [60, 'Anschrift:'],
            [250, 'Beispielstraße 24'],
          ],
        ],
        [236, [[250, 'AT 1010 Wien']]],
      ]),
    );
    expect(invoice.seller).toMatchObject({
      name: 'Verkehrsbetriebe GmbH',
      taxRegistrations: [{ id: { value: 'DE136695976', scheme: 'VA' } }],
      address: { country: 'DE' },
    });
    expect(invoice.buyer).toMatchObject({ name: 'Liselotte Müllermann', address: { country: 'AT' } });
  });

  it('takes the sender line over a window address: its first part is the seller, the address below the buyer', () => {
    const { invoice, language } = extractFields(
      handPage([
        [120, [[70, 'Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen ● Germany']]],
        [135, [[70, 'Theodor Est']]],
        [147, [[70, 'Bahnstr. 42']]],
        [159, [[70, '88802 Spielkreis']]],
        [300, [[60, 'Invoice # RE-20190610/507 issued at 2019-06-10']]],
        [320, [[60, 'Please remit until 2019-07-01.']]],
      ]),
    );
    expect(language).toBe('en');
    expect(invoice.seller?.name).toBe('Bei Spiel GmbH');
    expect(invoice.buyer?.name).toBe('Theodor Est');
    expect(invoice.number).toBe('RE-20190610/507');
    expect(invoice.issueDate).toBe('2019-06-10');
    expect(invoice.paymentTerms?.[0]?.dueDate).toBe('2019-07-01');
  });

  it('gives the customer the VAT number labelled as the customer’s, wherever it stands', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Au bon moulin SARL - 1242 chemin de l’olive - 84340 Malaucène - France']]],
        [52, [[40, 'TVA : FR11999999998 - SIRET : 99999999800010']]],
        [100, [[300, 'Facturé à :']]],
        [112, [[300, 'Hôtel Saint Denis']]],
        [124, [[300, '42 rue du stade']]],
        [136, [[300, '97400 Saint Denis']]],
        [
          200,
          [
            [40, 'N° TVA client'],
            [200, 'FR90343434346'],
          ],
        ],
      ]),
    );
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR11999999998');
    expect(invoice.seller?.legalOrganization?.id?.value).toBe('999999998');
    expect(invoice.buyer?.name).toBe('Hôtel Saint Denis');
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR90343434346');
  });
});
