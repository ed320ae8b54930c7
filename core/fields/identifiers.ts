/**
 * Identifiers printed on an invoice, each with where it stands and how far its own check confirms it:
 * VAT identifiers (BT-31/BT-48; French and German keys checked), SIREN/SIRET (BT-30/BT-47; Luhn), a
 * German trade register number (BT-30 with no scheme: "HRB 5784"), a tax registration after its label
 * (BT-32, scheme FC: "Steuer-Nr. 198/949/22082"), IBANs (BT-84; mod 97, also across a line break) and
 * electronic addresses where a label names them (BT-34/BT-49: an e-mail, or a SIREN for French
 * routing, with their scheme). A failing key lowers trust
 * but does not reject an identifier its label names (sample invoices carry made-up ones); an unlabelled
 * one must pass its check.
 * Whose identifier it is (seller or buyer) is parties.ts's question; a label that says "client",
 * "Kunde", "customer" beside it answers it here.
 */
import type { Cell, Layout, Row } from '../text/layout';
import { below, overlapX, rightOf, sentenceGoesOn } from '../text/layout';
import {
  BUYER_ID_LABEL,
  BUYER_LABELS,
  ELECTRONIC_ADDRESS_LABEL,
  IBAN_LABEL,
  TAX_NUMBER_LABEL,
  VAT_LABEL,
} from './labels';
import { isIban, isLuhn } from './check-keys';
import { IBAN_PATTERN, readVatId, VAT_PATTERN } from './values';

export interface Identifier {
  readonly kind: 'vat' | 'siren' | 'register' | 'tax' | 'iban' | 'endpoint';
  /** Normalized: no spaces; a SIREN as 9 digits (a SIRET gives its first 9). */
  readonly value: string;
  readonly row: Row;
  readonly cell: Cell;
  /** The text it was read from. */
  readonly text: string;
  /** A label names it (VAT, SIREN, IBAN). */
  readonly labelled: boolean;
  /** Its check key passed (true), failed (false), or none is known (null). */
  readonly keyOk: boolean | null;
  /** A label beside it says it is the buyer's. */
  readonly buyerLabelled: boolean;
  /** An electronic address's scheme (EAS: "EM" e-mail, "0225" SIREN). */
  readonly scheme?: string;
}

/**
 * The text before a match within its cell, and the cell left of it (or, for a row's first cell, the
 * line of a sentence it goes on from): where its label stands.
 */
function labelText(layout: Layout, row: Row, cell: Cell, index: number): string {
  const at = row.cells.indexOf(cell);
  const above = layout.rows[row.index - 1];
  const left =
    at > 0
      ? row.cells[at - 1]!.text
      : above && sentenceGoesOn(layout, above) === row
        ? above.cells[0]!.text
        : '';
  return `${left} ${cell.text.slice(0, index)}`;
}

/**
 * The text of a cell that ends a line of a sentence, with the start of the line it goes on to, and
 * where the cell's own text ends in it: a VAT number wrapped after its country code ("FR" over
 * "82 921 527 636") is read across.
 */
function goingOn(layout: Layout, row: Row, cell: Cell): { text: string; end: number } | null {
  const next = sentenceGoesOn(layout, row) ?? centredGoesOn(layout, row);
  return next ? { text: `${cell.text} ${next.cells[0]!.text}`, end: cell.text.length } : null;
}

/**
 * The line a centred letterhead line wraps on to: the next row of its page, one cell under one cell,
 * no more than a line's height under it, centred on the same axis ("… · VAT Reg. No.: GB" over
 * "800 533 182").
 */
function centredGoesOn(layout: Layout, row: Row): Row | null {
  const next = layout.rows[row.index + 1];
  const [only] = row.cells;
  const [under] = next?.cells ?? [];
  if (!next || !only || !under || row.cells.length !== 1 || next.cells.length !== 1) return null;
  if (next.page !== row.page || next.y - (row.y + row.height) > row.height) return null;
  const centre = (c: Cell) => c.x + c.width / 2;
  return Math.abs(centre(only) - centre(under)) <= 3 && under.width < only.width ? next : null;
}

/**
 * The heading right over a cell that starts with its value, in a row of headings over a row of values
 * ("N° TVA client" over "FR16453414344"): the cell of the row just above that stands over it.
 */
function headingOver(layout: Layout, row: Row, cell: Cell): string {
  const above = layout.rows[row.index - 1];
  if (!above || above.page !== row.page || row.y - (above.y + above.height) > 1.2 * Math.max(row.height, 6))
    return '';
  return above.cells.find((c) => Math.abs(c.x - cell.x) < 3 || overlapX(c, cell) > 0.5)?.text ?? '';
}

/** A party word of the buyer's right before an identifier ("Leistungsempfänger: ATU49220766"). */
const AFTER_BUYER = new RegExp(`(?:${BUYER_LABELS.source})\\s*:?\\s*$`, BUYER_LABELS.flags);

function vatIds(layout: Layout, row: Row, cell: Cell): Identifier[] {
  const out: Identifier[] = [];
  const across = goingOn(layout, row, cell);
  // Across the wrap, only a well-formed number that the line alone does not hold.
  const wrapped = across
    ? [...across.text.matchAll(VAT_PATTERN)].filter((m) => {
        const from = m.index ?? 0;
        if (from >= across.end || from + m[0].length <= across.end) return false;
        const alone = readVatId(across.text.slice(from, across.end));
        return !alone?.wellFormed && readVatId(m[0])?.wellFormed === true;
      })
    : [];
  for (const m of [...cell.text.matchAll(VAT_PATTERN), ...wrapped]) {
    const read = readVatId(m[0]);
    if (!read) continue;
    const own = labelText(layout, row, cell, m.index ?? 0);
    // A value alone in its cell, with no label before it, is labelled by the heading over it.
    const before =
      own.trim() === '' || (!VAT_LABEL.test(own.slice(-40)) && cell.text.slice(0, m.index).trim() === '')
        ? `${headingOver(layout, row, cell)} ${own}`
        : own;
    const labelled = VAT_LABEL.test(before.slice(-40));
    if (!read.wellFormed && !labelled) continue;
    out.push({
      kind: 'vat',
      value: read.value,
      row,
      cell,
      text: m[0].trim(),
      labelled,
      keyOk: read.wellFormed ? read.keyOk : false,
      buyerLabelled: BUYER_ID_LABEL.test(before.slice(-50)) || AFTER_BUYER.test(before.slice(-40)),
    });
  }
  return out;
}

function sirens(layout: Layout, row: Row, cell: Cell): Identifier[] {
  const out: Identifier[] = [];
  for (const m of cell.text.matchAll(
    /\b(SIRE[NT]|RCS(?:\s+[\p{L}-]+){0,3})\s*(?:n[°ºo])?\s*:?\s*((?:\d[\s.]?){9,14})/giu,
  )) {
    const digits = m[2]!.replace(/\D/g, '');
    if (digits.length !== 9 && digits.length !== 14) continue;
    out.push({
      kind: 'siren',
      value: digits.slice(0, 9),
      row,
      cell,
      text: m[0].trim(),
      labelled: true,
      keyOk: isLuhn(digits) && isLuhn(digits.slice(0, 9)),
      buyerLabelled:
        BUYER_ID_LABEL.test(labelText(layout, row, cell, m.index ?? 0).slice(-50)) ||
        /client|kunde|customer/i.test(labelText(layout, row, cell, m.index ?? 0).slice(-30)),
    });
  }
  return out;
}

/**
 * A German trade register number (Handelsregister A or B, "Amtsgericht Köln HRB 1234", "HRB Nr.
 * 372876"): the seller's legal registration (BT-30), which no international scheme codes.
 */
function registers(row: Row, cell: Cell): Identifier[] {
  return [...cell.text.matchAll(/\b(HR[AB])\s*(?:Nr\.?\s*)?(\d{1,6})(?![\d/])/g)].map((m) => ({
    kind: 'register' as const,
    value: `${m[1]} ${m[2]}`,
    row,
    cell,
    text: m[0],
    labelled: true,
    keyOk: null,
    buyerLabelled: false,
  }));
}

/** Digits in groups a tax office prints ("198/949/22082", "22/815/0815/4", "12-3456789", "2181508150"). */
const TAX_NUMBER = /^\s*[:.]?\s*(\d+(?:[/ -]\d+){0,4})(?![\d/-]|[A-Za-z])/;

/**
 * A tax registration number after its label, in its cell or the next, or under the heading over it
 * (BT-32): 9 to 13 digits, no letters (a VAT number after "Tax No." is read as a VAT number).
 */
function taxNumbers(layout: Layout, row: Row, cell: Cell): Identifier[] {
  const label = TAX_NUMBER_LABEL.exec(cell.text);
  const after = label
    ? cell.text.slice((label.index ?? 0) + label[0].length)
    : TAX_NUMBER_LABEL.test(headingOver(layout, row, cell))
      ? cell.text
      : null;
  if (after === null) return [];
  // A label in a cell of its own ("Steuernummer:") has its value in the next.
  const value = TAX_NUMBER.exec(/\d/.test(after) ? after : (rightOf(row, cell)?.text ?? ''))?.[1];
  const digits = value?.replace(/\D/g, '').length ?? 0;
  if (!value || digits < 9 || digits > 13) return [];
  const before = label ? cell.text.slice(0, label.index) : '';
  return [
    {
      kind: 'tax',
      value: value.trim(),
      row,
      cell,
      text: `${label?.[0] ?? ''} ${value}`.trim(),
      labelled: true,
      keyOk: null,
      buyerLabelled: /\b(?:ihre|your|votre|kunden?|client|customer)\b/i.test(before.slice(-20)),
    },
  ];
}

function ibans(layout: Layout, row: Row, cell: Cell): Identifier[] {
  const out: Identifier[] = [];
  for (const m of cell.text.matchAll(IBAN_PATTERN)) {
    let value = m[0].replace(/\s+/g, '');
    let ok = isIban(value);
    if (!ok && (m.index ?? 0) + m[0].length >= cell.text.trimEnd().length) {
      // An IBAN broken over two lines of its column: the rest stands right under it.
      const [next] = below(layout, row, cell, { within: 1 });
      const rest = next?.cell.text.replace(/\s+/g, '') ?? '';
      if (/^[A-Z0-9]{1,12}$/.test(rest) && isIban(value + rest)) {
        value += rest;
        ok = true;
      }
    }
    const labelled = IBAN_LABEL.test(labelText(layout, row, cell, m.index ?? 0));
    if (!ok && !labelled) continue;
    out.push({
      kind: 'iban',
      value,
      row,
      cell,
      text: m[0].trim(),
      labelled,
      keyOk: ok,
      buyerLabelled: false,
    });
  }
  return out;
}

/** Words beside an electronic address that make it the buyer's: where invoices are sent to. */
const BUYER_ADDRESS = /facturation|client|acheteur|buyer|customer|kunde|k[äa]ufer|empf[äa]nger/i;

/**
 * An electronic address after its label, in its cell or the next: an e-mail, or a SIREN (French
 * routing), with the scheme printed in brackets ("(EM)", "(0225)") or told by its form.
 */
function endpoints(row: Row, cell: Cell): Identifier[] {
  const label = ELECTRONIC_ADDRESS_LABEL.exec(cell.text);
  if (!label) return [];
  const after = `${cell.text.slice((label.index ?? 0) + label[0].length)} ${rightOf(row, cell)?.text ?? ''}`;
  // The label's own words run up to the colon: "de facturation (0225) : 987 654 321".
  const colon = after.indexOf(':');
  const head = colon >= 0 && colon < 40 ? after.slice(0, colon) : '';
  const value = after.slice(head.length).replace(/^\s*:?\s*/, '');
  const mail = /^([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/.exec(value)?.[1];
  const siren = mail ? null : /^((?:\d\s?){9})(?!\d)/.exec(value)?.[1]?.replace(/\s/g, '');
  const address = mail ?? siren;
  if (!address) return [];
  const printed = /\(\s*([A-Z]{2}|\d{4})\s*\)/.exec(head)?.[1];
  return [
    {
      kind: 'endpoint',
      value: address,
      row,
      cell,
      text: `${label[0]} ${address}`,
      labelled: true,
      keyOk: siren ? isLuhn(siren) : null,
      buyerLabelled: BUYER_ADDRESS.test(`${label[0]} ${head}`),
      scheme: printed ?? (siren ? '0225' : 'EM'),
    },
  ];
}

/** Every identifier of the document, in reading order. */
export function identifiersOf(layout: Layout): Identifier[] {
  const out: Identifier[] = [];
  for (const row of layout.rows) {
    for (const cell of row.cells) {
      const taken = ibans(layout, row, cell);
      out.push(...taken);
      // The country letters and digits of an IBAN are no VAT number.
      out.push(
        ...vatIds(layout, row, cell).filter((v) => !taken.some((i) => i.value.includes(v.value.slice(2)))),
      );
      out.push(...sirens(layout, row, cell));
      out.push(...registers(row, cell));
      out.push(...taxNumbers(layout, row, cell));
      out.push(...endpoints(row, cell));
    }
  }
  return out;
}
