/**
 * The parties (BG-4 seller, BG-7 buyer) read from the layout's party blocks: a heading ("Verkäufer",
 * "Käufer/Leistungsempfänger", "Rechnungsempfänger", "Facturé à", "CLIENT :", "Bill to") and the lines
 * under it in its column; a sender line over the recipient's address ("Bei Spiel GmbH ● Ecke 12 ● 12345
 * Stadthausen"); unlabelled address blocks side by side at the head of the first page (the recipient on
 * the left in German and English letters, on the right in French ones); the seller's legal mentions in
 * the letterhead or the footer. In a block the name is what its "Name:" key gives, else its first line
 * that reads as a name (not a salutation, a label, an address line or a number); the country is its
 * address line's ("DE 12345 Berlin", "F-75001", "06000 NICE, DE", a country name), else its VAT
 * number's prefix; a French party's SIREN may be the one its VAT number holds. Identifiers
 * (identifiers.ts: VAT numbers, SIREN, trade register and tax numbers, electronic addresses) inside a
 * block are that party's; one
 * labelled as the customer's is the buyer's wherever it stands; the others are the seller's. The
 * delivery block ("Lieferanschrift", "Ship to") gives the country goods go to.
 */
import { ISO3166_COUNTRIES } from '../rules/codelists/iso3166';
import type { Cell, Layout, Row } from '../text/layout';
import { CHOSEN, CONFIRMED, CONFIRMED_WEAK_LABEL, LABELLED, PLACED, type Place } from './confidence';
import type { Chosen } from './document-terms';
import { unitOf } from './extract-lines';
import type { Identifier } from './identifiers';
import {
  BUYER_LABELS,
  COMPANY_FORMS,
  DELIVERY_PARTY_LABELS,
  LEGAL_MENTION,
  NAME_LABELS,
  OTHER_PARTY_LABELS,
  SALUTATION,
  SELLER_LABELS,
  words,
  type Language,
} from './labels';

type Role = 'seller' | 'buyer' | 'other';

interface BlockLine {
  readonly row: Row;
  readonly cells: readonly Cell[];
  readonly text: string;
}

interface Block {
  readonly role: Role;
  readonly heading: { readonly row: Row; readonly cell: Cell } | null;
  readonly left: number;
  readonly right: number;
  readonly lines: readonly BlockLine[];
  /** The name read after the heading on its own cell ("Customer: ACME SA"), if any. */
  readonly inline: string | null;
}

export interface PartyReading {
  readonly name?: Chosen;
  readonly vat?: Chosen;
  /** A SIREN (BT-30/BT-47, scheme 0002). */
  readonly legalId?: Chosen;
  /** A trade register number (BT-30/BT-47 with no scheme: "HRB 5784"), for a party with no SIREN. */
  readonly register?: Chosen;
  /** A tax registration that is not a VAT number (BT-32, scheme FC): the seller's alone. */
  readonly taxNumber?: Chosen;
  readonly country?: Chosen;
  /** The electronic address and its scheme (BT-34/BT-49). */
  readonly endpoint?: Chosen<{ readonly value: string; readonly scheme: string }>;
}

export interface Parties {
  readonly seller: PartyReading;
  readonly buyer: PartyReading;
  /** The country goods are delivered to (BT-80), from the delivery block's address. */
  readonly deliverTo?: Chosen;
}

/** How many lines a block reaches under its heading, at most. */
const BLOCK_LINES = 14;

const ADDRESS_WORDS = words(
  /\b(str(?:aße|asse|\.)|\p{L}*stra(?:ß|ss)e|\p{L}*str\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|rue|avenue|av\.|boulevard|bd\.?|chemin|route|impasse|place|all[ée]e|quai|cours|road|street|lane|drive|way|unit|suite|postfach|bp|cedex|zone|z\.?a\.?|z\.?i\.?)\b/iu,
);

/**
 * A postcode line: optional country code, a 4–5 digit postcode, a place ("DE 12345 Berlin", "F-75001
 * Paris", "1010 Wien"), at the start or after the street's comma ("Markt 1, 01067 Dresden"); or a
 * British postcode after the town ("Leeds LS1 4AB"); an Irish Eircode, a routing key and four
 * characters ("D02 X285", "H91 E2K3"); a US state and ZIP code after the town ("Austin, TX 78701").
 */
const POSTCODE_LINE =
  /(?:^|,\s*)(?:([A-Z]{1,2})\s?[-–]?\s?)?(\d{4,5})\s+\p{L}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}$|(?:^|\s)(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s[\dAC-FHKNPRTV-Y]{4}$|,\s*[A-Z]{2}\s\d{5}(?:-\d{4})?$/u;

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  france: 'FR',
  frankreich: 'FR',
  deutschland: 'DE',
  germany: 'DE',
  allemagne: 'DE',
  belgique: 'BE',
  belgium: 'BE',
  belgien: 'BE',
  luxembourg: 'LU',
  luxemburg: 'LU',
  österreich: 'AT',
  austria: 'AT',
  autriche: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  switzerland: 'CH',
  italia: 'IT',
  italie: 'IT',
  italy: 'IT',
  italien: 'IT',
  espagne: 'ES',
  spain: 'ES',
  spanien: 'ES',
  españa: 'ES',
  nederland: 'NL',
  'pays-bas': 'NL',
  netherlands: 'NL',
  niederlande: 'NL',
  'united kingdom': 'GB',
  uk: 'GB',
  'royaume-uni': 'GB',
  england: 'GB',
  'great britain': 'GB',
  großbritannien: 'GB',
  'vereinigtes königreich': 'GB',
  ireland: 'IE',
  irlande: 'IE',
  irland: 'IE',
  poland: 'PL',
  pologne: 'PL',
  polen: 'PL',
  portugal: 'PT',
  danmark: 'DK',
  denmark: 'DK',
  dänemark: 'DK',
  sweden: 'SE',
  schweden: 'SE',
  suède: 'SE',
  'ile de la réunion': 'RE',
  'la réunion': 'RE',
  réunion: 'RE',
  martinique: 'MQ',
  guadeloupe: 'GP',
  guyane: 'GF',
  mayotte: 'YT',
  monaco: 'MC',
  'united states': 'US',
  'united states of america': 'US',
  'états-unis': 'US',
  'etats-unis': 'US',
  'vereinigte staaten': 'US',
  usa: 'US',
  norway: 'NO',
  norvège: 'NO',
  norwegen: 'NO',
  'czech republic': 'CZ',
  tschechien: 'CZ',
};

/** Single-letter country marks of old postcodes ("D-12345", "F-75001", "A-1010"). */
const LETTER_COUNTRIES: Readonly<Record<string, string>> = {
  D: 'DE',
  F: 'FR',
  A: 'AT',
  B: 'BE',
  L: 'LU',
  I: 'IT',
  E: 'ES',
  NL: 'NL',
  CH: 'CH',
};

/**
 * Party labels at the start of a cell: alone ("Verkäufer"), paired ("Käufer/Leistungsempfänger"), or —
 * for other parties — after one word ("Abweichender Warenempfänger").
 */
const HEADINGS = (
  [
    ['other', OTHER_PARTY_LABELS, '(?:\\p{L}+[/ ])?'],
    ['buyer', BUYER_LABELS, '(?:\\p{L}+/)?'],
    ['seller', SELLER_LABELS, '(?:\\p{L}+/)?'],
  ] as const
).map(([role, pattern, prefix]) => [role, new RegExp(`^\\s*${prefix}${pattern.source}`, 'iu')] as const);

/**
 * A party label standing as a heading: at the start of its cell, then nothing, or a colon and the
 * party's name ("Bill to: ACME Ltd"). Words after the label without a colon make it text ("CLIENT NOM
 * COMMERCIAL"), and a number or an identifier after it a customer number or VAT number ("Customer:2",
 * "Kunde: 4711", "Leistungsempfänger: ATU49220766").
 */
function headingRole(text: string): { role: Role; rest: string } | null {
  return roleOf(text) ?? roleOf(text.replace(/(\p{L})\s(\p{Ll})/gu, '$1$2'));
}

/** headingRole of a text as printed; a label the text layer split ("Ver käufer :") is tried joined. */
function roleOf(text: string): { role: Role; rest: string } | null {
  for (const [role, pattern] of HEADINGS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const after = text
      .slice(m[0].length)
      .replace(/^[\p{L}/-]*/u, '')
      .replace(/^\s*(?:\(.*?\))?\s*/, '');
    const colon = /^[:–]\s*/.exec(after);
    const rest = colon ? after.slice(colon[0].length) : after;
    if (rest.trim() !== '' && (!colon || /^[\d\s./-]+$/.test(rest) || rest.length > 60)) return null;
    // An identifier after it is the party's number, never its name ("Leistungsempfänger: ATU49220766").
    // One token of capitals and digits: a name in capitals with a number ("SOCIETE 2000") stays a name.
    if (/^(?=\S*\d)[A-Z0-9][A-Z0-9./-]{5,}$/.test(rest.trim())) return null;
    return { role, rest };
  }
  return null;
}

export const isAddressLine = (text: string): boolean =>
  ADDRESS_WORDS.test(text) ||
  POSTCODE_LINE.test(text) ||
  /^\d+[\s,]/.test(text) ||
  /\p{L}\.?\s+\d+[a-z]?$/u.test(text);

/** Text that can be a party's name: letters, no "label: value", no long number, no mail or web address. */
export function isName(text: string): boolean {
  const t = text.trim();
  return (
    /\p{L}{2}/u.test(t) &&
    !/:\s*\S/.test(t) &&
    !/:$/.test(t) &&
    !/\d{4}/.test(t) &&
    t.length <= 70 &&
    !/@|www\.|https?:/.test(t) &&
    !SALUTATION.test(t) &&
    !headingRole(t) &&
    !LEGAL_MENTION.test(t) &&
    // An identifier under its key ("SIREN 202 114 559", "VAT GB 123 456 789") names nobody.
    !(IDENTIFIER_KEY.test(t) && /\d/.test(t))
  );
}

/** A "key: value" row ("Rechnungs-Nr.:  INV-71698", "Date d'émission: 14/03/2026"); a key in a cell of its own needs no colon. */
const isKeyValue = (text: string): boolean => /^[^:\d]{2,45}:(?:\s|$)/.test(text);

/** The key of a party's own identifier (VAT number, SIREN, SIRET). */
const IDENTIFIER_KEY = words(/^\s*(?:[\p{L}°º.]+\s+){0,3}?(?:tva|vat|ust|uid|btw|siren|siret|rcs)\b/iu);

/** The lines of a block: from a heading down its column until a gap, another heading or the limit. */
function blockFrom(layout: Layout, row: Row, cell: Cell, role: Role, rest: string, right: number): Block {
  const lines: BlockLine[] = [];
  const left = cell.x;
  let bottom = row.y + row.height;
  for (const next of layout.rows.slice(row.index + 1, row.index + 1 + BLOCK_LINES)) {
    if (next.page !== row.page) break;
    const cells = next.cells.filter((c) => c.x >= left - 8 && c.x < right - 2);
    if (cells.length === 0) {
      if (next.y - bottom > 2.2 * Math.max(row.height, 8)) break;
      continue;
    }
    if (next.y - bottom > 2 * Math.max(next.height, 8)) break;
    if (cells.some((c) => Math.abs(c.x - left) < 8 && headingRole(c.text))) break;
    const text = cells.map((c) => c.text).join('  ');
    // An address ends at its town: "key: value" rows under it are the document's information block
    // (number, dates), but for the party's own identifiers right under its address.
    const town = lines.findIndex((l) => POSTCODE_LINE.test(l.text));
    const keyed = isKeyValue(text) || (cells.length >= 2 && /^[^\d:]{2,40}$/.test(cells[0]!.text));
    // (A block of "key: value" rows from its start is keyed throughout; a contact's "Attention:" is no key.)
    const keyedBlock = lines.slice(0, town).some((l) => /:/.test(l.text) && !CONTACT.test(l.text));
    if (town >= 0 && !keyedBlock && keyed) {
      if (!IDENTIFIER_KEY.test(text) || lines.slice(town + 1).some((l) => !IDENTIFIER_KEY.test(l.text)))
        break;
    }
    lines.push({ row: next, cells, text });
    bottom = next.y + next.height;
  }
  return {
    role,
    heading: { row, cell },
    left,
    right,
    lines,
    inline: rest.trim() === '' ? null : rest.trim(),
  };
}

/**
 * Every labelled party block of the document. A block ends at the next heading on its row; without one,
 * an address column is at most half the page wide, while a block of "key: value" rows reaches across.
 */
function labelledBlocks(layout: Layout): Block[] {
  const blocks: Block[] = [];
  for (const row of layout.rows) {
    const headings = row.cells.flatMap((cell) => {
      const h = headingRole(cell.text);
      return h ? [{ cell, ...h }] : [];
    });
    const width = layout.pages.get(row.page)?.width ?? 595;
    for (const [i, h] of headings.entries()) {
      const next = headings[i + 1]?.cell.x;
      const wide = blockFrom(layout, row, h.cell, h.role, h.rest, next ?? Infinity);
      const keyed = wide.lines.slice(0, 3).some((l) => /:$/.test(l.cells[0]?.text ?? ''));
      blocks.push(
        next !== undefined || keyed
          ? wide
          : blockFrom(layout, row, h.cell, h.role, h.rest, h.cell.x + width * 0.45),
      );
    }
  }
  return blocks;
}

/**
 * A sender line over the recipient's window: one line of the first page holding a postcode and two or
 * more separators ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen", "weclapp.com | Somestreet 42 | …").
 * The seller's name is its first part; the block under it is the buyer's.
 */
function senderLine(layout: Layout): { row: Row; cell: Cell; name: string; buyer: Block } | null {
  for (const row of layout.rows) {
    if (row.page !== 1 || row.y > (layout.pages.get(1)?.height ?? 842) * 0.45) continue;
    for (const cell of row.cells) {
      const parts = cell.text.split(/\s*[●•|·,]\s*|\s+[-–]\s+/).filter((p) => p.trim() !== '');
      if (parts.length < 3 || !parts.some((p) => POSTCODE_LINE.test(p.trim()))) continue;
      const name = parts[0]!.trim();
      if (!isName(name) || isAddressLine(name)) continue;
      const under = blockFrom(layout, row, cell, 'buyer', '', cell.x + cell.width);
      // Under a sender line stands an address: a name, then a postcode line within a few lines.
      const lines = under.lines.slice(0, 6);
      if (
        !lines[0] ||
        /:/.test(lines[0].text) ||
        !lines.some((l) => l.cells.some((c) => POSTCODE_LINE.test(c.text)))
      )
        continue;
      // The window address ends at its town, or the country under it: what follows in its column is
      // the information block (dates, numbers, the seller's own VAT number), not the buyer's.
      const town = under.lines.findIndex((l) => l.cells.some((c) => POSTCODE_LINE.test(c.text)));
      const country = under.lines[town + 1];
      const end = town + 1 + (country && countryOfLine(country.text) ? 1 : 0);
      return { row, cell, name, buyer: { ...under, lines: under.lines.slice(0, end) } };
    }
  }
  return null;
}

/** A contact person's line in a party block (BT-56), not the party's name. */
const CONTACT = words(/\b(?:contact|ansprechpartner(?:in)?|attn\.?|attention|z\.\s*hd\.?|zu\s+händen)\b/i);

/** The key of a "key : value" row ("Nummer  : 549910", "Telefon:"): no name. */
const isKey = (row: Row, cell: Cell): boolean =>
  /:\s*$/.test(cell.text) || /^\s*:/.test(row.cells[row.cells.indexOf(cell) + 1]?.text ?? '');

/**
 * Address blocks with no heading at the head of the first page: runs of lines in one column (aligned
 * left, or right as in a letterhead) ending at a postcode line.
 */
function addressBlocks(layout: Layout, taken: (row: Row, cell: Cell) => boolean): Block[] {
  const height = layout.pages.get(1)?.height ?? 842;
  const blocks: Block[] = [];
  const used = new Set<Cell>();
  for (const row of layout.rows) {
    if (row.page !== 1 || row.y > height * 0.5) continue;
    for (const cell of row.cells) {
      if (
        used.has(cell) ||
        taken(row, cell) ||
        !isName(cell.text) ||
        isAddressLine(cell.text) ||
        isKey(row, cell)
      )
        continue;
      const lines: BlockLine[] = [{ row, cells: [cell], text: cell.text }];
      let bottom = row.y + row.height;
      let town = false;
      for (const next of layout.rows.slice(row.index + 1, row.index + 8)) {
        if (next.page !== 1 || next.y - bottom > 2 * Math.max(next.height, 8)) break;
        const c = next.cells.find(
          (x) => Math.abs(x.x - cell.x) < 6 || Math.abs(x.x + x.width - (cell.x + cell.width)) < 6,
        );
        if (!c) continue;
        // The block ends at its postcode line, or at the country's name under it ("Ile de la Réunion").
        if (town && (POSTCODE_LINE.test(c.text) || !countryOfLine(c.text))) break;
        lines.push({ row: next, cells: [c], text: c.text });
        bottom = next.y + next.height;
        if (town) break;
        town = POSTCODE_LINE.test(c.text);
      }
      // A count and its unit ("3 pc", "2490 litres") is a table's figure, never a street or a town:
      // such a column under its heading is no address block.
      if (lines.some((l) => unitOf(/^\d[\d.,]*\s+(\S+)$/.exec(l.text.trim())?.[1] ?? '') !== null)) continue;
      // A name and its address: three lines or more, or two when the street and the town share one
      // ("Lilienthalallee 26, 80786 München").
      const last = lines[lines.length - 1]!.text;
      const oneLineAddress =
        lines.length === 2 && /\d[a-z]?\s*,\s*(?:[A-Z]{1,2}\s?[-–]?\s?)?\d{4,5}\s/.test(last);
      if ((lines.length < 3 && !oneLineAddress) || !lines.some((l) => POSTCODE_LINE.test(l.text))) continue;
      for (const l of lines) for (const c of l.cells) used.add(c);
      blocks.push({
        role: 'other',
        heading: null,
        left: cell.x,
        right: cell.x + cell.width,
        lines,
        inline: null,
      });
    }
  }
  return blocks;
}

/** A letterhead's contact lines under its address: phone, fax, e-mail, web site. */
const CONTACT_DETAILS = words(/\b(?:tel|tél|téléphone|telefon|fon|phone|fax|e-?mail|mail|web)\b|@|www\./i);

/**
 * Of address blocks with no heading, the sender's (the letterhead) when the page tells it: the
 * seller's name is printed again outside its block (the footer's legal lines, a signature), its phone
 * and e-mail lines follow it, it stands above the window address; the recipient's block names a person
 * it is for ("Herrn", "Attention:", "À l'attention de"). Null when these signs do not single one out.
 */
function sendersBlock(layout: Layout, blocks: readonly Block[]): Block | null {
  if (blocks.length < 2) return null;
  const top = Math.min(...blocks.map((b) => b.lines[0]!.row.y));
  const signs = (block: Block): number => {
    const first = block.lines[0]!;
    const own = new Set(block.lines.map((l) => l.row));
    const last = block.lines[block.lines.length - 1]!.row;
    const under = layout.rows
      .slice(last.index + 1, last.index + 3)
      .filter((r) => r.page === last.page && r.cells.some((c) => Math.abs(c.x - block.left) < 6));
    const recipient = block.lines.some(
      (l) => CONTACT.test(l.text) || SALUTATION.test(l.text.split(/\s+/)[0] ?? ''),
    );
    return (
      (layout.rows.some((r) => !own.has(r) && r.line.text.includes(first.text)) ? 2 : 0) +
      (under.some((r) => CONTACT_DETAILS.test(r.line.text)) ? 1 : 0) +
      (first.row.y === top &&
      blocks.every((b) => b === block || b.lines[0]!.row.y > top + 2 * first.row.height)
        ? 0.5
        : 0) -
      (recipient ? 2 : 0)
    );
  };
  const [best, next] = blocks
    .map((block) => ({ block, score: signs(block) }))
    .sort((a, b) => b.score - a.score);
  return best && best.score > 0 && best.score > next!.score ? best.block : null;
}

const place = (row: Row, cells: readonly Cell[]): Place => ({ row, cells });

/** A block's name: its "Name:" key's value, the heading's own value, else its first line that reads as a name. */
function nameOf(layout: Layout, block: Block): { value: string; place: Place; keyed: boolean } | null {
  for (const line of block.lines) {
    // "Firma" alone over a name is a salutation ("Firma / Schreinerei Schmidt GmbH"), not a key.
    const key = line.cells.find((c) => NAME_LABELS.test(c.text) && !SALUTATION.test(c.text.trim()));
    if (!key) continue;
    const rest = key.text.replace(NAME_LABELS, '').trim();
    if (rest !== '' && isName(rest)) return { value: rest, place: place(line.row, [key]), keyed: true };
    // The value right of the key, on its row or on a row beside it (a name printed over several lines).
    const beside = layout.rows
      .filter(
        (r) => r.page === line.row.page && Math.abs(r.y - line.row.y) <= 1.3 * Math.max(line.row.height, 8),
      )
      .flatMap((r) => r.cells.filter((c) => c.x > key.x + key.width).map((c) => ({ r, c })))
      .filter(({ c }) => isName(c.text) && !isAddressLine(c.text))
      .sort((a, b) => Math.abs(a.r.y - line.row.y) - Math.abs(b.r.y - line.row.y));
    if (beside[0])
      return { value: beside[0].c.text.trim(), place: place(beside[0].r, [beside[0].c]), keyed: true };
  }
  if (block.inline && isName(block.inline) && block.heading)
    return { value: block.inline, place: place(block.heading.row, [block.heading.cell]), keyed: false };
  // The lines that read as names before the address: a trade name, a logo's words, a contact's name
  // may stand beside the party's own name.
  const names: { value: string; place: Place; keyed: boolean; cell: Cell }[] = [];
  for (const line of block.lines) {
    const [first] = line.cells;
    if (!first) continue;
    const text = first.text
      .replace(/^(?:herrn?|frau|firma|fa\.|m\.|mme|monsieur|madame|mr\.?|mrs\.?|ms\.?)\s+/i, '')
      .trim();
    if (SALUTATION.test(first.text.trim())) continue;
    // A key's line, or a country alone under the town ("SWITZERLAND"), is no name; the key is the
    // line's first cell (a block may reach into an information column beside it).
    if (/:/.test(first.text) || isKey(line.row, first) || CONTACT.test(text) || isCountryName(text)) continue;
    if (isAddressLine(text)) {
      if (names.length > 0) break;
      continue;
    }
    if (!isName(text)) break;
    names.push({ value: text, place: place(line.row, [first]), keyed: false, cell: first });
    if (names.length === 3) break;
  }
  const chosen = names.length > 1 ? likeliestName(layout, names) : names[0];
  return chosen ? { value: chosen.value, place: chosen.place, keyed: false } : null;
}

/**
 * Of several name lines, the party's own: the one with a company form when only one has it, else the
 * one the document repeats elsewhere (a logo, a footer, a payee line), else the first.
 */
function likeliestName<T extends { value: string; cell: Cell }>(layout: Layout, names: readonly T[]): T {
  const formed = names.filter((n) => COMPANY_FORMS.test(n.value));
  if (formed.length === 1) return formed[0]!;
  const cells = layout.rows.flatMap((r) => r.cells);
  const repeats = names.map((n) => {
    const escaped = n.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'iu');
    return cells.filter((c) => c !== n.cell && pattern.test(c.text)).length;
  });
  const most = Math.max(...repeats);
  const at = repeats.indexOf(most);
  return most > 0 && repeats.lastIndexOf(most) === at ? names[at]! : names[0]!;
}

/** A line that is a country's name and nothing else. */
const isCountryName = (text: string): boolean =>
  COUNTRY_NAMES[text.toLowerCase().replace(/[,.]/g, ' ').trim()] !== undefined;

function countryOfLine(text: string): string | null {
  const postcode = POSTCODE_LINE.exec(text.trim());
  if (postcode?.[1]) return LETTER_COUNTRIES[postcode[1]] ?? (postcode[1].length === 2 ? postcode[1] : null);
  // "06000 NICE, DE": the country's code after the town.
  const after = postcode ? /,\s*([A-Z]{2})$/.exec(text.trim())?.[1] : undefined;
  if (after && ISO3166_COUNTRIES.has(after)) return after;
  const words = text.toLowerCase().replace(/[,.]/g, ' ').trim();
  for (const [name, code] of Object.entries(COUNTRY_NAMES)) {
    if (
      words === name ||
      words.endsWith(` ${name}`) ||
      words.startsWith(`${name} `) ||
      words.includes(`/ ${name}`)
    )
      return code;
  }
  return null;
}

function countryOf(block: Block): { value: string; place: Place } | null {
  for (const line of block.lines) {
    for (const cell of line.cells) {
      const code = countryOfLine(cell.text);
      if (code) return { value: code, place: place(line.row, [cell]) };
    }
  }
  return null;
}

const inBlock = (block: Block, row: Row, cell: Cell): boolean =>
  (block.heading?.row === row && block.heading.cell === cell) ||
  block.lines.some((l) => l.row === row && l.cells.includes(cell));

/**
 * A party's identifiers printed right under its address, in its column ("SIREN 612 383 547", "N° TVA
 * FR04213374648" under the town): one or two rows close under the block's last line.
 */
function underBlock(layout: Layout, block: Block, row: Row, cell: Cell): boolean {
  // The row starts in the block's column; the identifier may stand in its own cell after its label
  // alone, never further along the row (the information block's "N° TVA intracommunautaire" beside
  // the buyer's "SIREN 684 025 323" is the seller's).
  const at = row.cells.findIndex((c) => Math.abs(c.x - block.left) <= 6);
  const own = row.cells[at];
  if (
    block.lines.length === 0 ||
    !own ||
    (cell !== own && (row.cells[at + 1] !== cell || /\d/.test(own.text)))
  )
    return false;
  // One or two rows of the block's column down: rows of the column beside it ("Währung: EUR" between
  // the country line and the VAT number) do not count.
  let above = block.lines[block.lines.length - 1]!.row;
  let rows = 0;
  for (const next of layout.rows.slice(above.index + 1)) {
    if (!next.cells.some((c) => Math.abs(c.x - block.left) <= 6)) continue;
    if (next.page !== above.page || next.y - (above.y + above.height) > 1.2 * Math.max(next.height, 6))
      return false;
    if (next === row) return true;
    above = next;
    if (++rows === 2) return false;
  }
  return false;
}

function identifierChoice(
  ids: readonly Identifier[],
  assigned: 'block' | 'label' | 'rest',
): Chosen | undefined {
  const ranked = [...ids].sort(
    (a, b) => Number(b.labelled) - Number(a.labelled) || Number(b.keyOk === true) - Number(a.keyOk === true),
  );
  const top = ranked[0];
  if (!top) return undefined;
  const distinct = new Set(ids.map((i) => i.value)).size;
  // Sure only when its key proves it; a label alone vouches for an identifier whose key is not known.
  let confidence =
    top.keyOk === true
      ? top.labelled
        ? CONFIRMED
        : CONFIRMED_WEAK_LABEL
      : top.labelled
        ? top.keyOk === null
          ? LABELLED
          : CHOSEN
        : PLACED;
  if (distinct > 1 && assigned === 'rest') confidence = Math.min(confidence, CHOSEN);
  return {
    value: top.value,
    place: place(top.row, [top.cell]),
    confidence,
    proven: top.keyOk === true,
  };
}

/** The seller and buyer of a document, each term with its place and confidence. */
export function readParties(
  layout: Layout,
  identifiers: readonly Identifier[],
  language: Language | null,
): Parties {
  const labelled = labelledBlocks(layout);
  const sender = senderLine(layout);
  let buyerBlock = labelled.find((b) => b.role === 'buyer' && b.lines.length > 0) ?? sender?.buyer ?? null;
  let sellerBlock = labelled.find((b) => b.role === 'seller' && b.lines.length > 0) ?? null;
  const others = labelled.filter((b) => b.role === 'other');
  if (!buyerBlock || !sellerBlock) {
    // Unlabelled address blocks side by side at the head of the first page.
    const known = [...labelled, ...(buyerBlock ? [buyerBlock] : [])];
    const free = addressBlocks(layout, (row, cell) => known.some((b) => inBlock(b, row, cell)));
    const letterhead = !buyerBlock && !sellerBlock && !sender ? sendersBlock(layout, free) : null;
    const byX = free.filter((b) => b !== letterhead).sort((a, b) => a.left - b.left);
    const recipientLeft = language !== 'fr';
    if (!buyerBlock && byX.length > 0) {
      buyerBlock = { ...(recipientLeft ? byX[0]! : byX[byX.length - 1]!), role: 'buyer' };
    }
    if (!sellerBlock && !sender) {
      const rest = byX.filter((b) => b.lines[0] !== buyerBlock?.lines[0]);
      const block = letterhead ?? rest[0];
      if (block) sellerBlock = { ...block, role: 'seller' };
    }
  }
  const buyerLabelledBlock = buyerBlock?.heading !== null;

  // Identifiers: the buyer's by block or label; those in other parties' blocks are nobody's here.
  const buyerLabelledIds: Identifier[] = [];
  const buyerIds: Identifier[] = [];
  const sellerIds: Identifier[] = [];
  const restIds: Identifier[] = [];
  for (const id of identifiers) {
    if (id.kind === 'iban') continue;
    // A buyer's electronic address says nothing of the buyer's other identifiers.
    if (id.buyerLabelled && id.kind === 'endpoint') buyerIds.push(id);
    else if (id.buyerLabelled) buyerLabelledIds.push(id);
    else if (
      (buyerBlock && inBlock(buyerBlock, id.row, id.cell)) ||
      labelled.some((b) => b.role === 'buyer' && inBlock(b, id.row, id.cell)) ||
      (buyerBlock &&
        !sellerBlock?.lines.some((l) => l.row === id.row) &&
        underBlock(layout, buyerBlock, id.row, id.cell))
    )
      buyerIds.push(id);
    else if (sellerBlock && inBlock(sellerBlock, id.row, id.cell)) sellerIds.push(id);
    else if (others.some((b) => inBlock(b, id.row, id.cell))) continue;
    else restIds.push(id);
  }
  // What a label says is the customer's outweighs where it stands.
  if (buyerLabelledIds.length > 0)
    buyerIds.splice(0, buyerIds.length, ...buyerLabelledIds, ...buyerIds.filter((i) => i.kind !== 'vat'));
  // The buyer's SIREN printed apart from its block is the one its French VAT number holds: never the seller's.
  const buyerValues = new Set(
    [...buyerIds, ...buyerLabelledIds].flatMap((i) => {
      const siren = i.kind === 'vat' ? sirenInVat(i.value) : null;
      return siren ? [i.value, siren] : [i.value];
    }),
  );
  const sellerRest = restIds.filter((i) => !buyerValues.has(i.value));
  const pick = (kind: Identifier['kind'], own: Identifier[], rest: Identifier[]): Chosen | undefined => {
    const mine = own.filter((i) => i.kind === kind);
    if (mine.length) return identifierChoice(mine, 'block');
    const spare = rest.filter((i) => i.kind === kind);
    return spare.length ? identifierChoice(spare, 'rest') : undefined;
  };

  const buyerName = buyerBlock ? nameOf(layout, buyerBlock) : null;
  let sellerName: { value: string; place: Place; confidence: number } | null = null;
  const fromBlock = sellerBlock ? nameOf(layout, sellerBlock) : null;
  if (fromBlock)
    sellerName = {
      ...fromBlock,
      confidence: sellerBlock?.heading ? (fromBlock.keyed ? LABELLED : 0.7) : PLACED,
    };
  else if (sender) {
    // The sender line often shortens the name: a company line that begins with it is the whole name.
    const whole = companyLine(layout, buyerBlock, others, sender.name);
    sellerName = whole ?? { value: sender.name, place: place(sender.row, [sender.cell]), confidence: 0.7 };
  } else {
    const company = letterheadName(layout, buyerBlock) ?? companyLine(layout, buyerBlock, others);
    if (company) sellerName = company;
  }

  const buyer: PartyReading = {
    ...(buyerName
      ? {
          name: {
            value: buyerName.value,
            place: buyerName.place,
            confidence: buyerLabelledBlock ? (buyerName.keyed ? LABELLED : 0.7) : PLACED,
            proven: false,
          },
        }
      : {}),
    ...optional('vat', pick('vat', buyerIds, [])),
    ...optional('legalId', pick('siren', buyerIds, [])),
    ...optional('register', pick('register', buyerIds, [])),
    ...endpointOf(pick('endpoint', buyerIds, []), identifiers),
  };
  const seller: PartyReading = {
    ...(sellerName ? { name: { ...sellerName, proven: false } } : {}),
    ...optional('vat', pick('vat', sellerIds, sellerRest)),
    ...optional('legalId', pick('siren', sellerIds, sellerRest)),
    ...optional('register', pick('register', sellerIds, sellerRest)),
    ...optional('taxNumber', pick('tax', sellerIds, sellerRest)),
    ...endpointOf(pick('endpoint', sellerIds, sellerRest), identifiers),
  };
  const delivery = others.find((b) => b.heading && DELIVERY_PARTY_LABELS.test(b.heading.cell.text));
  const deliverTo = delivery ? countryOf(delivery) : null;
  const located = withCountry(seller, sellerBlock, null);
  const sellerCountry = located.country ?? postcodeCountry(sellerBlock, sender, language);
  return {
    seller: withSiren(sellerCountry ? { ...located, country: sellerCountry } : located),
    buyer: withSiren(withCountry(buyer, buyerBlock, sellerCountry ?? null)),
    ...(deliverTo ? { deliverTo: { ...deliverTo, confidence: LABELLED, proven: false } } : {}),
  };
}

const optional = <K extends string>(key: K, value: Chosen | undefined): Partial<Record<K, Chosen>> =>
  value ? ({ [key]: value } as Record<K, Chosen>) : {};

/** An electronic address chosen, with the scheme it was printed with; its label is all that vouches for it. */
function endpointOf(
  chosen: Chosen | undefined,
  identifiers: readonly Identifier[],
): Pick<PartyReading, 'endpoint'> {
  const scheme = identifiers.find((i) => i.kind === 'endpoint' && i.value === chosen?.value)?.scheme;
  return chosen && scheme
    ? {
        endpoint: {
          ...chosen,
          value: { value: chosen.value, scheme },
          confidence: Math.min(chosen.confidence, LABELLED),
        },
      }
    : {};
}

/** The SIREN a French VAT number holds, when its key agrees. */
function sirenInVat(vat: string): string | null {
  if (!/^FR\d{11}$/.test(vat)) return null;
  const siren = vat.slice(4);
  return (12 + 3 * (Number(siren) % 97)) % 97 === Number(vat.slice(2, 4)) ? siren : null;
}

/**
 * A French party's SIREN (BT-30/BT-47) when only its VAT number is printed: the French VAT number is
 * "FR", a key and the SIREN, and the key (12 + 3 × (SIREN mod 97)) mod 97 must agree for it to count.
 */
function withSiren(party: PartyReading): PartyReading {
  const siren = party.vat && !party.legalId ? sirenInVat(party.vat.value) : null;
  if (!party.vat || !siren) return party;
  return {
    ...party,
    legalId: { ...party.vat, value: siren, confidence: Math.min(party.vat.confidence, LABELLED) },
  };
}

/**
 * The country: the block's address line, else the VAT number's prefix (or France for a SIREN), else —
 * for the buyer — the seller's, when the buyer's address shows a postcode but no country (a domestic
 * invoice).
 */
function withCountry(party: PartyReading, block: Block | null, domestic: Chosen | null): PartyReading {
  const fromAddress = block ? countryOf(block) : null;
  if (fromAddress) {
    const agrees = party.vat?.value.startsWith(fromAddress.value);
    return {
      ...party,
      country: {
        value: fromAddress.value,
        place: fromAddress.place,
        confidence: agrees ? CONFIRMED : LABELLED,
        proven: !!agrees,
      },
    };
  }
  const vat = party.vat;
  if (vat && /^[A-Z]{2}/.test(vat.value) && vat.value.slice(0, 2) !== 'CH' && vat.value.slice(0, 2) !== 'EL')
    return {
      ...party,
      country: { ...vat, value: vat.value.slice(0, 2), confidence: Math.min(vat.confidence, 0.85) },
    };
  if (party.legalId)
    return {
      ...party,
      country: { ...party.legalId, value: 'FR', confidence: Math.min(party.legalId.confidence, 0.8) },
    };
  const hasPostcode = block?.lines.some((l) => l.cells.some((c) => POSTCODE_LINE.test(c.text)));
  if (domestic && hasPostcode) return { ...party, country: { ...domestic, confidence: CHOSEN } };
  return party;
}

/** The languages whose own country alone writes five-digit postcodes (its neighbours writing it, four). */
const FIVE_DIGIT_POSTCODES: Partial<Record<Language, string>> = { de: 'DE', fr: 'FR' };

/**
 * The seller's country when neither its address nor an identifier names it: a five-digit postcode with
 * no country prefix in its block or sender line, on a German or French invoice, is Germany's or
 * France's. A guess from the form of a number, so never confident.
 */
function postcodeCountry(
  block: Block | null,
  sender: { row: Row; cell: Cell } | null,
  language: Language | null,
): Chosen | null {
  const code = language ? FIVE_DIGIT_POSTCODES[language] : undefined;
  if (!code) return null;
  const cells = [
    ...(block?.lines.flatMap((l) => l.cells.map((cell) => ({ row: l.row, cell }))) ?? []),
    ...(sender ? [sender] : []),
  ];
  const postcode = (part: string) => {
    const m = POSTCODE_LINE.exec(part.trim());
    return m?.[2]?.length === 5 && !m[1];
  };
  const at = cells.find(({ cell }) => cell.text.split(/\s*[●•|·]\s*|\s+[-–]\s+/).some(postcode));
  return at ? { value: code, place: place(at.row, [at.cell]), confidence: CHOSEN, proven: false } : null;
}

/**
 * The seller's name over a letterhead whose address is one line of parts ("Atelier Roux" over "ZA des
 * Tilleuls · 06000 Nice · Tél: … · compta@…"): a row alone that reads as a name, above the buyer's
 * block on the first page, right over a row holding a postcode and contact details. Placed only, unless
 * the page prints the name again elsewhere (the footer's legal lines).
 */
function letterheadName(
  layout: Layout,
  buyer: Block | null,
): { value: string; place: Place; confidence: number } | null {
  const limit = buyer?.lines[0]?.row.y ?? (layout.pages.get(1)?.height ?? 842) * 0.3;
  for (const row of layout.rows) {
    if (row.page !== 1 || row.y >= limit) break;
    const [cell] = row.cells;
    if (row.cells.length !== 1 || !cell || !isName(cell.text) || isAddressLine(cell.text)) continue;
    const next = layout.rows[row.index + 1];
    if (!next || next.page !== 1 || next.y - (row.y + row.height) > 2.5 * Math.max(row.height, 8)) continue;
    const parts = next.line.text.split(/\s*[●•|·]\s*|\s+[-–]\s+/);
    if (!CONTACT_DETAILS.test(next.line.text) || !parts.some((p) => POSTCODE_LINE.test(p.trim()))) continue;
    const value = cell.text.trim();
    const again = layout.rows.some((r) => r !== row && r.cells.some((c) => c.text.trim() === value));
    return { value, place: place(row, [cell]), confidence: again ? 0.7 : PLACED };
  }
  return null;
}

/**
 * The seller's name when no block gives it: a line with a company form ("… GmbH", "… SARL") outside the
 * buyer's and other parties' blocks, the highest on the first page, else in a legal mention of the
 * footer ("ACME SARL au capital de …").
 */
function companyLine(
  layout: Layout,
  buyer: Block | null,
  others: readonly Block[],
  startingWith?: string,
): { value: string; place: Place; confidence: number } | null {
  const outside = (row: Row, cell: Cell) =>
    !(buyer && inBlock(buyer, row, cell)) && !others.some((b) => inBlock(b, row, cell));
  for (const row of layout.rows) {
    for (const cell of row.cells) {
      if (!outside(row, cell) || !COMPANY_FORMS.test(cell.text)) continue;
      const text = cell.text.split(/\s*[●•|·,]\s*|\s+[-–]\s+/)[0]!.trim();
      if (startingWith !== undefined) {
        // What follows the short name is more of it, not the address run on after it ("Oakfield Ltd
        // 32 High Street Cardiff CF10 1EP", "Redbrick Print Limited Unit 131, Riverside …" in a footer).
        const more = text.slice(startingWith.length).trim();
        const address = /^\d/.test(more) || isAddressLine(more) || POSTCODE_LINE.test(text);
        if (more && text.startsWith(startingWith) && isName(text) && !address)
          return { value: text, place: place(row, [cell]), confidence: 0.7 };
        continue;
      }
      if (isName(text) && COMPANY_FORMS.test(text))
        return { value: text, place: place(row, [cell]), confidence: PLACED };
      const legal =
        /^(.{2,60}?\b(?:SAS|SASU|SARL|EURL|SA|GmbH|AG|Ltd|LLC|Inc)\b\.?)\s+(?:au\s+capital|with|mit|·)/.exec(
          cell.text,
        );
      if (legal) return { value: legal[1]!.trim(), place: place(row, [cell]), confidence: PLACED };
    }
  }
  return null;
}
