/**
 * The words invoices print before a value, in French, German and English, each with the business term
 * it introduces and how surely it does (1: a label that names the term, "Rechnungsnummer"; less: a
 * generic one, "Date", "Total"). Rules as data: key-values.ts finds the value after, right of or under
 * a label; extract-fields.ts chooses among the candidates. Patterns are matched case-insensitively
 * within one cell of a line; within a term the most specific label comes first.
 */
import type { LabelRule } from './key-values';

export type Language = 'fr' | 'de' | 'en';

/** A word boundary that knows letters beyond ASCII: `\b` would cut "Käufer" after its "ä". */
const BOUNDARY = '(?:(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}]))';

/** A pattern written with `\b`, matched with Unicode word boundaries. */
export const words = (re: RegExp): RegExp =>
  new RegExp(re.source.replace(/\\b/g, BOUNDARY), re.flags.includes('u') ? re.flags : `${re.flags}u`);

const rule = (pattern: RegExp, strength: number): LabelRule => ({ pattern: words(pattern), strength });

/** Words that tell the language of a document. */
export const LANGUAGE_WORDS: Readonly<Record<Language, RegExp>> = {
  fr: /\b(facture|montant|total ttc|tva|échéance|client|date de|règlement|acompte)\b/gi,
  de: /\b(rechnung|betrag|mwst|ust|umsatzsteuer|datum|kunde|zahlbar|netto|brutto|summe)\b/gi,
  en: /\b(invoice|amount|due|total|tax|customer|payment|date|bill to)\b/gi,
};

/**
 * BT-3 from the document's title: the type words, most specific first. A title that prints its UNTDID
 * 1001 code ("Rechnungskorrektur (384)") is read by its code instead.
 */
export const TYPE_TITLES: readonly (readonly [RegExp, string])[] = (
  [
    [
      /\b(facture\s+rectificative|rechnungskorrektur|korrekturrechnung|berichtigte\s+rechnung|rechnungsberichtigung|corrected\s+invoice|corrective\s+invoice)\b/i,
      '384',
    ],
    [
      /\b(autofacturation|auto-?facture|self-?billed\s+invoice|self-?billing|selbst\s+ausgestellte\s+rechnung|selbstfakturierung)\b/i,
      '389',
    ],
    [
      /\b(avoir|gutschrift|credit\s+note|credit\s+memo|rechnungsgutschrift|stornorechnung|rechnungsstorno)\b/i,
      '381',
    ],
    [/\b(mietrechnung|facture\s+de\s+location|rental\s+invoice|hire\s+invoice)\b/i, '387'],
    [/\b(versicherers?|versicherungsrechnung|assureur|insurer)\b/i, '575'],
    [
      /\b(facture\s+d['’]acompte|vorauszahlungsrechnung|anzahlungsrechnung|prepayment\s+invoice|advance\s+(?:payment\s+)?invoice|deposit\s+invoice|down\s+payment\s+invoice)\b/i,
      '386',
    ],
    [/\b(abschlagsrechnung|teilrechnung|facture\s+partielle|partial\s+invoice)\b/i, '326'],
  ] as const
).map(([pattern, code]) => [words(pattern), code] as const);

/** The words a document title is made of (after up to two: "Advance Payment Invoice"): where BT-1 and BT-3 are printed. */
export const TITLE_WORDS = words(
  /^\s*(?:\p{L}+[-\s]){0,2}?(facture|avoir|rechnung|\p{L}*rechnung|gutschrift|invoice|tax\s+invoice|credit\s+note|credit\s+memo|rechnungskorrektur|note\s+de\s+crédit)\b/iu,
);

/** BT-1 Invoice number. */
export const NUMBER_LABELS: readonly LabelRule[] = [
  rule(
    /n[°ºo]\.?\s*(?:de\s+)?(?:la\s+)?facture|facture\s*n[°ºo]|num[ée]ro\s+de\s+(?:la\s+)?facture|r[ée]f(?:[ée]rence|\.)?\s*(?:de\s+(?:la\s+)?)?facture|avoir\s*n[°ºo]|n[°ºo]\s*d['’]avoir|num[ée]ro\s+d['’]avoir/i,
    1,
  ),
  rule(
    /\p{L}*rechnungs?-?\s?(?:nummer|nr\.?)|\p{L}*rechnung\s*(?:nr\.?|nummer)|\bre\.?\s?-\s?nr\.?|gutschrifts?-?\s?(?:nummer|nr\.?)|beleg-?\s?(?:nummer|nr\.?)/iu,
    1,
  ),
  rule(
    /invoice\s*(?:number|no\.?|n[°ºo]|#|id)|credit\s+(?:note|memo)\s*(?:number|no\.?|#)|\binv\.?\s*no\.?/i,
    1,
  ),
  // A document's number under a generic heading ("Document No."): weaker. A bare "Nummer" or "Number"
  // numbers a party or an item as often.
  rule(/^\s*document\s*(?:number|no\.?|#)\s*:?\s*$/i, 0.8),
  // A bare "Numéro", "Number", "Our ref", "Réf." as the whole label: the document's own number most
  // often (a credit note titled "Avoir" alone), but never for sure.
  rule(/^\s*(?:num[ée]ro|nummer|number|our\s+ref(?:erence)?\.?|r[ée]f\.|r[ée]f[ée]rence)\s*:?\s*$/i, 0.7),
];

/** Numbers that are another document's, though labelled like BT-1 (a corrected or credited invoice). */
export const NOT_OWN_NUMBER = words(
  /(ursprung|ursprüng|original|associ[ée]|d['’]origine|rectifi(?:[ée]e|cation)|initiale|précédente|preceding|vorherig|bezug|korrigierte|corrected|credited|referenced|related|relates\s+to|storn|against|sur\s+(?:la\s+)?facture|zu\s+(?:unserer\s+|der\s+)?rechnung|remplace|replaces|ersetzt|for\s+invoice)/i,
);

/** A value that can be an invoice number: letters, digits and the usual separators, with a digit. */
export const NUMBER_VALUE = /^([A-Z0-9][A-Z0-9\-/._]*\d[A-Z0-9\-/._]*)/i;

/** BT-25 Preceding invoice reference: the invoice a credit note or a correction refers to. */
export const PRECEDING_NUMBER_LABELS: readonly LabelRule[] = [
  rule(
    /(?:n[°ºo]\.?|r[ée]f(?:[ée]rence|\.)?)\s*(?:de\s+)?(?:la\s+)?facture\s+(?:associ[ée]e|d['’]origine|rectifi[ée]e|initiale|pr[ée]c[ée]dente)|facture\s+(?:associ[ée]e|d['’]origine|initiale)\s*n[°ºo]|ursprungsbeleg-?\s?(?:nr\.?|nummer)|(?:ursprungs|original)rechnung(?:snummer|\s*nr\.?)?|rechnungsnummer\s+der\s+ursprungsrechnung|(?:original|corrected|credited|referenced|preceding)\s+invoice\s*(?:number|no\.?|n[°ºo]|#)?/i,
    1,
  ),
];
/**
 * A sentence naming the invoice a credit note or a correction refers to, up to its number ("Avoir sur
 * facture n° F-1 du …", "Gutschrift zu unserer Rechnung Nr. 4711 vom …", "Storno der Rechnung …",
 * "Rectification de la facture …", "Credit note against invoice … dated …", "replaces invoice …").
 */
export const PRECEDING_IN_SENTENCE = words(
  /(?:sur|remplace|annule|rectification\s+de|rectificative\s+de|zu|ersetzt|storno|korrektur\s+(?:zu|der)|against|for|replaces|corrects|correcting|cancels)\s+(?:(?:la|de\s+la|unsere[rn]?|ihre[rn]?|der|die|our|your|the)\s+)?(?:facture|rechnung|invoice)\s*(?:(?:n[°ºo]|nr|no|number|#)\.?\s*)?:?\s*/i,
);
/** What stands between a referred invoice's number and its date in such a sentence. */
export const PRECEDING_DATE_JOIN = /^\s*(?:du|en\s+date\s+du|vom|dated|of|from|issued\s+on)\s+$/i;

/** BT-26 Preceding invoice issue date. */
export const PRECEDING_DATE_LABELS: readonly LabelRule[] = [
  rule(
    /date\s+(?:de\s+)?(?:la\s+)?facture\s+(?:associ[ée]e|d['’]origine|rectifi[ée]e|initiale|pr[ée]c[ée]dente)|datum\s+der\s+ursprungsrechnung|ursprungsrechnungsdatum|ursprungsbeleg-?\s?datum|(?:original|corrected|credited|referenced|preceding)\s+invoice\s+date/i,
    1,
  ),
];

/** BT-2 Issue date. */
export const ISSUE_DATE_LABELS: readonly LabelRule[] = [
  rule(
    /date\s+(?:de\s+(?:la\s+)?)?facture|date\s+d['’](?:é|e)mission|date\s+de\s+l['’]avoir|rechnungsdatum|belegdatum|gutschriftsdatum|ausstellungsdatum|invoice\s+date|date\s+of\s+(?:issue|invoice)|issue\s+date|date\s+issued|issued\s+(?:at|on)|(?:date\s*\/\s*)?tax\s+point(?:\s+date)?|émise?\s+le/i,
    1,
  ),
  // "München, den 01.11.2024", "Paris, le 12 mars 2026", "Dresden, 4. März 2025", "Leipzig, 2025-10-15":
  // the date of a letter, after its place.
  rule(/,\s*(?:den|le)\b|^\s*\p{Lu}[\p{L}\s.'’-]{1,30},\s*(?=\d{1,2}[./\s]|\d{4}-\d{2}-\d{2})/iu, 0.8),
  rule(/\bdate\b|\bdatum\b|\bdated\b/i, 0.6),
];

/** Dates that are not the issue date, though labelled "date" (BT-2 must not be read from them). */
export const NOT_ISSUE_DATE = words(
  /(associ|précéd|preceding|vorherig|ursprüng|original|origine|liefer|leistung|delivery|livraison|prestation|début|fin\s+de|échéance|fällig|due|période|zeitraum|period|übergabe|bestell|commande|order|auftrag|versand|ship|payment|paiement|zahlung|valeur|valuta|geburt|birth|mandat|lastschrift|skonto|escompte|corrects|corrected|correcting|credited|korrektur\s+zu|annule|remplace|replaces)/i,
);

/** BT-9 Payment due date. */
export const DUE_DATE_LABELS: readonly LabelRule[] = [
  rule(
    /date\s+d['’](?:é|e)ch(?:é|e)ance|(?:é|e)ch(?:é|e)ance|date\s+limite\s+de\s+(?:paiement|règlement)|à\s+(?:payer|r[ée]gler)\s+(?:avant|au\s+plus\s+tard)(?:\s+le)?|à\s+(?:payer|r[ée]gler)\s+le|payable\s+(?:avant|le|by|before|until|on)|fällig(?:keit(?:sdatum)?)?\b(?:\s+am)?|zahlbar\s+bis(?:\s+zum)?|zahlungsziel|due\s+date|payment\s+due|date\s+due|due\s+(?:by|on)|remit\s+(?:until|by)|pay\s+by|spätestens\s+(?:am|bis)|au\s+plus\s+tard\s+le|no\s+later\s+than/i,
    1,
  ),
  // A request to pay by a date ("Bitte überweisen Sie den Rechnungsbetrag bis zum 07.02.2024").
  rule(/(?:überweisen|bezahlen|begleichen)\b[^.\d:]{0,50}?\bbis\s+(?:zum\s+|spätestens\s+)?/i, 0.9),
];

/**
 * Payment terms that give the due date as days after the invoice date ("Zahlbar innerhalb von 14 Tagen",
 * "Paiement à 30 jours", "Payment due within 30 days", "Net 30"): the number of days is the first group
 * that matched.
 */
export const DAYS_TO_PAY: readonly RegExp[] = [
  words(/(?:zahlbar|zahlung|zahlungsziel|begleichen|fällig)[^.\d]{0,40}?\b(\d{1,3})\s*(?:tage|tagen|tg)\b/i),
  words(/(?:paiement|règlement|payable|à\s+régler)[^.\d]{0,30}?\b(\d{1,3})\s*jours?\b/i),
  words(
    /(?:within|in)\s+(\d{1,3})\s+days|(?:terms|payment)\s*:?\s*net\s*(\d{1,3})(?![\d.,])|\bnet\s*(\d{1,3})\s+days|\b(\d{1,3})\s+days\s+net|terms\s*:?\s*(\d{1,3})\s+days/i,
  ),
];
/** Terms that count days for something else (a cash discount) or from another date (month end). */
export const NOT_DAYS_TO_PAY = words(
  /(skonto|escompte|discount|rabatt|remise|fin\s+de\s+mois|end\s+of\s+(?:the\s+)?month|monatsende|lieferung|delivery|livraison|%)/i,
);

/**
 * BT-72 Actual delivery date: of the goods, or the day a service was carried out ("Date d'exécution",
 * "Service date"). A shipping date is the day goods left, which a delivery date usually follows.
 */
export const DELIVERY_DATE_LABELS: readonly LabelRule[] = [
  rule(
    /date\s+de\s+(?:la\s+)?livraison|livr[ée]e?s?\s+le|liefer-?\s*(?:und|\/)\s*leistungsdatum|lieferdatum|leistungsdatum|liefertag|tag\s+der\s+(?:lieferung|leistung)|datum\s+der\s+(?:lieferung|leistung)|delivery\s+date|date\s+of\s+(?:delivery|supply|service)|supply\s+date|service\s+date|date\s+d['’]\s?ex[ée]cution|date\s+de\s+(?:la\s+)?prestation/i,
    1,
  ),
  rule(/ship(?:ping|ment)?\s+date|date\s+d['’]\s?exp[ée]dition|versanddatum/i, 0.8),
];

/** BG-14 Invoicing period: a label before two dates ("Leistungszeitraum: 01.10.2018 bis 31.10.2018"). */
export const PERIOD_LABELS: readonly LabelRule[] = [
  rule(
    /liefer-?\s*(?:und|\/)\s*leistungszeitraum|leistungszeitraum|lieferzeitraum|abrechnungszeitraum|p[ée]riode\s+(?:de\s+)?(?:facturation|prestation|livraison)|p[ée]riode\s+factur[ée]e|billing\s+period|invoic(?:e|ing)\s+period|service\s+period|period\s+of\s+(?:supply|service)/i,
    1,
  ),
  // A bare "Zeitraum" or "Period" before two dates, among the invoice's own terms; an item's period
  // under the lines is skipped by the caller.
  rule(/zeitraum|p[ée]riode|period/i, 0.8),
];
/** The period's start (BT-73) and end (BT-74) labelled each ("Date de début de prestation"). */
export const PERIOD_START_LABELS: readonly LabelRule[] = [
  rule(/date\s+de\s+d[ée]but\s+de\s+(?:la\s+)?(?:prestation|p[ée]riode|facturation)|leistungsbeginn/i, 1),
];
export const PERIOD_END_LABELS: readonly LabelRule[] = [
  rule(/date\s+de\s+fin\s+de\s+(?:la\s+)?(?:prestation|p[ée]riode|facturation)|leistungsende/i, 1),
];

/** BT-13 Purchase order reference. */
export const ORDER_LABELS: readonly LabelRule[] = [
  rule(
    /n[°ºo]\.?\s*(?:de\s+)?(?:bon\s+de\s+)?commande|bon\s+de\s+commande|votre\s+commande|commande\s*n[°ºo]|r[ée]f(?:[ée]rence|\.)?\s*(?:de\s+)?commande|bestell(?:ung|nummer|-?\s?nr\.?)|ihre\s+bestellung|ihr\s+auftrag|purchase\s+order(?:\s+(?:number|no\.?|#))?|order\s+(?:no\.?|number|#|ref(?:erence)?)|your\s+order|\bP\.?O\.?\s*(?:number|no\.?|#)?(?=\s|:|$)/i,
    1,
  ),
];

/** BT-23 Business process (France 2026: the billing framework, "Cadre de facturation : S1"). */
export const PROCESS_LABELS: readonly LabelRule[] = [
  rule(
    /cadre\s+de\s+facturation|billing\s+(?:framework|mode)|business\s+process(?:\s+type)?|geschäftsprozess|abrechnungsrahmen/i,
    1,
  ),
];

/**
 * The category of operation French invoices print under the 2026 reform ("Catégorie d'opération :
 * Livraison de biens", "Opération : Mixte"), and the words of each category: BT-23's letter, B goods, S
 * services, M both (mixed first, as it names the other two).
 */
export const OPERATION_LABELS: readonly LabelRule[] = [
  rule(
    /cat[ée]gorie\s+d['’]op[ée]ration|nature\s+de\s+l['’]op[ée]ration|type\s+d['’]op[ée]ration|^\s*op[ée]ration(?=\s*:|\s*$)|category\s+of\s+(?:the\s+)?(?:operation|supply)|operation\s+category/i,
    1,
  ),
];
export const OPERATION_WORDS: readonly (readonly [RegExp, string])[] = (
  [
    [/\b(mixte|biens\s+et\s+(?:prestations?\s+de\s+)?services|goods\s+and\s+services|mixed)\b/i, 'M'],
    [/\b(livraisons?\s+de\s+biens|biens|supply\s+of\s+goods|goods)\b/i, 'B'],
    [/\b(prestations?\s+de\s+services?|services?)\b/i, 'S'],
  ] as const
).map(([pattern, code]) => [words(pattern), code] as const);

/** Where a party's block starts: its heading, by party. */
export const BUYER_LABELS = words(
  /\b(client|acheteur|factur(?:[ée]|er)\s+à|adress[ée]\s+à|adresse\s+de\s+facturation|destinataire|kunde|k[äa]ufer|rechnungsempf[äa]nger|leistungsempf[äa]nger|auftraggeber|rechnungsadresse|rechnungsanschrift|billing\s+address|bill\s+to|billed\s+to|invoice\s+to|buyer|customer|sold\s+to|vos\s+identifiants|ihre\s+daten|your\s+details)\b|^\s*to\s*:?\s*$/i,
);
export const SELLER_LABELS = words(
  /\b(vendeur|fournisseur|émetteur|prestataire|verk[äa]ufer|lieferant|leistungserbringer|rechnungssteller|seller|supplier|vendor|from)\b/i,
);
/**
 * The block of the place goods are delivered to or a service is performed at (BG-13: "Lieferanschrift",
 * "Leistungsort", "Ship to", "Livraison", "Lieu d'exécution").
 */
export const DELIVERY_PARTY_LABELS = words(
  /\b(adresse\s+de\s+livraison|livr[ée]\s+à|lieu\s+de\s+livraison|livraison|lieu\s+d['’]ex[ée]cution|lieu\s+de\s+(?:la\s+)?prestation|lieferadresse|lieferanschrift|leistungsort|leistungsadresse|warenempf[äa]nger|abweichender\s+warenempf[äa]nger|ship\s+to|deliver(?:y|ed)?\s+to|delivery\s+address|place\s+of\s+(?:supply|performance|delivery))\b/i,
);
/** Blocks of other parties, which end the buyer's or seller's ("Lieferadresse", "Ship to"). */
export const OTHER_PARTY_LABELS = new RegExp(
  `(?:${DELIVERY_PARTY_LABELS.source}|${words(/\b(payee|zahlungsempf[äa]nger|bénéficiaire|représentant\s+fiscal|fiskalvertreter|steuerlicher\s+vertreter|tax\s+representative)\b/i).source})`,
  'iu',
);

/** Labels inside a party block: its name, and what is not a name. */
export const NAME_LABELS = /^(?:name|nom|raison\s+sociale|firma|company|société|firmenname)\s*:?\s*/i;

/** Salutations and similar words printed above a name. */
export const SALUTATION =
  /^(herrn?|frau|firma|fa\.|m\.|mme|mlle|monsieur|madame|messieurs|mr\.?|mrs\.?|ms\.?|attn\.?|z\.\s?hd\.?|zu\s+händen|à\s+l['’]attention\s+de)$/i;

/** Legal forms that make a line a company name. */
export const COMPANY_FORMS = words(
  /\b(SAS|SASU|SARL|EURL|SA|SCI|SNC|SCOP|SELARL|GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OHG|UG|GbR|e\.\s?K\.|e\.\s?V\.|a\.\s?G\.|Ltd\.?|LLC|LLP|Inc\.?|PLC|Corp\.?|Corporation|Limited|S\.A\.|B\.V\.|N\.V\.|BV|NV|SE|SRL|S\.r\.l\.|SpA|S\.p\.A\.|Sàrl|ApS)(?=$|[\s,.)])/,
);

/** A VAT identifier's label: the identifier next to it is a VAT number even when malformed. */
export const VAT_LABEL = words(
  /(ust\.?\s*-?\s*id(?:ent)?\.?\s*-?\s*(?:nr|nummer)?|umsatzsteuer-?\s*id|steuer-?id|ust-?idnr|\buid\b|tva\s+intra|n[°ºo]\s*(?:de\s+)?tva|\btva\b|\bvat\b|\bbtw\b|\biva\b|\bmwst\b)/i,
);
/**
 * A tax registration's label (BT-32, scheme FC): the number a tax office gives a business that is not
 * its VAT number — the German "Steuernummer" ("St.-Nr. 198/949/22082"), an English "Tax No.", a French
 * "numéro fiscal". Its value is digits alone; a VAT number after it is a VAT number.
 */
export const TAX_NUMBER_LABEL = words(
  /(\bsteuer-?\s*n(?:umme)?r\.?|\bst\.?\s*-?\s*nr\.?|\btax\s+(?:no\.?|number|ref(?:erence)?\.?)(?!\p{L})|n[°ºo]\s*fiscal|num[ée]ro\s+fiscal|identifiant\s+fiscal|n[°ºo]\s*d['’]identification\s+fiscale)/iu,
);
/** The buyer's own identifiers, wherever printed ("N° TVA client", "Ihre USt-IdNr."). */
export const BUYER_ID_LABEL = words(
  /(tva(?:\s+intra\S*)?\s+(?:du\s+)?client|client.{0,20}tva|votre\s+n[°ºo]\s*(?:de\s+)?tva|ihre\s+ust|ust.{0,12}(?:kunde|k[äa]ufer|leistungsempf[äa]nger)|kunden.{0,5}ust|customer.{0,12}vat|vat.{0,12}customer|buyer.{0,12}vat|your\s+vat)/i,
);

/** Text that is a legal or payment mention: its amounts are never totals ("indemnité forfaitaire de 40 €"). */
export const LEGAL_MENTION = words(
  /(capital|indemnit|pénalit|penalt|intérêts?\s+de\s+retard|taux\s+d['’]intérêt|verzug|stammkapital|share\s+capital|\bRCS\b|\bHR[AB]\b|amtsgericht|registergericht|\bAPE\b|\bNAF\b|escompte|skonto|late\s+(?:payment|fee)|interest)/i,
);

/** Totals, by business term: the most specific words first within each term; "Total" alone is weak. */
export const TOTAL_LABELS: readonly (readonly [string, LabelRule])[] = [
  [
    'BT-115',
    rule(
      /net\s+à\s+payer|reste\s+à\s+payer|montant\s+à\s+payer|montant\s+dû|solde\s+à\s+(?:payer|régler)|total\s+à\s+payer|zahlbetrag|zahlungsbetrag|zu\s+zahlen(?:der\s+betrag)?|fälliger\s+betrag|offener\s+betrag|restbetrag|(?:amount|balance|total)\s+(?:due|payable)|due\s+payable|amount\s+to\s+pay|please\s+pay|^\s*balance\s*:?\s*$/i,
      1,
    ),
  ],
  [
    'BT-113',
    // Never the start of a title ("Vorauszahlungsrechnung 2025-65696", "Anzahlungsrechnung"): the
    // document's type, not an amount paid.
    rule(
      /(?:acomptes?\s+(?:versés?|reçus?|déjà\s+payés?|du)|déduction\s+(?:de\s+l['’])?acompte|montant\s+déjà\s+payé|déjà\s+(?:payé|réglé)|erhaltene\s+anzahlungen?|geleistete\s+anzahlungen?|anzahlungen?|abschlagszahlung(?:en)?|bereits\s+(?:bezahlt|gezahlt)|vorauszahlung(?:en)?|prepaid(?:\s+amount)?|amount\s+paid|paid\s+to\s+date|less\s+(?:payments?|deposit)|deposit\s+received|payments?\s+received)(?!\p{L}*rechnung)/iu,
      1,
    ),
  ],
  [
    'BT-106',
    rule(
      /positionssumme|summe\s+(?:der\s+)?positionen|positionen\s+netto|warenwert|total\s+brut\s+h\.?\s?t\.?|total\s+(?:h\.?\s?t\.?\s+)?des\s+lignes|total\s+lignes|total\s+(?:des\s+)?marchandises|sum\s+of\s+(?:invoice\s+)?lines|line\s+(?:total|extension)\s+amount|lines?\s+total|goods\s+total|total\s+goods/i,
      1,
    ),
  ],
  [
    'BT-107',
    rule(
      /gesamtbetrag\s+der\s+abschläge|summe\s+(?:der\s+)?(?:abschläge|rabatte|nachlässe)|total\s+(?:des\s+)?remises|remises?\s+globales?|total\s+(?:discounts?|allowances?)|allowance\s+total/i,
      1,
    ),
  ],
  [
    'BT-108',
    rule(
      /gesamtbetrag\s+der\s+zuschläge|summe\s+(?:der\s+)?zuschläge|total\s+(?:des\s+)?frais|total\s+charges|charge\s+total/i,
      1,
    ),
  ],
  [
    'BT-109',
    rule(
      /total\s+h\.?\s?t\.?|montant\s+(?:total\s+)?h\.?\s?t\.?|total\s+hors\s+taxes?|(?:total\s+)?net\s+h\.?\s?t\.?|base\s+h\.?\s?t\.?|rechnungssumme\s+ohne|summe\s+ohne\s+(?:ust|mwst)|(?:gesamt|rechnungs)?nettobetrag|netto-?betrag|nettowert|summe\s+netto|gesamt\s*netto|nettosumme|netto\s*gesamt|total\s+net|net\s+total|net\s+amount|total\s+excl(?:\.|uding)?(?:\s+vat|\s+tax)?|excl\.?\s+vat|total\s+before\s+tax|taxable\s+amount/i,
      1,
    ),
  ],
  ['BT-109', rule(/\bsub-?\s?total\b|sous-total|zwischensumme|\bnetto\b|\bnet\b/i, 0.6)],
  [
    'BT-110',
    rule(
      /total\s+t\.?v\.?a\.?|montant\s+(?:total\s+)?(?:de\s+la\s+)?t\.?v\.?a\.?|steuerbetrag|ust\.?-?betrag|mwst\.?-?betrag|summe\s+(?:ust|mwst|umsatzsteuer)|total\s+vat|vat\s+total|vat\s+amount|total\s+tax(?:es)?|tax\s+(?:total|amount)/i,
      1,
    ),
  ],
  [
    'BT-110',
    rule(
      /\bt\.?v\.?a\.?\b|\bmwst\b|mehrwertsteuer|umsatzsteuer|\bust\b|(?<!incl\.?\s*)\bvat\b|(?<!incl\.?\s*)\btax\b|\btaxes\b/i,
      0.5,
    ),
  ],
  [
    'BT-112',
    rule(
      /total\s+t\.?t\.?c\.?|montant\s+(?:total\s+)?t\.?t\.?c\.?|net\s+t\.?t\.?c\.?|total\s+toutes\s+taxes\s+comprises|bruttosumme|endsumme|endbetrag|bruttobetrag|brutto-?betrag|gesamtbetrag(?!\s+der)|rechnungsbetrag|rechnungssumme(?!\s+ohne)|gesamtsumme|summe\s+brutto|brutto\s*gesamt|gesamt\s*brutto|grand\s+total|gross\s+total|invoice\s+total|total\s+(?:\S+\s+)?incl(?:\.|uding)?(?:\s+vat|\s+tax)?|total\s+amount|total\s+invoice/i,
      1,
    ),
  ],
  ['BT-112', rule(/\btotal\b|\bsumme\b|\bbrutto\b|\bgesamt\b/i, 0.4)],
];

/**
 * A sum carried from one page to the next ("Übertrag", "à reporter", "carried forward"): no total. OCR
 * often loses a capital's umlaut ("Ubertrag").
 */
export const CARRIED =
  /^\s*(?:(?:zwischen)?summe\s+|(?:sous|sub)-?\s?total\s+)?(?:zwischen)?(?:[uü]bertrag|uebertrag|à\s+reporter|report|carried\s+(?:forward|over)|brought\s+forward|continued|sub-?total\s+[cb]\/f)\b/i;

/** Rows that are a document-level allowance (BG-20) or charge (BG-21), by their first word. */
export const ALLOWANCE_START = words(
  /^(?:(?:abzgl\.?|abzüglich|less|minus|trade|special|extra)\s+)?(?:\d{1,2}(?:[.,]\d{1,2})?\s*%\s+)?(?:sonder|gesamt|mengen|treue)?(?:abschlag|rabatt|nachlass|skonto\s+gewährt|remise|rabais|réduction|ristourne|discount|allowance|rebate)\b/i,
);
export const CHARGE_START = words(
  /^(?:zuschlag|versand(?:kosten)?|frachtkosten|fracht|transport(?:kosten)?|lieferkosten|porto|verpackung(?:skosten)?|charge|frais|participation\s+aux\s+frais|majoration|port|surcharge|shipping|freight|carriage|postage|delivery\s+charge|delivery(?=\s*:\s*$)|handling)\b/i,
);

/** BT-5 from a label ("Währung: EUR", "Devise : EURO (EUR)"). */
export const CURRENCY_LABELS: readonly LabelRule[] = [
  rule(/währung|devise|monnaie|currency|rechnungswährung/i, 1),
];

/** A party's electronic address (BT-34/BT-49), "@dresse électronique (EM) : moi@seller.com". */
export const ELECTRONIC_ADDRESS_LABEL = words(
  /(?:adresse|@dresse)\s+(?:électronique|de\s+facturation)|electronic\s+(?:invoicing\s+)?address|e-?invoic(?:e|ing)\s+address|elektronische\s+(?:rechnungs)?adresse/i,
);

/**
 * The IBAN label: an IBAN right after it is read even when its check digits fail; no other figure
 * stands between them ("IBAN / BIC :", not "IBAN NL95… VAT No.:").
 */
export const IBAN_LABEL = words(/\biban\b\D{0,14}$/i);

/** VAT category (BT-118) from the words of a breakdown row, most specific first. */
export const VAT_CATEGORY_WORDS: readonly (readonly [RegExp, string])[] = (
  [
    [/auto-?liquidation|reverse\s+charge|steuerschuldnerschaft|§\s*13b/i, 'AE'],
    [
      /intra-?communautaire|innergemeinschaftlich|intra-?community|intra-?EU|art(?:icle)?\.?\s*262\s*ter/i,
      'K',
    ],
    [
      /export|ausfuhr|hors\s+(?:de\s+l['’])?UE|outside\s+(?:the\s+)?EU|drittland|art(?:icle)?\.?\s*262\s*I\b/i,
      'G',
    ],
    [/hors\s+(?:du\s+)?(?:champ|scope)|nicht\s+steuerbar|outside\s+(?:the\s+)?scope|not\s+subject/i, 'O'],
    [
      /exon[ée]r|steuerbefreit|steuerfrei|befreit|exempt|§\s*4\s*nr|§\s*19\s*UStG|kleinunternehmer|franchise\s+en\s+base|art(?:icle)?\.?\s*293\s*B/i,
      'E',
    ],
  ] as const
).map(([pattern, code]) => [words(pattern), code] as const);

/** Units printed in a line's quantity column, as UN/ECE Recommendation 20 codes (BT-130). */
export const UNIT_WORDS: readonly (readonly [RegExp, string])[] = [
  [
    /^(stk\.?|stck\.?|stück|st\.?|pce|pcs?\.?|pièces?|pieces?|unités?|units?|unit\(s\)|u\.?|ea|each|x)$/,
    'C62',
  ],
  [/^(paar|pairs?|paires?)$/, 'PR'],
  [/^(sets?)$/, 'SET'],
  [/^(min\.?|minuten?|minutes?)$/, 'MIN'],
  [/^(h|hrs?\.?|heures?|std\.?|stunden?|hours?)$/, 'HUR'],
  [/^(jours?|j\.?|tage?|tg\.?|days?)$/, 'DAY'],
  [/^(wochen?|wo\.?|weeks?|wks?\.?|semaines?)$/, 'WEE'],
  [/^(mois|monate?|months?|mon\.?)$/, 'MON'],
  [/^(jahre?|years?|yrs?\.?|ans?|années?)$/, 'ANN'],
  [/^(g|gramm|grammes?|grams?)$/, 'GRM'],
  [/^(kg|kilos?)$/, 'KGM'],
  [/^(t|tonnes?|tonnen?)$/, 'TNE'],
  // "ml", "lfm": a linear metre (mètre linéaire, laufender Meter) where a quantity is billed by it.
  [/^(ml|m\.l\.|lfm|lfdm\.?|lfd\.?\s*m|linear\s+metres?)$/, 'MTR'],
  [/^(mm)$/, 'MMT'],
  [/^(cm)$/, 'CMT'],
  [/^(kwh)$/, 'KWH'],
  [/^(km)$/, 'KMT'],
  [/^(m²|m2|qm|sqm|sq\.?\s*m|square\s+metres?)$/, 'MTK'],
  [/^(m³|m3|cbm)$/, 'MTQ'],
  [/^(m|mètres?|meter|metres?)$/, 'MTR'],
  [/^(l|litres?|liter|liter\(s\)|litre\(s\))$/, 'LTR'],
  [
    /^(forfaits?|forf\.?|pauschale?|pausch\.?|psch\.?|lump\s*sum|fixed(?:\s+(?:fee|price))?|flat(?:\s+(?:fee|rate))?)$/,
    'LS',
  ],
];

/** Column headings of an invoice lines table, by what the column holds. */
export const LINE_COLUMNS: readonly (readonly [
  RegExp,
  'quantity' | 'price' | 'amount' | 'discount' | 'rate' | 'name' | 'unit' | 'position' | 'article',
])[] = [
  [/^(qt[ée]s?\.?|quantit[ée]s?|menge|mge\.?|anzahl|anz\.?|qty\.?|quantity|units|amount)$/i, 'quantity'],
  // Before the price: "VAT rate" is a tax rate, "Rate" alone a price.
  [/(tva|ust|mwst|steuersatz|^steuer$|vat|tax)/i, 'rate'],
  [
    /(prix\s+unit|prix\s+u(?:\.|\s|$)|^prix(?:\s+h\.?\s?t\.?)?$|p\.?\s?u\.?|einzelpreis|nettopreis|preis|\bep\b|unit\s+price|unit\s+cost|price|rate)/i,
    'price',
  ],
  [
    /(montant|total|betrag|gesamt|summe|\bgp\b|entgelt|amount|line\s+total|extension|^net$|^netto$)/i,
    'amount',
  ],
  [/^(rabatt|rab\.?|nachlass|remise|rem\.?|disc\.?|discount)(?:\s*%)?$/i, 'discount'],
  // An article number's column: before the name, whose words it shares ("Product code").
  [
    // "Item Part No.", "Item Product code": the item's position and article number under one heading,
    // its name beside.
    /^(sku|(?:item\s+)?product\s+code|item\s+code|(?:item\s+)?part\s+no\.?|art(?:ikel)?[-.\s]*n(?:r|o)\.?|code(?:\s+article)?|r[ée]f\.?|r[ée]f[ée]rence)$/i,
    'article',
  ],
  [
    /(d[ée]signation|description|libell[ée]|bezeichnung|beschreibung|leistung|produit|product|item|service|prestation|\barticles?\b|\bdetails?\b|^texte?$)/i,
    'name',
  ],
  [/^(unit[ée]|einheit|unit|me)$/i, 'unit'],
  [/^(pos\.?|position|#|n[°º]|nr\.?|no\.?|lfd\.?\s*nr\.?|ligne|line|item\s+no\.?)$/i, 'position'],
];
