/**
 * A place in the CII tree said in words, for messages people read: the business term that sits there
 * (`Seller name (BT-27)`), or, where EN 16931 has no term (Factur-X EXTENDED additions), a breadcrumb
 * from the nearest term down (`Invoicee › Postal address › Country code`). Rule messages name the data
 * this way and leave the XML path to the finding's location.
 */
import { invoiceTree, type CompiledNode } from './compiled';
import { KEY_WORDS, ATTRIBUTE_WORDS } from './place-vocabulary';
import { ATTRIBUTE_OF, SAME_ELEMENT_AS, TERM_NAMES, termWords, type TermName } from './terms';

/** Words in both languages. */
export type Words = TermName;

interface Place {
  readonly node: CompiledNode;
  readonly parent: Place | null;
  /** The element's qualified name and its ancestors', root first. */
  readonly steps: readonly string[];
}

interface Index {
  readonly byLocal: ReadonlyMap<string, readonly Place[]>;
}

let index: Index | null = null;

function placeIndex(): Index {
  if (index) return index;
  const byLocal = new Map<string, Place[]>();
  const visit = (node: CompiledNode, parent: Place | null): void => {
    const place: Place = { node, parent, steps: [...(parent?.steps ?? []), node.qname] };
    byLocal.set(node.qname, [...(byLocal.get(node.qname) ?? []), place]);
    if (node.kind === 'group') for (const child of node.children) visit(child, place);
  };
  visit(invoiceTree(), null);
  index = { byLocal };
  return index;
}

/** The charge term of each allowance term that shares its element (BT-92 → BT-99, BG-20 → BG-21). */
const CHARGE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(SAME_ELEMENT_AS)
    .filter(([term]) => /charge/i.test(TERM_NAMES[term]?.en ?? ''))
    .map(([charge, allowance]) => [allowance, charge]),
);

/** A term's words, where this registry names it (EXTENDED-only terms are not named here). */
const namedTerm = (term: string): Words | undefined => (TERM_NAMES[term] ? termWords(term) : undefined);

/** The CII elements that hold the value of their parent (a date in its format, an indicator). */
const VALUE_CARRIERS: ReadonlySet<string> = new Set([
  'udt:DateTimeString',
  'udt:DateString',
  'qdt:DateTimeString',
  'udt:Indicator',
]);

interface Step {
  readonly qname: string;
  readonly predicate: string;
}

/** `/a/b[x/y="1"]/c` → its steps with their predicates (a predicate may hold slashes and quotes). */
function stepsOf(path: string): { rooted: boolean; steps: Step[] } {
  const rooted = path.startsWith('/') && !path.startsWith('//');
  const steps: Step[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const c of path.replace(/^\/+/, '')) {
    if (quote) quote = c === quote ? '' : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '/' && depth === 0) {
      if (current) steps.push(stepOf(current));
      current = '';
      continue;
    }
    current += c;
  }
  if (current) steps.push(stepOf(current));
  return { rooted, steps };
}

function stepOf(text: string): Step {
  const at = text.indexOf('[');
  return at < 0 ? { qname: text, predicate: '' } : { qname: text.slice(0, at), predicate: text.slice(at) };
}

/** Whether the path selects charges (true), allowances (false) or does not say (undefined). */
function chargeOf(steps: readonly Step[]): boolean | undefined {
  const m = steps
    .map((s) => /ChargeIndicator\/udt:Indicator\s*=\s*["']?(true|false)/.exec(s.predicate))
    .find(Boolean);
  return m ? m[1] === 'true' : undefined;
}

const join = (crumbs: readonly Words[]): Words => ({
  en: crumbs.map((c) => c.en).join(' › '),
  fr: crumbs.map((c) => c.fr).join(' › '),
});

/**
 * The term a node carries where the path leaves no doubt: the charge term under a charge; none for a
 * node whose element carries several terms told apart by a condition the path states otherwise
 * (`SpecifiedTaxRegistration[ram:ID/@schemeID="FC"]`), which is then named by its words.
 */
function termOf(node: CompiledNode, charge: boolean | undefined, predicate: string): string | undefined {
  const term = node.node.term;
  if (!term) return undefined;
  if (charge === true) return CHARGE_OF.get(term) ?? term;
  const conditional = predicate !== '' && !/^\[\d+\]$/.test(predicate);
  if (conditional && (node.node.alsoTerms?.length ?? 0) > 0 && !CHARGE_OF.has(term)) return undefined;
  return term;
}

/** Where the vocabulary has no words (its test makes sure it has words for every key and attribute). */
const SOME_DATA: Words = { en: 'Data', fr: 'Donnée' };

const ROOT: Words = KEY_WORDS['']!;

const wordsOfKey = (node: CompiledNode): Words | undefined => KEY_WORDS[node.key];

/** The breadcrumb of a place: from its nearest ancestor with a term (or the top) down to it. */
function crumbsOf(
  place: Place,
  charge: boolean | undefined,
  predicates: ReadonlyMap<Place, string>,
): Words[] {
  const own = termOf(place.node, charge, predicates.get(place) ?? '');
  const named = own ? namedTerm(own) : undefined;
  if (named) return [named];
  const words = wordsOfKey(place.node) ?? SOME_DATA;
  const crumbs: Words[] = [words];
  let wrapper: Words | undefined;
  for (let at = place.parent; at && at.parent; at = at.parent) {
    // Wrappers (`ram:ApplicableHeaderTradeSettlement`, `ram:TelephoneUniversalCommunication`) say
    // nothing their children do not; the nearest names the data only when nothing above does.
    if (at.node.key.startsWith('_')) {
      wrapper ??= wordsOfKey(at.node);
      continue;
    }
    const term = termOf(at.node, charge, predicates.get(at) ?? '');
    const words = (term && namedTerm(term)) || wordsOfKey(at.node);
    if (words) crumbs.unshift(words);
    if (term) return crumbs;
  }
  // Nothing above has a name: the wrapper it sits in says where (`Document › Name`), or the invoice.
  if (crumbs.length === 1) crumbs.unshift(place.node.key.startsWith('_') ? ROOT : (wrapper ?? ROOT));
  return crumbs;
}

/** The places a path selects: the whole path from the root, or (`//…`) any place it ends. */
function placesOf(path: string): {
  places: Place[];
  charge: boolean | undefined;
  predicates: Map<Place, string>;
} {
  const { rooted, steps: all } = stepsOf(path);
  // A date's or an indicator's value sits in a child of the element that carries the term.
  const steps = all.filter((s, i) => i < all.length - 1 || !VALUE_CARRIERS.has(s.qname));
  const predicates = new Map<Place, string>();
  const last = steps[steps.length - 1];
  const candidates = last ? (placeIndex().byLocal.get(last.qname) ?? []) : [];
  const places = candidates.filter((place) => {
    if (rooted ? place.steps.length !== steps.length : place.steps.length < steps.length) return false;
    const offset = place.steps.length - steps.length;
    return steps.every((s, i) => place.steps[offset + i] === s.qname);
  });
  for (const place of places) {
    let at: Place | null = place;
    for (let i = steps.length - 1; i >= 0 && at; i--, at = at.parent) {
      if (steps[i]!.predicate) predicates.set(at, steps[i]!.predicate);
    }
  }
  return { places, charge: chargeOf(steps), predicates };
}

/**
 * The words for the element a CII path selects (`/rsm:CrossIndustryInvoice/…/ram:Name`,
 * `//ram:PostalTradeAddress`, predicates allowed), or undefined when no element of the model sits there.
 * A path that selects several places is named by what they have in common.
 */
export function placeWords(path: string): Words | undefined {
  const { places, charge, predicates } = placesOf(path);
  const named = new Map<string, Words>();
  for (const place of places) {
    const words = join(crumbsOf(place, charge, predicates));
    named.set(words.en, words);
  }
  if (named.size <= 1) return [...named.values()][0];
  const keys = new Set(places.map((p) => p.node.key));
  const common = keys.size === 1 ? wordsOfKey(places[0]!.node) : undefined;
  if (common) return common;
  const [first, second] = [...named.values()];
  return named.size === 2
    ? { en: `${first!.en} or ${second!.en}`, fr: `${first!.fr} ou ${second!.fr}` }
    : first;
}

/**
 * The words for an attribute (`schemeID`, `@format`) of the element a path selects, or undefined when
 * the model has no element there or no words for the attribute.
 */
export function attributeWords(path: string, attribute: string): Words | undefined {
  const name = attribute.replace(/^@/, '');
  const { places, charge, predicates } = placesOf(path);
  const only = places.length === 1 ? places[0]! : undefined;
  const term = only && termOf(only.node, charge, predicates.get(only) ?? '');
  const qualifier =
    term && Object.entries(ATTRIBUTE_OF).find(([, [of, attr]]) => of === term && attr === name)?.[0];
  const qualified = qualifier ? namedTerm(qualifier) : undefined;
  if (qualified) return qualified;
  const words = ATTRIBUTE_WORDS[name];
  const element = placeWords(path);
  return words && element ? join([element, words]) : undefined;
}

/**
 * An element or attribute the model does not carry (`ram:SpecifiedTransactionID`), its name spelled out
 * in words (`specified transaction ID`), the same in both languages: what a reader can still recognise.
 */
export function spelledName(qname: string): Words {
  const words = qname
    .replace(/^@?\w+:|^@/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((word) => (/^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word))
    .join(' ');
  return { en: words, fr: words };
}
