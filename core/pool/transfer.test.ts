import { describe, expect, it } from 'vitest';
import { ownBuffers } from './transfer';

describe('ownBuffers', () => {
  it('names the buffers byte arrays span whole, each once, and leaves views into larger ones to be copied', () => {
    const whole = new Uint8Array(8);
    const shared = new ArrayBuffer(16);
    const part = new Uint8Array(shared, 4, 8);
    const tail = new Uint8Array(shared, 0, 15);
    expect(ownBuffers([whole, part, tail, whole])).toEqual([whole.buffer]);
    // A small Buffer is a slice of Node's shared pool: moving it would take the others' bytes too.
    expect(ownBuffers([Buffer.from('factur-x')])).toEqual([]);
  });
});
