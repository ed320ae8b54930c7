import { describe, expect, it } from 'vitest';
import { base64Of, bytesAt, carryBase64 } from './base64';

const bytes = new TextEncoder().encode('%PDF-1.7 a delivered file');

describe('carryBase64', () => {
  it('reads as the base64 text, in its place among the fields', () => {
    const body = { size: bytes.length, pdf: '', after: true };
    carryBase64(body, 'pdf', bytes);
    expect(body.pdf).toBe(base64Of(bytes));
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({ size: bytes.length, pdf: base64Of(bytes), after: true }),
    );
  });

  it('is a plain text once cloned to another thread, and its bytes are decoded there', () => {
    const body = { pdf: '' };
    carryBase64(body, 'pdf', bytes);
    const cloned = structuredClone(body);
    expect(Object.getOwnPropertyDescriptor(cloned, 'pdf')?.value).toBe(base64Of(bytes));
    expect(bytesAt(cloned, 'pdf')).toEqual(bytes);
  });
});

describe('bytesAt', () => {
  it('gives the bytes carried as they are, without encoding them', () => {
    const body = { xml: '' };
    carryBase64(body, 'xml', bytes);
    expect(bytesAt(body, 'xml')).toBe(bytes);
  });

  it('decodes a base64 text, and is null for a field that is not one', () => {
    expect(bytesAt({ xml: base64Of(bytes) }, 'xml')).toEqual(bytes);
    expect(bytesAt({ xml: 3 }, 'xml')).toBeNull();
    expect(bytesAt({}, 'xml')).toBeNull();
  });
});
