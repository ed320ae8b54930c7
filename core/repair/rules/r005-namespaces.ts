/**
 * R005: wrong or missing namespace URIs and prefixes of the CII namespaces (rsm, ram, udt, qdt).
 * Only for a document whose root is `CrossIndustryInvoice` (a ZUGFeRD 1.0 `CrossIndustryDocument`
 * is another format, its ram:12 namespaces are right there).
 *
 * - A namespace declaration whose URI is a CII URI with another case (`…:reusableAggregate…:100`),
 *   another version (`…:CrossIndustryInvoice:99`) or surrounding spaces gets the right URI.
 * - The declaration that binds the root `CrossIndustryInvoice` gets the rsm URI, whatever it was
 *   (e.g. the ZUGFeRD 1.0 `urn:ferd:CrossIndustryDocument:invoice:1p0`).
 * - An element in the wrong CII namespace for its place, or in none (undeclared prefix), gets the
 *   prefix the document binds to the right one. The place decides: the root and its children
 *   `ExchangedDocumentContext`, `ExchangedDocument`, `SupplyChainTradeTransaction` are rsm, everything
 *   deeper is ram, except the data-type leaves `DateTimeString`, `DateString`, `Indicator` (udt or qdt
 *   depending on their parent: not guessed). When the right namespace has no prefix in scope, the
 *   element's own prefix is declared for it on the element.
 *
 * `xsi:schemaLocation` hints are left as they are (no validator reads them).
 */
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';
import type { XmlDocument, XmlElement } from '../../xml/tree';
import { change, type Change, type Declined, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { addAttribute, prefixFor, qualified, renameElement, replaceAttributeValue } from '../source-edits';

const CII_URIS = [RSM, RAM, UDT, QDT] as const;
const CII_URI_SHAPE = /^urn:un:unece:uncefact:data:standard:([A-Za-z]+):\d+$/i;
const RSM_CHILDREN = new Set([
  'ExchangedDocumentContext',
  'ExchangedDocument',
  'SupplyChainTradeTransaction',
]);
const DATA_TYPE_LEAVES = new Set(['DateTimeString', 'DateString', 'Indicator']);

/** The CII URI a mistyped URI stands for, or null. */
export function ciiUriVariant(uri: string): string | null {
  const trimmed = uri.trim();
  if ((CII_URIS as readonly string[]).includes(trimmed)) return trimmed === uri ? null : trimmed;
  const lower = trimmed.toLowerCase();
  const byCase = CII_URIS.find((n) => n.toLowerCase() === lower);
  if (byCase) return byCase;
  const name = CII_URI_SHAPE.exec(trimmed)?.[1]?.toLowerCase();
  return CII_URIS.find((n) => CII_URI_SHAPE.exec(n)?.[1]?.toLowerCase() === name) ?? null;
}

function expectedNamespace(el: XmlElement): string | 'ambiguous' {
  if (!el.parent) return RSM;
  if (!el.parent.parent) return RSM_CHILDREN.has(el.local) ? RSM : RAM;
  return DATA_TYPE_LEAVES.has(el.local) ? 'ambiguous' : RAM;
}

function declarationFixes(doc: XmlDocument, changes: Change[]): void {
  const root = doc.root;
  for (const el of [root, ...elementsOf(doc)]) {
    for (const attr of el.attributes) {
      if (attr.name !== 'xmlns' && attr.prefix !== 'xmlns') continue;
      const declared = attr.prefix === 'xmlns' ? attr.local : '';
      const bindsRoot = el === root && declared === (root.prefix ?? '');
      const right = bindsRoot && attr.value !== RSM ? RSM : ciiUriVariant(attr.value);
      if (!right) continue;
      changes.push(
        change({
          ruleId: 'R005',
          code: 'namespace_corrected',
          path: pathOf(el, attr.name),
          edits: [replaceAttributeValue(attr, right)],
          before: attr.value,
          after: right,
          message: {
            en: `Namespace URI of ${attr.name} corrected to the CII D16B URI ${right}`,
            fr: `URI d'espace de noms de ${attr.name} corrigée en l'URI CII D16B ${right}`,
          },
        }),
      );
    }
  }
}

function prefixFixes(doc: XmlDocument, changes: Change[], declined: Declined[]): void {
  for (const el of [doc.root, ...elementsOf(doc)]) {
    const inCii = el.ns !== null && (CII_URIS as readonly string[]).includes(el.ns);
    if (!inCii && el.ns !== null) continue;
    const expected = expectedNamespace(el);
    if (expected === el.ns) continue;
    if (expected === 'ambiguous') {
      if (el.ns === UDT || el.ns === QDT) continue;
      declined.push({
        ruleId: 'R005',
        path: pathOf(el),
        before: el.name,
        message: {
          en: `${el.name} is in the wrong namespace, and udt or qdt cannot be told for certain here`,
          fr: `${el.name} est dans le mauvais espace de noms, et udt ou qdt ne peut être déterminé avec certitude ici`,
        },
      });
      continue;
    }
    const prefix = prefixFor(el, expected);
    let fix: { after: string; edits: Change['edits'] } | null = null;
    if (prefix !== null) {
      const after = qualified(prefix, el.local);
      fix = { after, edits: renameElement(el, after) };
    } else if (el.prefix !== null && el.ns === null) {
      fix = {
        after: `xmlns:${el.prefix}="${expected}"`,
        edits: [addAttribute(el, `xmlns:${el.prefix}`, expected)],
      };
    }
    if (!fix) continue;
    changes.push(
      change({
        ruleId: 'R005',
        code: 'prefix_corrected',
        // An element in no namespace has no CII path of its own: name it as written.
        path: el.ns === null && el.parent ? `${pathOf(el.parent)}/${el.name}` : pathOf(el),
        edits: fix.edits,
        before: el.name,
        after: fix.after,
        message: {
          en: `Element ${el.name} put in its CII namespace ${expected} (${fix.after})`,
          fr: `Élément ${el.name} placé dans son espace de noms CII ${expected} (${fix.after})`,
        },
        touchesAmount: el.local.endsWith('Amount'),
      }),
    );
  }
}

function run({ doc }: RuleContext): RuleOutput {
  if (doc.root.local !== 'CrossIndustryInvoice') return { changes: [], declined: [] };
  const changes: Change[] = [];
  const declined: Declined[] = [];
  declarationFixes(doc, changes);
  prefixFixes(doc, changes, declined);
  return { changes, declined };
}

export const r005Namespaces: RepairRule = { id: 'R005', run };
