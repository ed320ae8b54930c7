import { describe, expect, it } from 'vitest';
import { addAt, decimalText, getAt, pathText, payloadOf, removeAt, setAt } from './draft-edit';

describe('draft editing', () => {
  it('sets a value deep in the draft without touching the rest, and removes an emptied one', () => {
    const draft = { number: 'F-1', seller: { name: 'ACME', address: { country_code: 'FR' } } };
    const edited = setAt(draft, ['seller', 'address', 'city'], 'Lyon');
    expect(edited).toEqual({
      number: 'F-1',
      seller: { name: 'ACME', address: { country_code: 'FR', city: 'Lyon' } },
    });
    expect(draft.seller.address).toEqual({ country_code: 'FR' });
    expect(setAt(edited, ['seller', 'address', 'city'], '')).toEqual(draft);
    expect(setAt({ buyer: { name: 'X' } }, ['buyer', 'name'], '')).toEqual({});
  });

  it('edits list entries by index, adds and removes them', () => {
    const draft = { lines: [{ id: '1', quantity: '2' }] };
    expect(getAt(setAt(draft, ['lines', 0, 'quantity'], '3'), ['lines', 0, 'quantity'])).toBe('3');
    const two = addAt(draft, ['lines'], { id: '2' });
    expect(two.lines).toEqual([{ id: '1', quantity: '2' }, { id: '2' }]);
    expect(removeAt(two, ['lines'], 0).lines).toEqual([{ id: '2' }]);
    expect(removeAt(draft, ['lines'], 0)).toEqual({});
    expect(getAt(draft, ['lines', 'x'])).toBeUndefined();
  });

  it('sends no empty value, object or entry', () => {
    expect(
      payloadOf({
        number: ' F-1 ',
        notes: [{}, { subject_code: 'PMT', content: 'x' }],
        seller: { name: 'A', address: {} },
        lines: [{ id: '1', item: { name: '' } }],
      }),
    ).toEqual({
      number: 'F-1',
      notes: [{ subject_code: 'PMT', content: 'x' }],
      seller: { name: 'A' },
      lines: [{ id: '1' }],
    });
  });

  it('names paths as the API does, and reads decimals as people type them', () => {
    expect(pathText(['lines', 2, 'quantity'])).toBe('lines[2].quantity');
    expect(decimalText('1 234,50')).toBe('1234.50');
    expect(decimalText('-12,5')).toBe('-12.5');
    expect(decimalText('85.00')).toBe('85.00');
    expect(decimalText('abc')).toBe('abc');
  });
});
