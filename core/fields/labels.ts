/**
 * The words invoices print before a value, in French, German and English, each with the business term
 * it introduces. Rules as data: extract-fields.ts reads a value after (or right of) the label.
 * Patterns are matched on a line case-insensitively; order matters within a term (the most specific
 * label first), and totals are told apart by their own words before the generic "total".
 */
export type Language = 'fr' | 'de' | 'en';

/** Words that tell the language of a document. */
export const LANGUAGE_WORDS: Readonly<Record<Language, RegExp>> = {
  fr: /\b(facture|montant|total ttc|tva|échéance|client|date de|règlement|acompte)\b/gi,
  de: /\b(rechnung|betrag|mwst|ust|umsatzsteuer|datum|kunde|zahlbar|netto|brutto|summe)\b/gi,
  en: /\b(invoice|amount|due|total|tax|customer|payment|date|bill to)\b/gi,
};

/** BT-1 Invoice number: the label, then the number. */
export const NUMBER_LABELS: readonly RegExp[] = [
  /(?:n[°o]\s*(?:de\s+)?facture|facture\s*n[°o]?|avoir\s*n[°o]?|num[ée]ro\s+de\s+facture)\s*[:.]?\s*/i,
  /(?:\p{L}*rechnungs?-?(?:nummer|nr\.?)|\p{L}*rechnung\s*(?:\(\d{3}\)\s*)?(?:nr\.?|nummer)|gutschrift\s*(?:nr\.?|nummer)|beleg-?nr\.?)\s*[:.]?\s*/iu,
  /(?:invoice\s*(?:number|no\.?|n[°o]|#)|credit\s+note\s*(?:number|no\.?))\s*[:.]?\s*/i,
  /^\s*(?:facture|rechnung|invoice|avoir|gutschrift)\s+(?=[A-Z0-9-/]*\d)/i,
];

/** Dates that are not the issue date, though labelled "date" (BT-2 must not be read from them). */
export const NOT_ISSUE_DATE =
  /(associ|précéd|preceding|vorherig|ursprüng|liefer|leistung|delivery|livraison|début|fin\s+de|échéance|fällig|due|période|zeitraum|period|übergabe|bestell|commande|order)/i;

/** A value that can be an invoice number: letters, digits and the usual separators, with a digit. */
export const NUMBER_VALUE = /^([A-Z0-9][A-Z0-9\-/._]*\d[A-Z0-9\-/._]*)/i;

/** BT-3 from the document title. */
export const TYPE_TITLES: readonly (readonly [RegExp, string])[] = [
  [/\b(facture\s+rectificative|rechnungskorrektur|korrekturrechnung|corrected\s+invoice)\b/i, '384'],
  [/\b(avoir|gutschrift|credit\s+note)\b/i, '381'],
  [/\b(facture\s+d['’]acompte|abschlagsrechnung|anzahlungsrechnung)\b/i, '386'],
];

export const ISSUE_DATE_LABELS: readonly RegExp[] = [
  /(date\s+(?:de\s+(?:la\s+)?)?facture|date\s+d['’]émission|rechnungsdatum|belegdatum|invoice\s+date|date\s+of\s+issue|issue\s+date)/i,
  /(\bdate\b|\bdatum\b|\bvom\b|\bdu\b)/i,
];

export const DUE_DATE_LABELS: readonly RegExp[] = [
  /(date\s+d['’]échéance|échéance|à\s+payer\s+avant|fällig(?:keitsdatum)?|zahlbar\s+bis|due\s+date|payable\s+(?:by|before))/i,
];

export const ORDER_LABELS: readonly RegExp[] = [
  /(?:n[°o]\s*(?:de\s+)?(?:bon\s+de\s+)?commande|bon\s+de\s+commande|bestell(?:ung|nummer|-?nr\.?)|purchase\s+order|order\s+(?:no\.?|number)|\bPO\b)\s*[:.#]?\s*/i,
];

/** Where the buyer's block starts. */
export const BUYER_LABELS =
  /\b(client|acheteur|factur[ée]\s+à|destinataire|kunde|käufer|rechnungsempfänger|leistungsempfänger|bill\s+to|buyer|customer|sold\s+to)\b/i;
/** Where the seller's block starts, when it is named at all. */
export const SELLER_LABELS = /\b(vendeur|fournisseur|émetteur|verkäufer|lieferant|seller|supplier|vendor)\b/i;

/** Legal forms that make a line a company name. */
export const COMPANY_FORMS =
  /\b(SAS|SASU|SARL|EURL|SA|SCI|SNC|GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OHG|UG|e\.\s?K\.|Ltd\.?|LLC|Inc\.?|PLC|S\.A\.|B\.V\.)\b/;

/** Totals, by business term: the most specific words first; "total" alone is the grand total. */
export const TOTAL_LABELS: readonly (readonly [string, RegExp])[] = [
  [
    'BT-115',
    /(net\s+à\s+payer|reste\s+à\s+payer|montant\s+à\s+payer|zahlbetrag|zu\s+zahlen|fälliger\s+betrag|offener\s+betrag|amount\s+due|balance\s+due|total\s+due)/i,
  ],
  [
    'BT-113',
    /(acompte(?:s)?\s+(?:versé|reçu)|déjà\s+payé|anzahlung|bereits\s+(?:bezahlt|gezahlt)|prepaid|amount\s+paid)/i,
  ],
  [
    'BT-106',
    /(positionssumme|summe\s+(?:der\s+)?positionen|positionen\s+netto|total\s+(?:h\.?\s?t\.?\s+)?des\s+lignes|sum\s+of\s+(?:invoice\s+)?lines|line\s+total\s+amount)/i,
  ],
  [
    'BT-109',
    /(total\s+h\.?\s?t\.?|montant\s+h\.?\s?t\.?|total\s+hors\s+taxes?|rechnungssumme\s+ohne|summe\s+ohne\s+ust|nettobetrag|netto-?betrag|summe\s+netto|gesamt\s*netto|nettosumme|total\s+net|net\s+total|subtotal|total\s+excl|excl\.?\s+vat)/i,
  ],
  [
    'BT-110',
    // "Total incl. VAT" is the grand total, not the VAT.
    /(total\s+t\.?v\.?a\.?|montant\s+t\.?v\.?a\.?|steuerbetrag|mwst|mehrwertsteuer|umsatzsteuer|\bust\b|total\s+vat|\btva\b|(?<!incl\.?\s*)\bvat\b|total\s+tax|(?<!incl\.?\s*)\btax\b)/i,
  ],
  [
    'BT-112',
    /(total\s+t\.?t\.?c\.?|montant\s+t\.?t\.?c\.?|bruttosumme|endsumme|bruttobetrag|brutto-?betrag|gesamtbetrag|rechnungsbetrag|gesamtsumme|summe\s+brutto|grand\s+total|invoice\s+total|incl\.?\s+vat|total\s+amount|\btotal\b)/i,
  ],
];

/** Words after which a line holds the allowances or charges at document level. */
export const ALLOWANCE_CHARGE_WORDS =
  /(remise|rabais|frais|nachlass|rabatt|zuschlag|discount|allowance|charge|surcharge)/i;

/** Units printed in a line's quantity column, as UN/ECE Recommendation 20 codes (BT-130). */
export const UNIT_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^(stk\.?|stück|st\.?|pce|pcs?\.?|pièces?|pieces?|unités?|units?|u\.?|ea|each)$/, 'C62'],
  [/^(h|hrs?\.?|heures?|std\.?|stunden?|hours?)$/, 'HUR'],
  [/^(jours?|j\.?|tage?|tg\.?|days?)$/, 'DAY'],
  [/^(mois|monate?|months?)$/, 'MON'],
  [/^(kg|kilos?)$/, 'KGM'],
  [/^(m²|m2|qm|sqm)$/, 'MTK'],
  [/^(m³|m3|cbm)$/, 'MTQ'],
  [/^(m|mètres?|meter|metres?)$/, 'MTR'],
  [/^(l|litres?|liter)$/, 'LTR'],
  [/^(forfait|pauschale?|lump\s*sum)$/, 'LS'],
];
