import { describe, expect, it } from 'vitest';
import { allNodes } from './compiled';
import { ATTRIBUTE_WORDS, KEY_WORDS } from './place-vocabulary';
import { attributeWords, placeWords } from './place-words';

const SETTLEMENT =
  '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

describe('places of the CII tree in words', () => {
  it('names an element by the business term it carries', () => {
    expect(
      placeWords(
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name',
      ),
    ).toEqual({ en: 'Seller name (BT-27)', fr: 'Nom du vendeur (BT-27)' });
    // The value of a date sits in a child of the element that carries the term.
    expect(
      placeWords(`${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`)?.en,
    ).toBe('Payment due date (BT-9)');
  });

  it('names an element without a term from the nearest term above it, down to it', () => {
    expect(placeWords(`${SETTLEMENT}/ram:InvoiceeTradeParty/ram:PostalTradeAddress/ram:CountryID`)).toEqual({
      en: 'Invoicee › Postal address › Country code',
      fr: 'Destinataire de la facture › Adresse postale › Code pays',
    });
    expect(
      placeWords(
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:DefinedTradeContact/ram:DepartmentName',
      )?.en,
    ).toBe('Seller contact (BG-6) › Department');
  });

  it('tells a charge from an allowance by the path, and names a place a `//` path reaches several times', () => {
    const charge = `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator="true"]/ram:ActualAmount`;
    expect(placeWords(charge)?.en).toBe('Document level charge amount (BT-99)');
    expect(placeWords(charge.replace('"true"', '"false"'))?.en).toBe(
      'Document level allowance amount (BT-92)',
    );
    expect(placeWords('//ram:PostalTradeAddress')).toEqual({ en: 'Postal address', fr: 'Adresse postale' });
    expect(placeWords('//ram:NoSuchElement')).toBeUndefined();
  });

  it('names attributes, by their qualifier term where EN 16931 has one', () => {
    expect(
      attributeWords(
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID',
        'schemeID',
      )?.en,
    ).toBe('Buyer electronic address scheme (BT-49-1)');
    expect(attributeWords(`${SETTLEMENT}/ram:InvoiceeTradeParty/ram:GlobalID`, '@schemeID')?.fr).toBe(
      'Destinataire de la facture › Identifiant enregistré › Schéma',
    );
  });

  it('has words for every key of the model and every attribute a Factur-X schema allows', () => {
    const nodes = allNodes();
    expect(nodes.map((n) => n.key).filter((key) => !KEY_WORDS[key])).toEqual([]);
    const attributes = new Set(
      nodes.flatMap((n) =>
        n.kind === 'leaf' ? [...n.attrs.map(([, name]) => name), ...n.otherAttrs.keys()] : [],
      ),
    );
    expect([...attributes].filter((name) => !ATTRIBUTE_WORDS[name])).toEqual([]);
  });
});
