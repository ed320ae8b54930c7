/**
 * Name paths: the names of an element and of its ancestors up to the document element. Which rule
 * contexts of a Schematron pattern can take an element depends mostly on its name path, and a document
 * repeats few paths (every invoice line has the same ones), so the patterns work that out once per path
 * and keep it across documents. Paths are interned: the same names give the same object in every
 * document, with a small number to index by. The table is bounded (hostile input): once full, a new one
 * starts; the old paths stay valid, and a cache keyed by path numbers starts again with the new table.
 */
import type { XmlElement } from '../xml/tree';

/** What a name test reads of an element: its names and its parent's, up the tree. */
export interface NameChain {
  readonly local: string;
  readonly ns: string | null;
  readonly parent: NameChain | null;
}

export interface NamePath extends NameChain {
  readonly parent: NamePath | null;
  /** Unique among the paths of its table, from 0 up, dense (an array index). */
  readonly id: number;
  /** Which table the path belongs to: a cache by `id` holds for one table only. */
  readonly table: number;
}

interface Interned extends NamePath {
  readonly parent: Interned | null;
  /** The paths one level down, by local name (then told apart by namespace). */
  readonly below: Map<string, Interned[]>;
  /**
   * The elements of this path in the document {@link byNamePath} is grouping, that document's number
   * in `grouping`: a property read per element where a map keyed by path was a lookup.
   */
  elements: XmlElement[];
  grouping: number;
}

/** Paths per table: more than any invoice schema's, few enough for the caches keyed by them. */
const TABLE_SIZE = 4096;

let table = 0;
let size = 0;
let roots = new Map<string, Interned[]>();

const NO_ELEMENTS: XmlElement[] = [];

function intern(parent: Interned | null, el: XmlElement): Interned {
  const level = parent ? parent.below : roots;
  const same = level.get(el.local);
  if (same) for (const p of same) if (p.ns === el.ns) return p;
  if (size === TABLE_SIZE) {
    table += 1;
    size = 0;
    roots = new Map();
  }
  const path: Interned = {
    local: el.local,
    ns: el.ns,
    parent,
    id: size++,
    table,
    below: new Map(),
    elements: NO_ELEMENTS,
    grouping: -1,
  };
  if (same) same.push(path);
  else level.set(el.local, [path]);
  return path;
}

/** How many documents {@link byNamePath} has grouped. */
let groupings = 0;

/** The elements of a document that have one name path, in document order. */
export interface NamePathGroup {
  readonly path: NamePath;
  readonly elements: readonly XmlElement[];
}

/**
 * Every element of the tree in the group of its name path, the groups by local name (what a rule
 * context names first), in the order their paths first occur.
 */
export function byNamePath(root: XmlElement): Map<string, NamePathGroup[]> {
  const grouping = ++groupings;
  const grouped: Interned[] = [];
  const byLocal = new Map<string, NamePathGroup[]>();
  const visit = (el: XmlElement, path: Interned): void => {
    if (path.grouping === grouping) path.elements.push(el);
    else {
      const elements = [el];
      path.grouping = grouping;
      path.elements = elements;
      grouped.push(path);
      const group = { path, elements };
      const named = byLocal.get(path.local);
      if (named) named.push(group);
      else byLocal.set(path.local, [group]);
    }
    for (const c of el.children) if (c.kind === 'element') visit(c, intern(path, c));
  };
  visit(root, intern(null, root));
  // The paths outlive the document: they do not keep its elements.
  for (const path of grouped) path.elements = NO_ELEMENTS;
  return byLocal;
}
