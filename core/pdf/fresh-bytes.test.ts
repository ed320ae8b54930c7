import { describe, expect, it } from 'vitest';
import { freshBytes } from './fresh-bytes';

describe('freshBytes', () => {
  it('hands out bytes never handed out before, across refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const bytes = freshBytes(i % 3 === 0 ? 8 : 16);
      expect(bytes.length).toBe(i % 3 === 0 ? 8 : 16);
      seen.add(Buffer.from(bytes).toString('hex'));
    }
    expect(seen.size).toBe(2000);
  });

  it('draws more than a pool at once', () => {
    expect(freshBytes(10_000).length).toBe(10_000);
  });
});
