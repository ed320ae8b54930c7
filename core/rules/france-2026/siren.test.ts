import { describe, expect, it } from 'vitest';
import {
  hasValidSirenKey,
  hasValidSiretKey,
  isSirenShaped,
  isStrictSirenShaped,
  siretMatchesSiren,
} from './siren';

describe('SIREN and SIRET shapes as the BR-FR artefact checks them', () => {
  it('accepts 9 digits after normalising spaces (BR-FR-10, BR-FR-32)', () => {
    expect(isSirenShaped('100000009')).toBe(true);
    expect(isSirenShaped(' 100000009\n')).toBe(true);
    expect(isSirenShaped('10000000')).toBe(false);
    expect(isSirenShaped('1000000090')).toBe(false);
    expect(isSirenShaped('100 000 009')).toBe(false);
    expect(isSirenShaped('10000000A')).toBe(false);
  });

  it('counts any Unicode decimal digit as XPath \\d does', () => {
    expect(isSirenShaped('١٠٠٠٠٠٠٠٩')).toBe(true);
  });

  it('does not normalise where the artefact does not (BR-FR-11)', () => {
    expect(isStrictSirenShaped('200000008')).toBe(true);
    expect(isStrictSirenShaped(' 200000008')).toBe(false);
    expect(isStrictSirenShaped(undefined)).toBe(false);
  });

  it('requires a 14-digit SIRET starting with the SIREN (BR-FR-09)', () => {
    expect(siretMatchesSiren('10000000900017', '100000009')).toBe(true);
    expect(siretMatchesSiren('20000000800017', '100000009')).toBe(false);
    expect(siretMatchesSiren('1000000090001', '100000009')).toBe(false);
    expect(siretMatchesSiren('10000000900017', undefined)).toBe(false);
  });
});

describe('INSEE check keys', () => {
  it('checks the SIREN key with Luhn', () => {
    expect(hasValidSirenKey('443061841')).toBe(true);
    expect(hasValidSirenKey('443061842')).toBe(false);
    expect(hasValidSirenKey('44306184')).toBe(false);
    expect(hasValidSirenKey('44306184A')).toBe(false);
  });

  it('checks the SIRET key with Luhn', () => {
    expect(hasValidSiretKey('44306184100047')).toBe(true);
    expect(hasValidSiretKey('44306184100048')).toBe(false);
  });

  it("accepts La Poste's establishments by their digit sum, and only La Poste's", () => {
    expect(hasValidSiretKey('35600000000048')).toBe(true);
    expect(hasValidSiretKey('35600000049837')).toBe(true);
    expect(hasValidSiretKey('35600000012345')).toBe(false);
    expect(hasValidSiretKey('44306184100004')).toBe(false);
  });
});
