import { describe, expect, it } from 'vitest';
import { convoy, type Convoy } from './convoy';

/** A document of `stages` stages, each logged as `name:stage` when it runs. */
async function document(name: string, stages: number, log: string[], c: Convoy): Promise<void> {
  for (let stage = 1; stage <= stages; stage++) {
    log.push(`${name}:${stage}`);
    await c.at(stage);
  }
  log.push(`${name}:done`);
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('convoy', () => {
  it('runs each stage for every document in a row, in the order the documents came', async () => {
    const c = convoy();
    const log: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((name) => document(name, 3, log, c)));
    expect(log).toEqual([
      'a:1',
      'b:1',
      'c:1',
      'a:2',
      'b:2',
      'c:2',
      'a:3',
      'b:3',
      'c:3',
      'a:done',
      'b:done',
      'c:done',
    ]);
  });

  it('lets the earliest stage on first: a document that joins late catches up before the others go on', async () => {
    const c = convoy();
    const log: string[] = [];
    const early = ['a', 'b'].map((name) => document(name, 3, log, c));
    await tick();
    // a and b went through stage 1 and wait at the end of stage 2; c, read late, waits at the end of 1.
    const late = document('c', 3, log, c);
    await Promise.all([...early, late]);
    expect(log.slice(0, 5)).toEqual(['a:1', 'b:1', 'a:2', 'b:2', 'c:1']);
    expect(log.slice(5)).toEqual(['c:2', 'a:3', 'b:3', 'c:3', 'a:done', 'b:done', 'c:done']);
  });

  it('does not wait for a document busy elsewhere: the others go on', async () => {
    const c = convoy();
    const log: string[] = [];
    let release!: () => void;
    const away = new Promise<void>((resolve) => (release = resolve));
    const slow = (async () => {
      await c.at(1);
      log.push('slow:waiting on a file');
      await away;
      await c.at(2);
      log.push('slow:done');
    })();
    await document('quick', 3, log, c);
    expect(log).toContain('quick:done');
    expect(log).not.toContain('slow:done');
    release();
    await slow;
    expect(log.at(-1)).toBe('slow:done');
  });

  it('lets a lone document through stage after stage', async () => {
    const c = convoy();
    const log: string[] = [];
    await document('only', 4, log, c);
    expect(log).toEqual(['only:1', 'only:2', 'only:3', 'only:4', 'only:done']);
  });
});
