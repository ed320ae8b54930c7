/**
 * What German, French and English invoices print, as data: the several labels each uses for a term
 * (a generated invoice picks one of each), column headings, unit words, the mentions of exempt and
 * reverse-charge supplies, payment terms and the legal sentences around them. Written from what
 * invoices of these countries look like; `{…}` marks a value the composer fills in.
 */
export type Language = 'de' | 'fr' | 'en';

export type DocumentType = '380' | '381' | '384' | '386';

/** VAT categories (UNTDID 5305) the generator draws. */
export type Category = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G';

export type LabelKey =
  | 'number'
  | 'creditNumber'
  | 'issueDate'
  | 'dueDate'
  | 'deliveryDate'
  | 'servicePeriod'
  | 'customerNumber'
  | 'orderReference'
  | 'deliveryNote'
  | 'contact'
  | 'referencedInvoice'
  | 'billTo'
  | 'shipTo'
  | 'vatId'
  | 'buyerVatId'
  | 'taxNumber'
  | 'bank'
  | 'phone'
  | 'fax'
  | 'email'
  | 'web'
  | 'managingDirector'
  | 'currency'
  | 'lineNet'
  | 'allowance'
  | 'charge'
  | 'taxExclusive'
  | 'vat'
  | 'vatTotal'
  | 'taxInclusive'
  | 'prepaid'
  | 'due'
  | 'carriedForward'
  | 'broughtForward'
  | 'page';

export type ColumnKey =
  'position' | 'article' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'vat' | 'amount';

export type SentenceKey =
  | 'intro'
  | 'closing'
  | 'payWithinDays'
  | 'payByDate'
  | 'payOnReceipt'
  | 'creditSettled'
  | 'earlyPayment'
  | 'latePayment'
  | 'creditFor'
  | 'correctionOf'
  | 'transfer'
  | 'placeDate'
  | 'vatBreakdownHeading'
  | 'amountsIn';

export interface Vocabulary {
  readonly titles: Readonly<Record<DocumentType, readonly string[]>>;
  readonly labels: Readonly<Record<LabelKey, readonly string[]>>;
  readonly columns: Readonly<Record<ColumnKey, readonly string[]>>;
  readonly sentences: Readonly<Record<SentenceKey, readonly string[]>>;
  /** Printed unit words by UN/ECE Recommendation 20 code. */
  readonly units: Readonly<Record<string, readonly string[]>>;
  /** The mention that tells why no VAT is charged, by category. */
  readonly mentions: Readonly<Record<Exclude<Category, 'S'>, readonly string[]>>;
  readonly countries: Readonly<Record<string, string>>;
  /** Vat breakdown table headings: rate, base, tax, gross. */
  readonly breakdownColumns: readonly (readonly [string, string, string, string])[];
  /** Before a person's name in an address ('Herrn'), on its own line where the language does that. */
  readonly attention: readonly string[];
}

const DE: Vocabulary = {
  titles: {
    '380': ['Rechnung', 'RECHNUNG', 'Rechnung'],
    '381': ['Gutschrift', 'Stornorechnung', 'GUTSCHRIFT'],
    '384': ['Rechnungskorrektur', 'Korrekturrechnung', 'Berichtigte Rechnung'],
    '386': ['Anzahlungsrechnung', 'Vorauszahlungsrechnung', 'ANZAHLUNGSRECHNUNG'],
  },
  labels: {
    number: [
      'Rechnungsnummer',
      'Rechnungs-Nr.',
      'Rechnung Nr.',
      'Re.-Nr.',
      'Belegnummer',
      'Beleg-Nr.',
      'Rechnungsnr.',
    ],
    creditNumber: ['Gutschrift-Nr.', 'Gutschriftsnummer', 'Belegnummer', 'Beleg-Nr.', 'Nummer'],
    issueDate: ['Rechnungsdatum', 'Datum', 'Belegdatum', 'Re.-Datum', 'Ausstellungsdatum'],
    dueDate: ['Fällig am', 'Fälligkeitsdatum', 'Zahlbar bis', 'Fälligkeit', 'Zahlungsziel'],
    deliveryDate: ['Lieferdatum', 'Leistungsdatum', 'Liefertag', 'Datum der Lieferung'],
    servicePeriod: ['Leistungszeitraum', 'Abrechnungszeitraum', 'Zeitraum'],
    customerNumber: ['Kundennummer', 'Kunden-Nr.', 'Kd.-Nr.', 'Ihre Kundennummer', 'Debitor'],
    orderReference: ['Ihre Bestellung', 'Bestellnummer', 'Ihre Bestell-Nr.', 'Bestell-Nr.', 'Ihr Auftrag'],
    deliveryNote: ['Lieferschein-Nr.', 'Lieferschein', 'LS-Nr.'],
    contact: ['Ansprechpartner', 'Bearbeiter', 'Ihr Ansprechpartner', 'Sachbearbeiter'],
    referencedInvoice: [
      'zu Rechnung Nr.',
      'Ursprungsrechnung',
      'Originalrechnung',
      'Bezug Rechnung',
      'Rechnung vom',
    ],
    billTo: ['Rechnungsempfänger', 'Rechnungsadresse', 'Rechnungsanschrift'],
    shipTo: ['Lieferadresse', 'Lieferanschrift', 'Leistungsort'],
    vatId: ['USt-IdNr.', 'USt.-ID', 'UST-ID-Nr.', 'Umsatzsteuer-ID', 'USt-ID'],
    buyerVatId: ['Ihre USt-IdNr.', 'USt-IdNr. des Kunden', 'USt-IdNr. Leistungsempfänger', 'Kunden-USt-ID'],
    taxNumber: ['Steuernummer', 'St.-Nr.', 'Steuer-Nr.'],
    bank: ['Bankverbindung', 'Bank', 'Kreditinstitut'],
    phone: ['Tel.', 'Telefon', 'Fon'],
    fax: ['Fax', 'Telefax'],
    email: ['E-Mail', 'Mail', 'E-Mail:'],
    web: ['Web', 'Internet', 'www'],
    managingDirector: ['Geschäftsführer', 'Geschäftsführung', 'GF', 'Inhaber'],
    currency: ['Währung', 'Währung:'],
    lineNet: [
      'Summe netto',
      'Nettobetrag',
      'Zwischensumme',
      'Warenwert',
      'Summe Positionen',
      'Gesamt netto',
      'Nettosumme',
    ],
    allowance: ['Rabatt {p}', 'abzgl. {p} Rabatt', 'Nachlass {p}', 'Sonderrabatt {p}'],
    charge: ['Versandkosten', 'Frachtkosten', 'Verpackung und Versand', 'Anfahrtspauschale'],
    taxExclusive: ['Nettobetrag', 'Summe netto', 'Gesamt netto', 'Netto', 'Nettowert'],
    vat: [
      'zzgl. {r} MwSt.',
      'MwSt. {r}',
      'USt. {r}',
      '{r} USt.',
      'Umsatzsteuer {r}',
      'zzgl. {r} USt. auf {base}',
    ],
    vatTotal: ['Summe MwSt.', 'MwSt. gesamt', 'Umsatzsteuer'],
    taxInclusive: [
      'Gesamtbetrag',
      'Rechnungsbetrag',
      'Bruttobetrag',
      'Gesamtsumme',
      'Endbetrag',
      'Summe brutto',
      'Gesamt brutto',
    ],
    prepaid: [
      'abzgl. Anzahlung',
      'bereits bezahlt',
      'abzüglich Abschlagszahlung',
      'erhaltene Anzahlung',
      'Anzahlung vom {date}',
    ],
    due: ['Zahlbetrag', 'Offener Betrag', 'Zu zahlen', 'Restbetrag', 'Noch zu zahlen', 'Zahlungsbetrag'],
    carriedForward: ['Übertrag', 'Zwischensumme Übertrag', 'Summe Übertrag'],
    broughtForward: ['Übertrag', 'Übertrag von Seite {p}'],
    page: ['Seite {p} von {n}', 'Seite {p}/{n}', 'Seite {p}'],
  },
  columns: {
    position: ['Pos.', 'Pos', 'Nr.', 'Position'],
    article: ['Art.-Nr.', 'Artikelnr.', 'Artikel-Nr.', 'Art.Nr.', 'Artikel'],
    description: [
      'Bezeichnung',
      'Beschreibung',
      'Artikelbezeichnung',
      'Leistung',
      'Text',
      'Leistungsbeschreibung',
    ],
    quantity: ['Menge', 'Anzahl', 'Anz.', 'Mge.'],
    unit: ['Einheit', 'ME', 'Einh.'],
    unitPrice: ['Einzelpreis', 'E-Preis', 'Preis', 'EP netto', 'Stückpreis', 'Einzelpreis netto'],
    discount: ['Rabatt', 'Rab. %', 'Rabatt %', 'Nachlass'],
    vat: ['MwSt.', 'USt.', 'MwSt. %', 'USt-Satz', 'Steuer'],
    amount: ['Gesamt', 'Gesamtpreis', 'Betrag', 'Summe', 'Gesamt netto', 'GP netto'],
  },
  sentences: {
    intro: [
      'Sehr geehrte Damen und Herren, wir berechnen Ihnen wie vereinbart:',
      'Vielen Dank für Ihren Auftrag. Wir erlauben uns, folgende Leistungen in Rechnung zu stellen:',
      'Für unsere Lieferungen und Leistungen berechnen wir Ihnen:',
    ],
    closing: ['Vielen Dank für Ihren Auftrag!', 'Mit freundlichen Grüßen', 'Wir danken für Ihr Vertrauen.'],
    payWithinDays: [
      'Zahlbar innerhalb von {n} Tagen ohne Abzug.',
      'Zahlungsziel: {n} Tage netto.',
      'Bitte begleichen Sie den Rechnungsbetrag innerhalb von {n} Tagen.',
    ],
    payByDate: [
      'Zahlbar bis zum {date} ohne Abzug.',
      'Bitte überweisen Sie den Rechnungsbetrag bis zum {date} auf das unten angegebene Konto.',
    ],
    payOnReceipt: ['Zahlbar sofort nach Erhalt der Rechnung.', 'Der Betrag ist sofort fällig.'],
    creditSettled: [
      'Der Betrag wird Ihrem Kundenkonto gutgeschrieben.',
      'Wir überweisen den Betrag in den nächsten Tagen auf Ihr Konto.',
    ],
    earlyPayment: [
      'Bei Zahlung innerhalb von {d} Tagen gewähren wir {p} Skonto.',
      '{p} Skonto bei Zahlung innerhalb {d} Tagen ({amount}).',
      'Bei Zahlung bis {date} abzgl. {p} Skonto: {amount}',
    ],
    latePayment: [
      'Bei Zahlungsverzug berechnen wir Verzugszinsen in Höhe von 9 Prozentpunkten über dem Basiszinssatz.',
      'Mahngebühr je Mahnung {fee}.',
      'Bitte beachten Sie, dass wir ab der zweiten Mahnung eine Pauschale von {fee} erheben.',
    ],
    creditFor: ['Gutschrift zu unserer Rechnung Nr. {n} vom {date}', 'Storno der Rechnung {n} vom {date}'],
    correctionOf: [
      'Korrektur zu Rechnung Nr. {n} vom {date}',
      'Diese Rechnung ersetzt unsere Rechnung {n} vom {date}.',
    ],
    transfer: [
      'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer auf folgendes Konto:',
      'Bankverbindung für Ihre Zahlung:',
    ],
    placeDate: ['{city}, den {date}', '{city}, {date}'],
    vatBreakdownHeading: ['Aufteilung der Umsatzsteuer', 'Steuerübersicht'],
    amountsIn: ['Alle Beträge in {c}', 'Beträge in {c}'],
  },
  units: {
    C62: ['Stk.', 'Stück', 'St.', 'Stk'],
    HUR: ['Std.', 'Stunden', 'Std', 'h'],
    DAY: ['Tag', 'Tage'],
    KGM: ['kg'],
    MTR: ['m', 'lfm'],
    LTR: ['l', 'Liter'],
    MTK: ['m²', 'qm'],
    LS: ['pauschal', 'psch.', 'Pauschale'],
    MON: ['Monat', 'Mon.'],
    KMT: ['km'],
  },
  mentions: {
    AE: [
      'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß § 13b UStG.',
      'Reverse Charge: Die Steuerschuld geht auf den Leistungsempfänger über.',
      'Nicht im Inland steuerbare Leistung – Steuerschuldnerschaft des Leistungsempfängers.',
    ],
    K: [
      'Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG.',
      'Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b i.V.m. § 6a UStG.',
    ],
    G: [
      'Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a UStG.',
      'Ausfuhrlieferung – steuerfrei nach § 6 UStG.',
    ],
    E: [
      'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
      'Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG.',
      'Steuerfreie Leistung nach § 4 Nr. 21 UStG.',
    ],
    Z: ['Nullsatz'],
  },
  countries: {
    DE: 'Deutschland',
    FR: 'Frankreich',
    AT: 'Österreich',
    BE: 'Belgien',
    NL: 'Niederlande',
    CH: 'Schweiz',
    GB: 'Vereinigtes Königreich',
    IE: 'Irland',
    US: 'USA',
  },
  breakdownColumns: [
    ['MwSt.-Satz', 'Nettobetrag', 'MwSt.', 'Bruttobetrag'],
    ['USt %', 'Netto', 'USt', 'Brutto'],
    ['Steuersatz', 'Bemessungsgrundlage', 'Steuerbetrag', 'Gesamt'],
  ],
  attention: ['z. Hd. Herrn', 'z. Hd. Frau', 'Herrn', 'Frau'],
};

const FR: Vocabulary = {
  titles: {
    '380': ['FACTURE', 'Facture', 'Facture'],
    '381': ['AVOIR', 'Avoir', "Facture d'avoir"],
    '384': ['Facture rectificative', 'FACTURE RECTIFICATIVE'],
    '386': ["Facture d'acompte", "FACTURE D'ACOMPTE"],
  },
  labels: {
    number: ['N° de facture', 'Facture n°', 'Numéro de facture', 'N° facture', 'Réf. facture', 'Numéro'],
    creditNumber: ["N° d'avoir", 'Avoir n°', 'Numéro', "Numéro d'avoir", 'Réf.'],
    issueDate: ['Date de facture', 'Date', "Date d'émission", 'Date de facturation', 'Émise le'],
    dueDate: ["Date d'échéance", 'Échéance', 'À régler avant le', 'Date limite de paiement', 'Payable le'],
    deliveryDate: ['Date de livraison', "Date d'exécution", 'Date de prestation', 'Livré le'],
    servicePeriod: ['Période', 'Période de prestation', 'Période facturée'],
    customerNumber: ['N° client', 'Code client', 'Client n°', 'Réf. client', 'Compte client'],
    orderReference: ['Votre commande', 'N° de commande', 'Bon de commande', 'Réf. commande', 'Commande n°'],
    deliveryNote: ['Bon de livraison', 'BL n°', 'N° BL'],
    contact: ['Votre contact', 'Interlocuteur', 'Suivi par', 'Contact'],
    referencedInvoice: [
      "Facture d'origine",
      'Facture concernée',
      'Réf. facture initiale',
      'N° de facture associée',
      'Facture rectifiée',
    ],
    billTo: ['Facturé à', 'Adresse de facturation', 'Client', 'Destinataire', 'Facturer à'],
    shipTo: ['Livré à', 'Adresse de livraison', 'Lieu de livraison'],
    vatId: [
      'N° TVA intracommunautaire',
      'TVA intracom.',
      'N° TVA',
      'TVA intracommunautaire',
      'Identifiant TVA',
    ],
    buyerVatId: [
      'N° TVA client',
      'Votre n° TVA',
      'TVA intracom. client',
      'N° TVA intracommunautaire du client',
    ],
    taxNumber: ['Code APE', 'NAF'],
    bank: ['Banque', 'Domiciliation', 'Coordonnées bancaires', 'RIB'],
    phone: ['Tél.', 'Tél', 'Téléphone'],
    fax: ['Fax', 'Télécopie'],
    email: ['Email', 'Courriel', 'E-mail'],
    web: ['Site', 'Web', 'www'],
    managingDirector: ['Gérant', 'Président', 'Directeur'],
    currency: ['Devise', 'Monnaie'],
    lineNet: ['Total HT', 'Sous-total HT', 'Montant HT', 'Total brut HT', 'Total des lignes HT'],
    allowance: ['Remise {p}', 'Remise globale {p}', 'Remise commerciale {p}'],
    charge: ['Frais de port', 'Frais de livraison', "Frais d'expédition", 'Participation aux frais de port'],
    taxExclusive: ['Total net HT', 'Net HT', 'Total HT après remise', 'Base HT', 'Total HT net'],
    vat: ['TVA {r}', 'TVA ({r})', 'Montant TVA {r}', 'TVA à {r}', 'TVA {r} sur {base}'],
    vatTotal: ['Total TVA', 'Montant TVA', 'TVA'],
    taxInclusive: ['Total TTC', 'Montant TTC', 'Net TTC', 'Total toutes taxes comprises', 'TOTAL TTC'],
    prepaid: ['Acompte versé', 'Acompte reçu', 'Déjà réglé', 'Acompte du {date}', 'Déduction acompte'],
    due: ['Net à payer', 'Reste à payer', 'Montant dû', 'Solde à régler', 'NET À PAYER'],
    carriedForward: ['À reporter', 'Report', 'Sous-total à reporter'],
    broughtForward: ['Report', 'Report page {p}'],
    page: ['Page {p}/{n}', 'Page {p} sur {n}', 'Page {p} / {n}', 'p. {p}/{n}'],
  },
  columns: {
    position: ['N°', 'Ligne', '#', 'Pos.'],
    article: ['Réf.', 'Référence', 'Code article', 'Code'],
    description: ['Désignation', 'Description', 'Libellé', 'Article', 'Prestation'],
    quantity: ['Qté', 'Quantité', 'Qté.'],
    unit: ['Unité', 'U.', 'Un.'],
    unitPrice: ['P.U. HT', 'Prix unitaire HT', 'PU HT', 'Prix unit.', 'Prix U. HT'],
    discount: ['Remise', 'Rem. %', 'Remise %'],
    vat: ['TVA', 'TVA %', 'Taux TVA', 'Tx TVA'],
    amount: ['Montant HT', 'Total HT', 'Montant', 'Prix total HT'],
  },
  sentences: {
    intro: [
      'Nous vous remercions de votre confiance.',
      'Conformément à votre commande, veuillez trouver ci-dessous le détail de notre prestation.',
      'Veuillez trouver ci-dessous le détail des prestations réalisées.',
    ],
    closing: ['Merci pour votre confiance.', 'Nous restons à votre disposition pour tout renseignement.'],
    payWithinDays: [
      'Paiement à {n} jours.',
      'Conditions de paiement : {n} jours net.',
      'Paiement par virement à {n} jours date de facture.',
    ],
    payByDate: ['À régler au plus tard le {date}.', 'Date limite de règlement : {date}.'],
    payOnReceipt: ['Règlement à réception de facture.', 'Paiement comptant à réception.'],
    creditSettled: [
      'Cet avoir sera déduit de votre prochaine facture.',
      'Le montant vous sera remboursé par virement.',
    ],
    earlyPayment: [
      "Pas d'escompte pour paiement anticipé.",
      'Escompte pour paiement anticipé : néant.',
      'Escompte de {p} pour paiement sous {d} jours.',
    ],
    latePayment: [
      'En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € sera exigée (articles L441-10 et D441-5 du Code de commerce).',
      "Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.",
      'Tout retard de paiement entraîne des pénalités au taux de 10 % par an et une indemnité forfaitaire de 40 euros.',
    ],
    creditFor: ['Avoir sur facture n° {n} du {date}', 'Annule et remplace la facture {n} du {date}'],
    correctionOf: [
      'Rectification de la facture n° {n} du {date}',
      'Facture rectificative de la facture {n} du {date}',
    ],
    transfer: ['Règlement par virement sur le compte suivant :', 'Coordonnées bancaires pour le règlement :'],
    placeDate: ['{city}, le {date}', 'Fait à {city}, le {date}'],
    vatBreakdownHeading: ['Détail de la TVA', 'Récapitulatif TVA'],
    amountsIn: ['Montants exprimés en {c}', 'Devise : {c}'],
  },
  units: {
    C62: ['u', 'pce', 'pièce', 'unité', 'U'],
    HUR: ['h', 'heure', 'heures'],
    DAY: ['jour', 'j', 'jours'],
    KGM: ['kg'],
    MTR: ['m', 'ml'],
    LTR: ['l', 'L'],
    MTK: ['m²'],
    LS: ['forfait', 'forf.', 'Forfait'],
    MON: ['mois'],
    KMT: ['km'],
  },
  mentions: {
    AE: [
      'Autoliquidation',
      'Autoliquidation – TVA due par le preneur, article 283-2 du CGI',
      'Auto-liquidation par le preneur (art. 283-2 du CGI)',
    ],
    K: [
      'Exonération de TVA, article 262 ter I du CGI',
      'Livraison intracommunautaire exonérée – article 262 ter I du CGI',
    ],
    G: [
      'Exonération de TVA, article 262 I du CGI (exportation)',
      'Exportation hors UE – exonération article 262 I du CGI',
    ],
    E: [
      'TVA non applicable, article 293 B du CGI',
      'Exonération de TVA, article 261-4-4° du CGI',
      "Exonéré de TVA en vertu de l'article 261 4 1° du CGI",
    ],
    Z: ['Taux zéro'],
  },
  countries: {
    DE: 'Allemagne',
    FR: 'France',
    AT: 'Autriche',
    BE: 'Belgique',
    NL: 'Pays-Bas',
    CH: 'Suisse',
    GB: 'Royaume-Uni',
    IE: 'Irlande',
    US: 'États-Unis',
  },
  breakdownColumns: [
    ['Taux', 'Base HT', 'Montant TVA', 'Total TTC'],
    ['Taux TVA', 'Base', 'TVA', 'TTC'],
  ],
  attention: ["À l'attention de M.", "À l'attention de Mme", 'Attn.'],
};

const EN: Vocabulary = {
  titles: {
    '380': ['INVOICE', 'Invoice', 'Tax Invoice', 'VAT Invoice'],
    '381': ['CREDIT NOTE', 'Credit Note', 'Credit Memo'],
    '384': ['Corrected Invoice', 'CORRECTED INVOICE'],
    '386': ['Advance Payment Invoice', 'Prepayment Invoice', 'DEPOSIT INVOICE'],
  },
  labels: {
    number: [
      'Invoice No.',
      'Invoice #',
      'Invoice Number',
      'Invoice no',
      'Our ref',
      'Document No.',
      'Inv. No.',
    ],
    creditNumber: ['Credit Note No.', 'Credit note #', 'Document No.', 'Number', 'Credit Note Number'],
    issueDate: ['Invoice Date', 'Date', 'Date of issue', 'Issue Date', 'Date/Tax point'],
    dueDate: ['Due Date', 'Payment due', 'Due by', 'Pay by', 'Payment Due Date'],
    deliveryDate: ['Delivery Date', 'Date of supply', 'Ship Date', 'Service date'],
    servicePeriod: ['Service period', 'Billing period', 'Period'],
    customerNumber: ['Customer No.', 'Account No.', 'Customer ID', 'Client ref', 'Account'],
    orderReference: ['PO Number', 'Your PO', 'Purchase Order', 'Customer PO', 'PO #', 'Your order no.'],
    deliveryNote: ['Delivery Note', 'Despatch Note', 'Packing slip'],
    contact: ['Contact', 'Your contact', 'Account manager', 'Sales rep'],
    referencedInvoice: ['Original invoice', 'Relates to invoice', 'Invoice reference', 'Credited invoice'],
    billTo: ['Bill To', 'Invoice To', 'Billed To', 'Customer', 'To'],
    shipTo: ['Ship To', 'Deliver To', 'Delivery Address'],
    vatId: ['VAT Reg. No.', 'VAT No.', 'VAT Registration No.', 'VAT number', 'VAT ID'],
    buyerVatId: ['Customer VAT No.', 'Your VAT No.', 'Customer VAT ID', 'VAT No. (customer)'],
    taxNumber: ['Company No.', 'Company Reg. No.'],
    bank: ['Bank', 'Bank details', 'Bank name'],
    phone: ['Tel', 'Phone', 'T'],
    fax: ['Fax', 'F'],
    email: ['Email', 'E', 'E-mail'],
    web: ['Web', 'www', 'Website'],
    managingDirector: ['Directors', 'Director', 'Managing Director'],
    currency: ['Currency', 'Currency:'],
    lineNet: ['Subtotal', 'Sub-total', 'Net Amount', 'Goods total', 'Total excl. VAT', 'Total net'],
    allowance: ['Discount ({p})', 'Less discount {p}', 'Trade discount {p}'],
    charge: ['Shipping', 'Delivery', 'Carriage', 'Postage & packing', 'Freight'],
    taxExclusive: ['Net Total', 'Total net', 'Taxable amount', 'Total excl. VAT', 'Net amount'],
    vat: ['VAT @ {r}', 'VAT {r}', 'VAT ({r})', 'Tax {r}', 'VAT {r} on {base}'],
    vatTotal: ['Total VAT', 'VAT', 'VAT total'],
    taxInclusive: ['Total', 'Invoice Total', 'Total incl. VAT', 'Gross Total', 'TOTAL', 'Grand Total'],
    prepaid: [
      'Less deposit',
      'Amount paid',
      'Paid to date',
      'Less: payment received',
      'Deposit received {date}',
    ],
    due: ['Balance Due', 'Amount Due', 'Total Due', 'Balance', 'Amount payable', 'Please pay'],
    carriedForward: ['Carried forward', 'Subtotal c/f', 'Continued'],
    broughtForward: ['Brought forward', 'Subtotal b/f'],
    page: ['Page {p} of {n}', 'Page {p}/{n}', 'Page {p}'],
  },
  columns: {
    position: ['#', 'No.', 'Line', 'Item'],
    article: ['SKU', 'Item code', 'Part No.', 'Code', 'Product code'],
    description: ['Description', 'Item', 'Details', 'Product / Service', 'Item description'],
    quantity: ['Qty', 'Quantity', 'QTY', 'Units'],
    unit: ['Unit', 'UoM', 'Units'],
    unitPrice: ['Unit Price', 'Rate', 'Price', 'Unit cost', 'Price each'],
    discount: ['Disc.', 'Discount %', 'Disc %'],
    vat: ['VAT', 'VAT %', 'Tax', 'VAT rate'],
    amount: ['Amount', 'Total', 'Line Total', 'Net', 'Net amount'],
  },
  sentences: {
    intro: [
      'Thank you for your business.',
      'Please find below the details of our services.',
      'We are pleased to invoice you for the following:',
    ],
    closing: ['Thank you for your custom.', 'Kind regards', 'We appreciate your prompt payment.'],
    payWithinDays: [
      'Payment terms: {n} days net.',
      'Payment due within {n} days of invoice date.',
      'Terms: Net {n}',
    ],
    payByDate: ['Please pay by {date}.', 'Payment is due on {date}.'],
    payOnReceipt: ['Due on receipt.', 'Payment due upon receipt of this invoice.'],
    creditSettled: [
      'This amount will be credited to your account.',
      'We will refund this amount to your bank account.',
    ],
    earlyPayment: [
      '{p} discount if paid within {d} days.',
      'Early settlement discount: {p} if paid by {date} ({amount}).',
    ],
    latePayment: [
      'Interest will be charged on overdue accounts at 8% per annum above the Bank of England base rate.',
      'A late payment fee of {fee} may apply under the Late Payment of Commercial Debts (Interest) Act 1998.',
      'A late fee of 1.5% per month applies to overdue balances.',
    ],
    creditFor: ['Credit note against invoice {n} dated {date}', 'Credit for invoice {n} of {date}'],
    correctionOf: ['Corrects invoice {n} dated {date}', 'This invoice replaces invoice {n} of {date}.'],
    transfer: ['Please pay by bank transfer to:', 'Payment details:', 'Remittance details:'],
    placeDate: ['{city}, {date}'],
    vatBreakdownHeading: ['VAT summary', 'VAT analysis'],
    amountsIn: ['All amounts in {c}', 'Amounts shown in {c}'],
  },
  units: {
    C62: ['pcs', 'ea', 'each', 'units', 'pc'],
    HUR: ['hrs', 'hours', 'h', 'hr'],
    DAY: ['days', 'day'],
    KGM: ['kg'],
    MTR: ['m'],
    LTR: ['l', 'litres'],
    MTK: ['sq m', 'm²'],
    LS: ['lump sum', 'fixed'],
    MON: ['month', 'months'],
    KMT: ['km'],
  },
  mentions: {
    AE: [
      'Reverse charge: customer to account for VAT.',
      'Reverse charge – VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
      'VAT reverse charge applies.',
    ],
    K: [
      'Intra-Community supply of goods – exempt from VAT (Article 138, Directive 2006/112/EC).',
      'VAT exempt intra-community supply.',
    ],
    G: ['Export outside the EU – exempt from VAT.', 'Zero-rated export of goods.', 'VAT exempt export.'],
    E: ['VAT exempt supply.', 'Exempt from VAT.'],
    Z: ['Zero rated'],
  },
  countries: {
    DE: 'Germany',
    FR: 'France',
    AT: 'Austria',
    BE: 'Belgium',
    NL: 'Netherlands',
    CH: 'Switzerland',
    GB: 'United Kingdom',
    IE: 'Ireland',
    US: 'USA',
  },
  breakdownColumns: [
    ['VAT rate', 'Net', 'VAT', 'Gross'],
    ['Rate', 'Net amount', 'VAT amount', 'Total'],
  ],
  attention: ['Attn:', 'FAO', 'Attention:'],
};

export const VOCABULARY: Readonly<Record<Language, Vocabulary>> = { de: DE, fr: FR, en: EN };

/**
 * The category of operation French invoices print under the 2026 reform (goods, services or both),
 * with the words they print it in.
 */
export const OPERATION_CATEGORY = {
  labels: ["Catégorie d'opération", "Nature de l'opération", 'Opération'],
  values: {
    goods: ['Livraison de biens', 'Livraisons de biens'],
    services: ['Prestation de services', 'Prestations de services'],
    mixed: ['Mixte', 'Livraisons de biens et prestations de services'],
  },
} as const;
