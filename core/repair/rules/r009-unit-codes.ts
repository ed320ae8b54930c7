/**
 * R009: quantity unit codes meaning "piece" that are not UN/ECE Recommendation 20 codes (`PCE`, `pcs`,
 * `Stk`, `unité`, `pieces`, …) become `C62` ("one", the Rec 20 code for a unit count). A code of the
 * EN16931 list (BR-CL-23) is never touched, whatever it looks like (`EA`, `H87`, `ST`); an unknown code
 * that does not mean a piece is left for a human.
 */
import { UNECE_UNIT_CODES } from '../../rules/codelists/unece-rec20';
import { change, type Change, type Declined, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { replaceAttributeValue } from '../source-edits';

/** Spellings of "piece(s)" / "unit(s)" in invoices (en, fr, de, nl, it, es), accents and case folded. */
const PIECE_SPELLINGS = new Set([
  'pce',
  'pces',
  'pc',
  'pcs',
  'piece',
  'pieces',
  'unit',
  'units',
  'unite',
  'unites',
  'stk',
  'stck',
  'stuck',
  'stueck',
  'stuk',
  'stuks',
  'pz',
  'pezzi',
  'pezzo',
  'ud',
  'uds',
  'unidad',
  'unidades',
]);

function fold(code: string): string {
  return code.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');
}

function run({ doc }: RuleContext): RuleOutput {
  const changes: Change[] = [];
  const declined: Declined[] = [];
  for (const el of elementsOf(doc)) {
    const attr = el.attributes.find((a) => a.local === 'unitCode' && a.ns === null);
    if (!attr || UNECE_UNIT_CODES.has(attr.value)) continue;
    if (PIECE_SPELLINGS.has(fold(attr.value))) {
      changes.push(
        change({
          ruleId: 'R009',
          code: 'code_corrected',
          path: pathOf(el, 'unitCode'),
          edits: [replaceAttributeValue(attr, 'C62')],
          before: attr.value,
          after: 'C62',
          message: {
            en: `Unit code ${attr.value} (piece) replaced by the UN/ECE Rec 20 code C62 (one)`,
            fr: `Code unité ${attr.value} (pièce) remplacé par le code UN/ECE Rec 20 C62 (un)`,
          },
        }),
      );
    } else {
      declined.push({
        ruleId: 'R009',
        path: pathOf(el, 'unitCode'),
        before: attr.value,
        message: {
          en: `Unit code ${attr.value} is not a UN/ECE Rec 20 code and does not mean a piece: left for a human`,
          fr: `Le code unité ${attr.value} n'est pas un code UN/ECE Rec 20 et ne désigne pas une pièce : laissé à une personne`,
        },
      });
    }
  }
  return { changes, declined };
}

export const r009UnitCodes: RepairRule = { id: 'R009', run };
