/**
 * An operation count for the tests that hold the rules' cost to a growth rate: every read of an
 * element's children, parent, names or position, which is what any rule does to look at a document (the
 * XPath engine, the hand-written rule sets, the indexes they build). Unlike a time, it is the same on a
 * loaded machine as on an idle one.
 */
import type { XmlElement } from '../xml/tree';

const COUNTED = ['children', 'parent', 'local', 'ns', 'start'] as const;

export interface TreeReads {
  /** Reads since the count was installed or last reset. */
  readonly reads: number;
  reset(): void;
}

/** Installs the count on every element of the tree (which stays as it was, read through counters). */
export function countTreeReads(root: XmlElement): TreeReads {
  let reads = 0;
  const install = (el: XmlElement): void => {
    for (const key of COUNTED) {
      const value: unknown = el[key];
      Object.defineProperty(el, key, {
        get: () => {
          reads++;
          return value;
        },
      });
    }
    for (const c of el.children) if (c.kind === 'element') install(c);
  };
  install(root);
  reads = 0;
  return {
    get reads() {
      return reads;
    },
    reset: () => {
      reads = 0;
    },
  };
}
