/**
 * A validation rule is data (official id, severity, business terms, message in English and French)
 * plus one small function that returns where the document breaks it. Rule sets group rules with the
 * version of the official artefact they implement, so a new release is a data change.
 */
import type { XmlDocument, XmlElement } from '../xml/tree';
import type { NamePathGroup } from './name-path';
import type { TimeLimit } from './time-limit';

export type Severity = 'fatal' | 'warning';

/** The report stage a finding belongs to (cli.md `stages`). */
export type Stage = 'xsd' | 'profile' | 'schematron' | 'fr_ctc' | 'pdfa' | 'facturx_pdf';

export interface Message {
  readonly en: string;
  readonly fr: string;
}

export interface RuleMeta {
  /** The identifier the official artefact gives the rule, letter for letter (`BR-CO-10`, `BR-FR-05_BT-22_PMT`). */
  readonly id: string;
  /** As the artefact flags it. */
  readonly severity: Severity;
  /** Business terms and groups concerned, e.g. `['BT-112', 'BG-22']`. */
  readonly bt: readonly string[];
  readonly message: Message;
}

/** Where a rule is broken: the element that is wrong (or whose child is missing), optionally with detail. */
export interface Violation {
  readonly at: XmlElement;
  /** Facts about this occurrence (the values found), appended to the rule's message. */
  readonly detail?: Message;
}

/** The elements of a document that have a local name, in document order (what `//name` selects). */
export interface ByLocalName {
  get(local: string): readonly XmlElement[] | undefined;
}

/** What every rule function receives: the parsed document and lookups shared by all rules. */
export interface RuleInput {
  readonly doc: XmlDocument;
  readonly root: XmlElement;
  /** Every element of the document by local name, in document order (for the `//name` contexts). */
  readonly byLocalName: ByLocalName;
  /** Every element in the group of its name path (./name-path.ts), the groups by local name. */
  readonly byNamePath: ReadonlyMap<string, readonly NamePathGroup[]>;
  /** What is worked out once per document, by slot (./document-memo.ts): written only through there. */
  readonly memo: unknown[];
  /** The time bound of the document's rules, checked as they loop; none when absent. */
  readonly time?: TimeLimit;
}

export interface Rule extends RuleMeta {
  check(input: RuleInput): readonly Violation[];
  /** The rules checked together with this one (a Schematron pattern's), when they are. */
  readonly group?: RuleGroup;
}

/**
 * Rules checked together: what they find in a document is worked out at once, and a run of a set's rules
 * that is a whole group is read from there, its rules that found nothing (most of them) never asked.
 */
export interface RuleGroup {
  readonly rules: readonly Rule[];
  findings(input: RuleInput): GroupFindings;
}

/** What a group's rules found in a document. */
export interface GroupFindings {
  /** By the rule's index in the group; undefined where it found nothing. */
  readonly violations: readonly (readonly Violation[] | undefined)[];
  /** The indexes of the rules that found something, ascending. */
  readonly found: readonly number[];
}

export interface RuleSet {
  /** Stable identifier of the set, e.g. `en16931-cii`. */
  readonly id: string;
  readonly stage: Stage;
  /** The artefact implemented: family, version, who publishes it. */
  readonly family: string;
  readonly version: string;
  readonly sourceAuthority: string;
  readonly rules: readonly Rule[];
}

export interface Finding {
  readonly rule: RuleMeta;
  readonly stage: Stage;
  readonly at: XmlElement;
  readonly detail?: Message;
}
