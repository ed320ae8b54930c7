/**
 * What the codes an invoice carries mean, in English and French, for people reading an invoice: the
 * codes met on real invoices of the EN16931 code lists (UNTDID, UN/ECE Rec 20 and 21, CEF VATEX, ISO
 * 6523 ICD and the CEF EAS list), named as the lists name them. A code without a name here is shown as
 * the code itself. Written by hand, unlike the generated lists beside it; code-names.test.ts checks that
 * every code named here is in its list. Countries and currencies are named by the platform (Intl).
 */

export interface CodeName {
  readonly en: string;
  readonly fr: string;
}

type Names = Readonly<Record<string, CodeName>>;

const n = (en: string, fr: string): CodeName => ({ en, fr });

/** UNTDID 1001 document types (BT-3). */
export const INVOICE_TYPE_NAMES: Names = {
  '71': n('Request for payment', 'Demande de paiement'),
  '80': n('Debit note related to goods or services', 'Note de débit (biens ou services)'),
  '82': n('Metered services invoice', 'Facture de services mesurés'),
  '84': n('Debit note related to financial adjustments', 'Note de débit (ajustements financiers)'),
  '261': n('Self billed credit note', 'Avoir autofacturé'),
  '262': n('Consolidated credit note', 'Avoir global'),
  '326': n('Partial invoice', 'Facture partielle'),
  '380': n('Commercial invoice', 'Facture commerciale'),
  '381': n('Credit note', 'Avoir'),
  '383': n('Debit note', 'Note de débit'),
  '384': n('Corrected invoice', 'Facture rectificative'),
  '386': n('Prepayment invoice', "Facture d'acompte"),
  '389': n('Self-billed invoice', 'Autofacture'),
  '393': n('Factored invoice', 'Facture affacturée'),
  '395': n('Consignment invoice', 'Facture de consignation'),
  '396': n('Factored credit note', 'Avoir affacturé'),
  '751': n('Invoice information for accounting purposes', 'Facture pour information comptable'),
  '875': n('Partial construction invoice', 'Facture partielle de travaux'),
  '876': n('Partial final construction invoice', 'Facture partielle définitive de travaux'),
  '877': n('Final construction invoice', 'Facture définitive de travaux'),
};

/** UNTDID 5305 VAT categories (BT-95, BT-102, BT-118, BT-151). */
export const VAT_CATEGORY_NAMES: Names = {
  S: n('Standard rate', 'Taux normal'),
  Z: n('Zero rated goods', 'Taux zéro'),
  E: n('Exempt from VAT', 'Exonéré de TVA'),
  AE: n('VAT reverse charge', 'Autoliquidation de la TVA'),
  K: n('Intra-community supply, VAT exempt', 'Livraison intracommunautaire exonérée'),
  G: n('Export outside the EU, VAT not charged', 'Exportation hors UE, sans TVA'),
  O: n('Outside the scope of VAT', 'Hors du champ de la TVA'),
  L: n('Canary Islands general indirect tax (IGIC)', 'Impôt indirect des îles Canaries (IGIC)'),
  M: n('Ceuta and Melilla tax (IPSI)', 'Taxe de Ceuta et Melilla (IPSI)'),
  B: n('Transferred VAT (Italy)', 'TVA transférée (Italie)'),
};

/** CEF VATEX exemption reasons without an article number in their code. */
const VATEX_SPECIAL: Names = {
  'VATEX-EU-AE': n('Reverse charge', 'Autoliquidation'),
  'VATEX-EU-D': n(
    'Intra-community acquisition of second hand means of transport',
    'Acquisition intracommunautaire de moyens de transport d’occasion',
  ),
  'VATEX-EU-F': n(
    'Intra-community acquisition of second hand goods',
    'Acquisition intracommunautaire de biens d’occasion',
  ),
  'VATEX-EU-G': n('Export outside the EU', 'Exportation hors de l’UE'),
  'VATEX-EU-I': n(
    'Intra-community acquisition of works of art',
    'Acquisition intracommunautaire d’œuvres d’art',
  ),
  'VATEX-EU-IC': n('Intra-community supply', 'Livraison intracommunautaire'),
  'VATEX-EU-J': n(
    'Intra-community acquisition of collectors items and antiques',
    'Acquisition intracommunautaire d’objets de collection et d’antiquités',
  ),
  'VATEX-EU-O': n('Not subject to VAT', 'Non soumis à la TVA'),
  'VATEX-FR-FRANCHISE': n('France: VAT franchise for small businesses', 'France : franchise en base de TVA'),
  'VATEX-FR-CNWVAT': n('France: domestic credit notes without VAT', 'France : avoir national sans TVA'),
  'VATEX-FR-AE': n('France: reverse charge', 'France : autoliquidation'),
};

/**
 * A CEF VATEX exemption reason (BT-121). The EU codes name an article of Council Directive 2006/112/EC
 * (`VATEX-EU-132-1A` is article 132, section 1 (a)); the French ones an article of the Code général des
 * impôts (`VATEX-FR-CGI261-1` is article 261, 1).
 */
export function vatexName(code: string): CodeName | undefined {
  const special = VATEX_SPECIAL[code];
  if (special) return special;
  const eu = /^VATEX-EU-(\d+)(?:-(\d*)([A-Z]*))?$/.exec(code);
  if (eu) {
    const [, article, section = '', letter = ''] = eu;
    const point = letter.toLowerCase();
    const en = [`article ${article}`];
    const fr = [`l’article ${article}`];
    if (section) en.push(point ? `section ${section} (${point})` : `section ${section}`);
    else if (point) en.push(`point ${point}`);
    if (section) fr.push(`paragraphe ${section}`);
    if (point) fr.push(`point ${point})`);
    return n(
      `Exempt based on ${en.join(', ')} of Council Directive 2006/112/EC`,
      `Exonération sur le fondement de ${fr.join(', ')} de la directive 2006/112/CE`,
    );
  }
  const french = /^VATEX-FR-(?:CGI)?(\d+)([A-Z]*)(?:-(\w+))?$/.exec(code);
  if (french) {
    const [, article, letter = '', part] = french;
    const suffix = letter === 'SEXDECIESA' ? 'sexdecies A' : letter;
    const name = [article, suffix].filter(Boolean).join(' ') + (part ? `, ${part.toLowerCase()}` : '');
    return n(
      `Exempt based on article ${name} of the French tax code (CGI)`,
      `Exonération sur le fondement de l’article ${name} du CGI`,
    );
  }
  return undefined;
}

/** UNTDID 4461 payment means (BT-81). */
export const PAYMENT_MEANS_NAMES: Names = {
  '1': n('Instrument not defined', 'Moyen non défini'),
  '10': n('In cash', 'Espèces'),
  '20': n('Cheque', 'Chèque'),
  '30': n('Credit transfer', 'Virement'),
  '31': n('Debit transfer', 'Transfert de débit'),
  '42': n('Payment to bank account', 'Paiement sur compte bancaire'),
  '48': n('Bank card', 'Carte bancaire'),
  '49': n('Direct debit', 'Prélèvement'),
  '54': n('Credit card', 'Carte de crédit'),
  '55': n('Debit card', 'Carte de débit'),
  '57': n('Standing agreement', 'Accord permanent'),
  '58': n('SEPA credit transfer', 'Virement SEPA'),
  '59': n('SEPA direct debit', 'Prélèvement SEPA'),
  '68': n('Online payment service', 'Service de paiement en ligne'),
  '97': n('Clearing between partners', 'Compensation entre partenaires'),
  ZZZ: n('Mutually defined', 'Défini d’un commun accord'),
};

/** UN/ECE Recommendation 20 (and 21, X-prefixed) units (BT-130, BT-150). */
export const UNIT_NAMES: Names = {
  C62: n('unit', 'unité'),
  H87: n('piece', 'pièce'),
  EA: n('each', 'unité'),
  NAR: n('number of articles', 'nombre d’articles'),
  SET: n('set', 'lot'),
  PR: n('pair', 'paire'),
  DZN: n('dozen', 'douzaine'),
  LS: n('lump sum', 'forfait'),
  E48: n('service unit', 'unité de service'),
  P1: n('percent', 'pour cent'),
  SEC: n('second', 'seconde'),
  MIN: n('minute', 'minute'),
  HUR: n('hour', 'heure'),
  DAY: n('day', 'jour'),
  WEE: n('week', 'semaine'),
  MON: n('month', 'mois'),
  QAN: n('quarter', 'trimestre'),
  ANN: n('year', 'an'),
  GRM: n('gram', 'gramme'),
  KGM: n('kilogram', 'kilogramme'),
  TNE: n('tonne', 'tonne'),
  MMT: n('millimetre', 'millimètre'),
  CMT: n('centimetre', 'centimètre'),
  MTR: n('metre', 'mètre'),
  LM: n('linear metre', 'mètre linéaire'),
  KMT: n('kilometre', 'kilomètre'),
  MTK: n('square metre', 'mètre carré'),
  MTQ: n('cubic metre', 'mètre cube'),
  MLT: n('millilitre', 'millilitre'),
  LTR: n('litre', 'litre'),
  KWH: n('kilowatt hour', 'kilowattheure'),
  MWH: n('megawatt hour', 'mégawattheure'),
  KWT: n('kilowatt', 'kilowatt'),
  XBX: n('box', 'boîte'),
  XCT: n('carton', 'carton'),
  XPK: n('package', 'colis'),
  XPX: n('pallet', 'palette'),
  XRO: n('roll', 'rouleau'),
  XSA: n('sack', 'sac'),
  ZZ: n('mutually defined', 'défini d’un commun accord'),
};

/** UNTDID 4451 subjects of invoice notes (BT-21). */
export const NOTE_SUBJECT_NAMES: Names = {
  AAB: n('Terms of payment', 'Conditions de paiement'),
  AAI: n('General information', 'Information générale'),
  AAK: n('Price conditions', 'Conditions de prix'),
  ABL: n('Legal information', 'Information légale'),
  CUS: n('Customs information', 'Information douanière'),
  DEL: n('Delivery information', 'Information de livraison'),
  PMD: n('Payment detail', 'Détail de paiement'),
  PMT: n('Payment information', 'Information de paiement'),
  REG: n('Regulatory information', 'Information réglementaire'),
  SUR: n('Supplier remarks', 'Remarques du fournisseur'),
  TXD: n('Tax declaration', 'Déclaration fiscale'),
};

/** UNTDID 5189 allowance reasons (BT-98, BT-140). */
export const ALLOWANCE_REASON_NAMES: Names = {
  '41': n('Bonus for works ahead of schedule', 'Prime pour travaux en avance'),
  '42': n('Other bonus', 'Autre prime'),
  '60': n('Manufacturer’s consumer discount', 'Remise consommateur du fabricant'),
  '62': n('Due to military status', 'Au titre du statut militaire'),
  '63': n('Due to work accident', 'Au titre d’un accident du travail'),
  '64': n('Special agreement', 'Accord particulier'),
  '65': n('Production error discount', 'Remise pour défaut de production'),
  '66': n('New outlet discount', 'Remise nouveau point de vente'),
  '67': n('Sample discount', 'Remise sur échantillon'),
  '68': n('End-of-range discount', 'Remise de fin de série'),
  '70': n('Incoterm discount', 'Remise Incoterm'),
  '71': n('Point of sales threshold allowance', 'Remise de seuil de point de vente'),
  '88': n('Material surcharge or deduction', 'Supplément ou déduction matière'),
  '95': n('Discount', 'Remise'),
  '100': n('Special rebate', 'Ristourne spéciale'),
  '102': n('Fixed long term', 'Remise fixe à long terme'),
  '103': n('Temporary', 'Remise temporaire'),
  '104': n('Standard', 'Remise standard'),
  '105': n('Yearly turnover', 'Remise sur chiffre d’affaires annuel'),
};

/** UNTDID 7161 charge reasons (BT-105, BT-145). */
export const CHARGE_REASON_NAMES: Names = {
  AA: n('Advertising', 'Publicité'),
  AAA: n('Telecommunication', 'Télécommunication'),
  ABK: n('Miscellaneous', 'Divers'),
  ABL: n('Additional packaging', 'Emballage supplémentaire'),
  ADR: n('Other services', 'Autres services'),
  DL: n('Delivery', 'Livraison'),
  FC: n('Freight service', 'Transport'),
  FI: n('Financing', 'Financement'),
  LA: n('Labelling', 'Étiquetage'),
  PC: n('Packing', 'Emballage'),
  SAA: n('Shipping and handling', 'Expédition et manutention'),
  ZZZ: n('Mutually defined', 'Défini d’un commun accord'),
};

/** ISO 6523 ICD identifier schemes (BT-29-1, BT-30-1, BT-46-1, BT-47-1…). */
export const IDENTIFIER_SCHEME_NAMES: Names = {
  '0002': n('SIREN', 'SIREN'),
  '0009': n('SIRET', 'SIRET'),
  '0060': n('DUNS number', 'Numéro DUNS'),
  '0088': n('GLN (GS1 location number)', 'GLN (numéro de localisation GS1)'),
  '0199': n('Legal entity identifier (LEI)', 'Identifiant d’entité juridique (LEI)'),
  '0204': n('Leitweg-ID (Germany)', 'Leitweg-ID (Allemagne)'),
  '0208': n('Belgian enterprise number', 'Numéro d’entreprise belge'),
  '0223': n('EU intra-community VAT number (France)', 'Numéro de TVA intracommunautaire (France)'),
  '0225': n('French electronic invoicing address (SIREN)', 'Adresse de facturation électronique (SIREN)'),
  '0226': n('French e-invoicing routing code', 'Code de routage de facturation électronique'),
};

/** CEF EAS electronic address schemes (BT-34-1, BT-49-1). */
export const ADDRESS_SCHEME_NAMES: Names = {
  '0002': IDENTIFIER_SCHEME_NAMES['0002'] as CodeName,
  '0009': IDENTIFIER_SCHEME_NAMES['0009'] as CodeName,
  '0088': IDENTIFIER_SCHEME_NAMES['0088'] as CodeName,
  '0204': IDENTIFIER_SCHEME_NAMES['0204'] as CodeName,
  '0208': IDENTIFIER_SCHEME_NAMES['0208'] as CodeName,
  '0225': IDENTIFIER_SCHEME_NAMES['0225'] as CodeName,
  '9957': n('French VAT number', 'Numéro de TVA français'),
  EM: n('E-mail address', 'Adresse électronique'),
};

/** Every named list by the name the interface and the tests give it: one table for all who look a name up. */
export const CODE_NAMES = {
  invoiceType: INVOICE_TYPE_NAMES,
  vatCategory: VAT_CATEGORY_NAMES,
  paymentMeans: PAYMENT_MEANS_NAMES,
  unit: UNIT_NAMES,
  noteSubject: NOTE_SUBJECT_NAMES,
  allowanceReason: ALLOWANCE_REASON_NAMES,
  chargeReason: CHARGE_REASON_NAMES,
  identifierScheme: IDENTIFIER_SCHEME_NAMES,
  addressScheme: ADDRESS_SCHEME_NAMES,
} as const satisfies Record<string, Names>;

export type NamedCodeList = keyof typeof CODE_NAMES;
