/**
 * Two texts compared line by line (Myers' shortest edit script), then cut into hunks with a little
 * context, each hunk as rows of a side-by-side view: the lines before on the left, after on the right.
 */

export interface DiffRow {
  /** 1-based line numbers; absent on the side where the row has no line. */
  readonly beforeLine?: number;
  readonly afterLine?: number;
  readonly before?: string;
  readonly after?: string;
  readonly changed: boolean;
}

export interface Hunk {
  readonly rows: readonly DiffRow[];
}

type Op = { readonly kind: 'same' | 'removed' | 'added'; readonly before?: number; readonly after?: number };

/** Past this many differing lines the texts are shown as replaced whole: the search stays bounded. */
const MAX_EDITS = 4000;

function editScript(a: readonly string[], b: readonly string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, offset, n, m);
    }
    v = next;
  }
  return undefined;
}

function backtrack(trace: Int32Array[], depth: number, offset: number, n: number, m: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = depth; d > 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: 'same', before: --x, after: --y });
    if (down) ops.push({ kind: 'added', after: --y });
    else ops.push({ kind: 'removed', before: --x });
  }
  while (x > 0 && y > 0) ops.push({ kind: 'same', before: --x, after: --y });
  return ops.reverse();
}

/** The rows of two texts side by side, unchanged runs longer than twice `context` cut into separate hunks. */
export function sideBySide(beforeText: string, afterText: string, context = 2): readonly Hunk[] {
  const a = beforeText.split(/\r?\n/);
  const b = afterText.split(/\r?\n/);
  const ops = editScript(a, b) ?? [
    ...a.map((_, i): Op => ({ kind: 'removed', before: i })),
    ...b.map((_, i): Op => ({ kind: 'added', after: i })),
  ];
  // Pair removed and added lines of one change, in order, on the same rows.
  const rows: DiffRow[] = [];
  for (let i = 0; i < ops.length;) {
    const op = ops[i] as Op;
    if (op.kind === 'same') {
      rows.push({
        beforeLine: (op.before ?? 0) + 1,
        afterLine: (op.after ?? 0) + 1,
        before: a[op.before ?? 0],
        after: b[op.after ?? 0],
        changed: false,
      });
      i++;
      continue;
    }
    const removed: number[] = [];
    const added: number[] = [];
    while (i < ops.length && (ops[i] as Op).kind !== 'same') {
      const change = ops[i] as Op;
      if (change.kind === 'removed') removed.push(change.before ?? 0);
      else added.push(change.after ?? 0);
      i++;
    }
    for (let r = 0; r < Math.max(removed.length, added.length); r++) {
      const before = removed[r];
      const after = added[r];
      rows.push({
        ...(before === undefined ? {} : { beforeLine: before + 1, before: a[before] }),
        ...(after === undefined ? {} : { afterLine: after + 1, after: b[after] }),
        changed: true,
      });
    }
  }
  const keep = rows.map(() => false);
  rows.forEach((row, index) => {
    if (!row.changed) return;
    for (let j = Math.max(0, index - context); j <= Math.min(rows.length - 1, index + context); j++)
      keep[j] = true;
  });
  const hunks: Hunk[] = [];
  let current: DiffRow[] = [];
  rows.forEach((row, index) => {
    if (keep[index]) current.push(row);
    else if (current.length > 0) {
      hunks.push({ rows: current });
      current = [];
    }
  });
  if (current.length > 0) hunks.push({ rows: current });
  return hunks;
}
