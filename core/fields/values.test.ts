import { describe, expect, it } from 'vitest';
import { isIban, isLuhn } from './check-keys';
import { dateIn, datesIn, moneyIn, parseAmount, readVatId } from './values';

describe('printed values', () => {
  it.each([
    ['1 234,56', '1234.56'],
    ['1.234,56 €', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1234.5', '1234.5'],
    ['-12,50', '-12.50'],
    ['EUR 90,00', '90.00'],
    ['1.234.567', '1234567'],
    ['1.234', '1234'],
    ['86,5500', '86.5500'],
    ['1.086,5500', '1086.5500'],
  ])('amount %s → %s', (printed, value) => {
    expect(parseAmount(printed)).toBe(value);
  });

  it('finds the amounts of a line, but not its percentages', () => {
    const values = (text: string) => moneyIn(text).map((a) => a.value);
    expect(values('Umsatzsteuer (S)  286,52   19 %   54,44')).toEqual(['286.52', '54.44']);
    expect(values('Total TTC :   1 234,56 EUR')).toEqual(['1234.56']);
  });

  it('reads an amount bracketed alone in its cell as negative, never one bracketed in a sentence', () => {
    const values = (text: string) => moneyIn(text).map((a) => a.value);
    expect(values('(316.71)')).toEqual(['-316.71']);
    expect(values('Consulting   10 h   32.65   (326.50)')).toEqual(['10', '32.65', '-326.50']);
    expect(values('Credit   (€ 1,200.00)')).toEqual(['-1200.00']);
    expect(values('Total   (1 234,56 €)')).toEqual(['-1234.56']);
    expect(values('3 % Skonto bei Zahlung innerhalb 14 Tagen (1.029,14).')).toEqual(['14', '1029.14']);
    expect(values('(12)')).toEqual(['12']);
  });

  it('takes no piece of a figure read cut at a separator for an amount, and keeps a list of amounts', () => {
    const values = (text: string) => moneyIn(text).map((a) => a.value);
    expect(values('Summe brutto: -243. 395,94 EUR')).toEqual([]);
    expect(values('Total: 12, 500.00')).toEqual([]);
    expect(values('Net 50.00, 100.00 VAT')).toEqual(['50.00', '100.00']);
    expect(values('Total TTC :   1 234,56 EUR')).toEqual(['1234.56']);
  });

  it('keeps the minus printed before a currency sign: a credit is not a debit', () => {
    const values = (text: string) => moneyIn(text).map((a) => a.value);
    expect(values('Gross Total:  -£49495.68')).toEqual(['-49495.68']);
    expect(values('VAT 20% on -€41246.40:  -US$8249.28')).toEqual(['-41246.40', '-8249.28']);
    expect(values('Balance -$12.00 and £-3.50')).toEqual(['-12.00', '-3.50']);
    // A dash standing apart is a separator, not a sign.
    expect(values('Total - £20.00')).toEqual(['20.00']);
    // The typographic minus sign U+2212 is a minus too; a negative count of hours is no time of day.
    expect(values('Gutschrift −1.234,50 €')).toEqual(['-1234.50']);
    expect(values('Labour  -11.25 h  114.00  -1,282.50')).toEqual(['-11.25', '114.00', '-1282.50']);
    // A minus after the cents, as business software prints a credit; never after a bare number or
    // before the next one.
    expect(values('Gutschrift 2.469,00-  Summe 1,234.56- EUR')).toEqual(['-2469.00', '-1234.56']);
    expect(values('Seiten 12,50-15,00 und 2024- weiter')).toEqual(['12.50', '-15.00', '2024']);
  });

  it('never takes a date, an identifier, a phone number or a long digit run for an amount', () => {
    const values = (text: string) => moneyIn(text).map((a) => a.value);
    expect(values('N° TVA intra : FR 11 123 456 782')).toEqual([]);
    expect(values('IBAN DE75 1234 5678 0000 0012 34  Zahlbetrag 440,00')).toEqual(['440.00']);
    expect(values('Datum 16.09.2019  Betrag 8,79')).toEqual(['8.79']);
    expect(values('Tél. : +33 4 50 44 68 99')).toEqual([]);
    expect(values('Tel. 089/99822-0, Fax 089/99823-0')).toEqual([]);
    expect(values('GLN 4333741000005')).toEqual([]);
    expect(values('Vorauszahlungsrechnung 2025-65696')).toEqual([]);
    expect(values('Art-Nr ZS9997  Gelierzucker 250g  1,45')).toEqual(['1.45']);
    expect(values('Finanzrate 19,00% MwSt.  376,37')).toEqual(['376.37']);
    expect(moneyIn('Steuerbetrag 684')[0]).toMatchObject({ value: '684', decimals: false });
    // A time of day is no amount; hours that cannot be one are a quantity.
    expect(values('Anlieferung 10.15 Uhr, Montage 8:30-12:00 h')).toEqual([]);
    expect(values('Labour  8.75 h  57.05  499.19')).toEqual(['8.75', '57.05', '499.19']);
    // A date with its month in words, and a reference to a law, are no amount either.
    expect(values('Acompte du 16 janvier 2026:  -12.550,00 €')).toEqual(['-12550.00']);
    expect(values('Please pay by 8 May 2025.')).toEqual([]);
    expect(values('Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG.')).toEqual([]);
    expect(values("Exonéré de TVA en vertu de l'article 261 4 1° du CGI")).toEqual([]);
    expect(values('Exonération de TVA, article 261-4-4° du CGI')).toEqual([]);
  });

  it.each([
    ['Date : 31/01/2026', '2026-01-31'],
    ['vom 01.10.2018', '2018-10-01'],
    ['2024-11-15', '2024-11-15'],
    ['le 1er octobre 2018', '2018-10-01'],
    ['1. Oktober 2018', '2018-10-01'],
    ['October 1, 2018', '2018-10-01'],
    ['Annecy, le 26 avr. 2026', '2026-04-26'],
    ['du 3 févr. 2026', '2026-02-03'],
    ['vom 3. Mrz. 2026', '2026-03-03'],
    ['4 September 2024', '2024-09-04'],
    ['November 24, 2025', '2025-11-24'],
  ])('date %s → %s', (printed, iso) => {
    expect(dateIn(printed)?.value).toBe(iso);
  });

  it('refuses dates that do not exist, and reads an English month-first date', () => {
    expect(dateIn('30.02.2026')).toBeNull();
    expect(dateIn('02/17/26')?.value).toBe('2026-02-17');
    expect(datesIn('Abrechnungszeitraum: 13.05.2025 bis 30.05.2025').map((d) => d.value)).toEqual([
      '2025-05-13',
      '2025-05-30',
    ]);
  });

  it('checks identifiers by their check digits', () => {
    expect(isIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    // A Dutch VAT number whose digits happen to pass mod 97 is not of a Dutch IBAN's length.
    expect(isIban('NL753061107B01')).toBe(false);
    expect(isLuhn('732829320')).toBe(true);
    expect(isLuhn('732829321')).toBe(false);
    expect(readVatId('FR 44 732 829 320')).toEqual({ value: 'FR44732829320', wellFormed: true, keyOk: true });
    // A wrong key is reported, not hidden: the printed identifier stays for its label to vouch for.
    expect(readVatId('FR 45 732 829 320')).toMatchObject({ wellFormed: true, keyOk: false });
    expect(readVatId('DE136695976')).toEqual({ value: 'DE136695976', wellFormed: true, keyOk: true });
    expect(readVatId('DE123456789')?.keyOk).toBe(false);
    // Each country's published key: Austria, Belgium, the Netherlands (both forms), Ireland, Britain, Italy.
    for (const valid of [
      'ATU13585627',
      'BE0477472701',
      'NL004495445B01',
      'NL000099998B57',
      'IE6388047V',
      'IE3628739UA',
      'GB980780684',
      'IT00743110157',
    ])
      expect(readVatId(valid), valid).toMatchObject({ wellFormed: true, keyOk: true });
    for (const wrong of ['ATU12345678', 'BE0477472702', 'NL004495446B01', 'IE6388047W', 'GB980780685'])
      expect(readVatId(wrong)?.keyOk, wrong).toBe(false);
    // A country whose key is not checked here neither proves nor refutes its numbers.
    expect(readVatId('ESA12345678')).toMatchObject({ wellFormed: true, keyOk: null });
    expect(readVatId('DE1234567890')).toMatchObject({ wellFormed: false });
    expect(readVatId('DE 12345')).toBeNull();
  });
});
