/** The shape of a repair rule: a pure function of the parsed document and its source text. */
import { CII_PREFIXES } from '../cii/namespaces';
import type { Profile } from '../cii/profile';

import { descendants, locator } from '../xml/query';
import type { XmlDocument, XmlElement } from '../xml/tree';
import type { RepairRuleId, RuleOutput } from './change';

export interface RuleContext {
  readonly doc: XmlDocument;
  readonly source: string;
  /** The profile the caller named (constraints or query); null when it was left to detection. */
  readonly requestedProfile: Profile | null;
}

export interface RepairRule {
  readonly id: RepairRuleId;
  readonly run: (ctx: RuleContext) => RuleOutput;
}

const LOCATORS = new WeakMap<XmlElement, (el: XmlElement) => string>();

/** The XPath of an element (or of one of its attributes), one linear-time locator per parsed document. */
export function pathOf(el: XmlElement, attribute?: string): string {
  let root = el;
  while (root.parent) root = root.parent;
  let locate = LOCATORS.get(root);
  if (!locate) {
    locate = locator(CII_PREFIXES);
    LOCATORS.set(root, locate);
  }
  const path = locate(el);
  return attribute === undefined ? path : `${path}/@${attribute}`;
}

const ELEMENTS = new WeakMap<XmlDocument, readonly XmlElement[]>();

/** Every element below the root, in document order, listed once per parsed document for all rules. */
export function elementsOf(doc: XmlDocument): readonly XmlElement[] {
  let list = ELEMENTS.get(doc);
  if (!list) {
    list = descendants(doc.root);
    ELEMENTS.set(doc, list);
  }
  return list;
}
