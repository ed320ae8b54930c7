/**
 * Documents answered side by side in one thread, taken through their stages together. Each awaits
 * `at(stage)` where one of its stages ends; once the thread has run all it could (on the next turn of
 * the event loop), the convoy lets on the documents waiting at the earliest stage, in the order they
 * came. A stage's code then runs for several documents in a row, its compiled code, type feedback and
 * data still in the processor's caches, where one document at a time brings every stage back cold: a
 * convert of a CII XML onto its PDF costs some 20 % less processor time in runs of 16 (the engine's
 * answers alone, 3.01 against 2.35 ms a document, 10 alternated runs of 192), some 13 % in the whole
 * batch path (reading and writing the files too). A document that waits on anything else (a file, an
 * OCR engine) holds nobody back: it joins the convoy again when it next reaches a stage's end.
 */
export interface Convoy {
  /**
   * Resolves once the documents waiting at `stage` are let on (stages are numbered in the order reached),
   * with the milliseconds waited: time spent on the others, which a document's duration leaves out.
   */
  at(stage: number): Promise<number>;
}

/** The next turn of the event loop: Node's setImmediate, a timer where there is none (a browser). */
function nextTurn(go: () => void): void {
  const immediate = (globalThis as { setImmediate?: (go: () => void) => unknown }).setImmediate;
  if (immediate) immediate(go);
  else setTimeout(go, 0);
}

export function convoy(): Convoy {
  const waiting = new Map<number, (() => void)[]>();
  let scheduled = false;

  const letOn = (): void => {
    scheduled = false;
    let earliest = Infinity;
    for (const stage of waiting.keys()) earliest = Math.min(earliest, stage);
    const group = waiting.get(earliest);
    if (!group) return;
    waiting.delete(earliest);
    for (const go of group) go();
    schedule();
  };

  // The next turn, not a microtask: the documents let on run their stage (their continuations are
  // microtasks) before the convoy looks again, and what the thread has to hear meanwhile (files read,
  // workers' replies) is heard between two stages.
  const schedule = (): void => {
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    nextTurn(letOn);
  };

  return {
    at: (stage) =>
      new Promise<number>((resolve) => {
        const since = performance.now();
        const go = () => resolve(performance.now() - since);
        const group = waiting.get(stage);
        if (group) group.push(go);
        else waiting.set(stage, [go]);
        schedule();
      }),
  };
}

/** A document's stages in its convoy, if any, and its start less the time it waited for the others. */
export interface DocumentStages {
  /** Waits at the end of `stage` for the others of the convoy (goes on at once without one). */
  end(stage: number): Promise<void>;
  /** When the document began, moved on by what it waited: `performance.now() - started()` is its own time. */
  started(): number;
}

export function documentStages(convoy: Convoy | undefined): DocumentStages {
  let started = performance.now();
  return {
    end: async (stage) => {
      if (convoy) started += await convoy.at(stage);
    },
    started: () => started,
  };
}
