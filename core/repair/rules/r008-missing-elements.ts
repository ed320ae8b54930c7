/**
 * R008: required elements that are missing and follow from what the document (or the request) already
 * says, never from invented facts. Each addition, and what it is derived from:
 *
 * - BT-24 specification identifier (`GuidelineSpecifiedDocumentContextParameter/ID`): the guideline
 *   id of the profile the caller named in `target_profile` (constraints or query). Without an explicit
 *   profile nothing is added (detection itself reads BT-24).
 * - `TypeCode` of a VAT breakdown or of an allowance/charge VAT (`ApplicableTradeTax`,
 *   `CategoryTradeTax`): `VAT`, the only tax type EN16931 has.
 * - BT-106 sum of line net amounts: the sum of every line's BT-131 (BR-CO-10), when every line has one.
 * - BT-115 amount due for payment: BT-112 − BT-113 + BT-114 (BR-CO-16), when BT-112 is there.
 * - BT-30 / BT-47 legal registration identifier of a party whose global identifier is a SIRET (scheme
 *   0009, valid key): its first nine digits, the SIREN, in scheme 0002. This creates a party
 *   aggregate, so it is gated by `do_not_invent_missing_parties` (flag `createsPartyData`).
 *
 * New amounts are amounts that did not exist: they carry `altersAmountValue` and are refused under
 * `do_not_modify_amounts`. No seller, buyer or payee is ever created, in any mode.
 */
import { RAM, RSM } from '../../cii/namespaces';
import { GUIDELINE_ID } from '../../cii/profile';
import { Decimal } from '../../decimal/decimal';
import { hasValidSiretKey } from '../../rules/france-2026/siren';
import { attribute, childrenNamed, descend, descendAll, firstChild, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { change, type Change, type Declined, type Message, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { escapeText, insertChild, prefixFor, qualified } from '../source-edits';

const SUMMATION_ORDER = [
  'LineTotalAmount',
  'ChargeTotalAmount',
  'AllowanceTotalAmount',
  'TaxBasisTotalAmount',
  'TaxTotalAmount',
  'RoundingAmount',
  'GrandTotalAmount',
  'TotalPrepaidAmount',
  'DuePayableAmount',
];
const CONTEXT_ORDER = [
  'TestIndicator',
  'BusinessProcessSpecifiedDocumentContextParameter',
  'GuidelineSpecifiedDocumentContextParameter',
];
const TAX_ORDER = ['CalculatedAmount', 'TypeCode'];
const PARTY_ORDER = ['ID', 'GlobalID', 'Name', 'RoleCode', 'Description', 'SpecifiedLegalOrganization'];

/** The last existing child that comes before `local` in the schema's sequence (null: insert first). */
function predecessor(parent: XmlElement, order: readonly string[], local: string): XmlElement | null {
  const before = new Set(order.slice(0, order.indexOf(local)));
  let last: XmlElement | null = null;
  for (const c of parent.children) if (c.kind === 'element' && c.ns === RAM && before.has(c.local)) last = c;
  return last;
}

interface Addition {
  readonly parent: XmlElement;
  readonly order: readonly string[];
  /** The element added (its local name, in ram) and its content, already XML. */
  readonly local: string;
  readonly content: string;
  readonly display: string;
  readonly message: Message;
  readonly amount?: boolean;
  readonly party?: boolean;
}

function changeOf(add: Addition, source: string): Change | null {
  const prefix = prefixFor(add.parent, RAM);
  if (prefix === null) return null;
  const name = qualified(prefix, add.local);
  const content = add.content.replace(/<(\/?)ram:/g, `<$1${prefix === '' ? '' : prefix + ':'}`);
  const edit = insertChild(
    add.parent,
    predecessor(add.parent, add.order, add.local),
    `<${name}>${content}</${name}>`,
    source,
  );
  if (!edit) return null;
  return change({
    ruleId: 'R008',
    code: 'element_added',
    path: `${pathOf(add.parent)}/ram:${add.local}`,
    edits: [edit],
    before: null,
    after: add.display,
    message: add.message,
    touchesAmount: add.amount ?? false,
    altersAmountValue: add.amount ?? false,
    createsPartyData: add.party ?? false,
  });
}

function decimalOf(el: XmlElement | undefined): Decimal | null {
  return el ? Decimal.parse(textOf(el)) : null;
}

function guideline(ctx: RuleContext, additions: Addition[], declined: Declined[]): void {
  const context = firstChild(ctx.doc.root, RSM, 'ExchangedDocumentContext');
  if (!context) return;
  const parameter = firstChild(context, RAM, 'GuidelineSpecifiedDocumentContextParameter');
  if (parameter && firstChild(parameter, RAM, 'ID')) return;
  if (!ctx.requestedProfile) {
    declined.push({
      ruleId: 'R008',
      path: `${pathOf(context)}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
      before: null,
      message: {
        en: 'BT-24 specification identifier missing: name target_profile to have it added',
        fr: "BT-24 identifiant de spécification manquant : indiquez target_profile pour qu'il soit ajouté",
      },
    });
    return;
  }
  const id = GUIDELINE_ID[ctx.requestedProfile];
  const message = {
    en: `BT-24 specification identifier added for the requested profile ${ctx.requestedProfile}: ${id}`,
    fr: `BT-24 identifiant de spécification ajouté pour le profil demandé ${ctx.requestedProfile} : ${id}`,
  };
  if (parameter) {
    additions.push({
      parent: parameter,
      order: ['ID'],
      local: 'ID',
      content: escapeText(id),
      display: id,
      message,
    });
  } else {
    additions.push({
      parent: context,
      order: CONTEXT_ORDER,
      local: 'GuidelineSpecifiedDocumentContextParameter',
      content: `<ram:ID>${escapeText(id)}</ram:ID>`,
      display: id,
      message,
    });
  }
}

function taxTypeCodes(ctx: RuleContext, additions: Addition[]): void {
  for (const el of elementsOf(ctx.doc)) {
    if (el.ns !== RAM || (el.local !== 'ApplicableTradeTax' && el.local !== 'CategoryTradeTax')) continue;
    if (firstChild(el, RAM, 'TypeCode')) continue;
    additions.push({
      parent: el,
      order: TAX_ORDER,
      local: 'TypeCode',
      content: 'VAT',
      display: 'VAT',
      message: {
        en: 'Missing tax type code added: VAT (the only tax type of EN16931)',
        fr: "Code de type de taxe manquant ajouté : VAT (seul type de taxe de l'EN16931)",
      },
    });
  }
}

function totals(ctx: RuleContext, additions: Addition[]): void {
  const transaction = firstChild(ctx.doc.root, RSM, 'SupplyChainTradeTransaction');
  if (!transaction) return;
  const summation = descend(
    transaction,
    [RAM, 'ApplicableHeaderTradeSettlement'],
    [RAM, 'SpecifiedTradeSettlementHeaderMonetarySummation'],
  );
  if (!summation) return;
  const has = (local: string): XmlElement | undefined => firstChild(summation, RAM, local);

  if (!has('LineTotalAmount')) {
    const lines = childrenNamed(transaction, RAM, 'IncludedSupplyChainTradeLineItem');
    const amounts = lines.map((line) =>
      decimalOf(
        descendAll(
          line,
          [RAM, 'SpecifiedLineTradeSettlement'],
          [RAM, 'SpecifiedTradeSettlementLineMonetarySummation'],
          [RAM, 'LineTotalAmount'],
        )[0],
      ),
    );
    if (lines.length > 0 && amounts.every((a): a is Decimal => a !== null)) {
      const sum = Decimal.sum(amounts).toString();
      additions.push({
        parent: summation,
        order: SUMMATION_ORDER,
        local: 'LineTotalAmount',
        content: sum,
        display: sum,
        amount: true,
        message: {
          en: `BT-106 sum of invoice line net amounts added: ${sum}, the sum of the ${lines.length} line net amounts (BR-CO-10)`,
          fr: `BT-106 somme des montants nets des lignes ajoutée : ${sum}, somme des ${lines.length} montants nets de ligne (BR-CO-10)`,
        },
      });
    }
  }

  const grand = decimalOf(has('GrandTotalAmount'));
  const prepaid = has('TotalPrepaidAmount') ? decimalOf(has('TotalPrepaidAmount')) : Decimal.ZERO;
  const rounding = has('RoundingAmount') ? decimalOf(has('RoundingAmount')) : Decimal.ZERO;
  if (!has('DuePayableAmount') && grand && prepaid && rounding) {
    const due = grand.minus(prepaid).plus(rounding).toString();
    additions.push({
      parent: summation,
      order: SUMMATION_ORDER,
      local: 'DuePayableAmount',
      content: due,
      display: due,
      amount: true,
      message: {
        en: `BT-115 amount due for payment added: ${due} = BT-112 − BT-113 + BT-114 (BR-CO-16)`,
        fr: `BT-115 montant à payer ajouté : ${due} = BT-112 − BT-113 + BT-114 (BR-CO-16)`,
      },
    });
  }
}

function legalRegistrations(ctx: RuleContext, additions: Addition[]): void {
  for (const party of elementsOf(ctx.doc)) {
    if (party.ns !== RAM || (party.local !== 'SellerTradeParty' && party.local !== 'BuyerTradeParty'))
      continue;
    if (firstChild(party, RAM, 'SpecifiedLegalOrganization')) continue;
    const siret = childrenNamed(party, RAM, 'GlobalID').find(
      (g) => attribute(g, 'schemeID')?.value === '0009' && hasValidSiretKey(textOf(g).trim()),
    );
    if (!siret) continue;
    const siren = textOf(siret).trim().slice(0, 9);
    const bt = party.local === 'SellerTradeParty' ? 'BT-30' : 'BT-47';
    additions.push({
      parent: party,
      order: PARTY_ORDER,
      local: 'SpecifiedLegalOrganization',
      content: `<ram:ID schemeID="0002">${siren}</ram:ID>`,
      display: siren,
      party: true,
      message: {
        en: `${bt} legal registration identifier added: SIREN ${siren}, the first nine digits of the party's SIRET`,
        fr: `${bt} identifiant d'immatriculation ajouté : SIREN ${siren}, les neuf premiers chiffres du SIRET de la partie`,
      },
    });
  }
}

function run(ctx: RuleContext): RuleOutput {
  const additions: Addition[] = [];
  const declined: Declined[] = [];
  guideline(ctx, additions, declined);
  taxTypeCodes(ctx, additions);
  totals(ctx, additions);
  legalRegistrations(ctx, additions);
  const changes = additions.map((a) => changeOf(a, ctx.source)).filter((c): c is Change => c !== null);
  return { changes, declined };
}

export const r008MissingElements: RepairRule = { id: 'R008', run };
