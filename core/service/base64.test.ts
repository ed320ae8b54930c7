import { describe, expect, it } from 'vitest';
import { base64Json, base64Of, bytesAt, carryBase64 } from './base64';

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

describe('base64Json', () => {
  const carrying = (others: Record<string, unknown>) => {
    const body = { xml: '', ...others, pdf: '' };
    carryBase64(body, 'xml', bytes);
    carryBase64(body, 'pdf', new Uint8Array(1_000).fill(0xfb));
    return body;
  };

  it('is the JSON of the line, the base64 texts put in as they are', () => {
    const body = carrying({ profile: 'EN16931', nested: { xml: 'x' }, size: 3 });
    expect(base64Json(body)).toBe(JSON.stringify(body));
    expect(base64Json(body, { file: 'in/a "b".pdf' })).toBe(
      JSON.stringify({ file: 'in/a "b".pdf', ...body }),
    );
    expect(base64Json({ plain: '\u0000' }, { file: 'f' })).toBe(
      JSON.stringify({ file: 'f', plain: '\u0000' }),
    );
  });

  it('is the JSON of the line when one of its texts reads as the mark a base64 text stands for', () => {
    for (const text of ['\0base64 0', '"\0base64 1', 'a\0base64 0"', '\0base64 1\0base64 0']) {
      const body = carrying({ text });
      expect(base64Json(body, { file: text })).toBe(JSON.stringify({ file: text, ...body }));
    }
  });

  it('takes a field for what it reads, once it no longer reads as its bytes', () => {
    const body = carrying({});
    Object.defineProperty(body, 'xml', { value: 'changed', enumerable: true });
    expect(base64Json(body)).toBe(JSON.stringify(body));
    expect(JSON.parse(base64Json(body))).toMatchObject({ xml: 'changed' });
  });
});
