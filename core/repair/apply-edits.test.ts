import { describe, expect, it } from 'vitest';
import { applyEdits, nonOverlapping } from './apply-edits';
import { change, type Edit } from './change';

const changeOf = (...edits: Edit[]) =>
  change({
    ruleId: 'R002',
    code: 'format_corrected',
    path: '/',
    edits,
    before: null,
    after: '',
    message: { en: '', fr: '' },
  });

describe('applyEdits', () => {
  it('replaces and inserts at source offsets, in any order given', () => {
    expect(
      applyEdits('<a>1,5</a>', [
        { start: 2, end: 2, text: ' x="1"' },
        { start: 3, end: 6, text: '1.5' },
      ]),
    ).toBe('<a x="1">1.5</a>');
  });

  it('puts an insertion before a replacement starting at the same offset', () => {
    expect(
      applyEdits('abc', [
        { start: 1, end: 2, text: 'B' },
        { start: 1, end: 1, text: '+' },
      ]),
    ).toBe('a+Bc');
  });
});

describe('nonOverlapping', () => {
  it('keeps the first of overlapping changes, all edits of a change together', () => {
    const first = changeOf({ start: 0, end: 4, text: '' }, { start: 20, end: 22, text: '' });
    const second = changeOf({ start: 3, end: 5, text: '' });
    const third = changeOf({ start: 10, end: 10, text: '' }, { start: 21, end: 21, text: '' });
    const fourth = changeOf({ start: 4, end: 6, text: '' });
    expect(nonOverlapping([first, second, third, fourth])).toEqual({ kept: [first, fourth], deferred: true });
  });

  it('holds back a second insertion at the same offset', () => {
    const a = changeOf({ start: 5, end: 5, text: 'a' });
    const b = changeOf({ start: 5, end: 5, text: 'b' });
    expect(nonOverlapping([a, b])).toEqual({ kept: [a], deferred: true });
  });

  it('keeps adjacent edits', () => {
    const a = changeOf({ start: 0, end: 2, text: '' });
    const b = changeOf({ start: 2, end: 2, text: '' });
    const c = changeOf({ start: 2, end: 4, text: '' });
    expect(nonOverlapping([a, b, c])).toEqual({ kept: [a, b, c], deferred: false });
  });
});
