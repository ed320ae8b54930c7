import { describe, expect, it } from 'vitest';
import { GUIDELINE_ID, PROFILES, profileOfGuideline } from './profile';

describe('profileOfGuideline', () => {
  it('round-trips every Factur-X profile', () => {
    for (const p of PROFILES) expect(profileOfGuideline(GUIDELINE_ID[p])).toBe(p);
  });
  it.each([
    ['urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'EN16931'],
    ['urn:zugferd.de:2p0:minimum', 'MINIMUM'],
    ['urn:fdc:peppol.eu:2017:poacc:billing:01:1.0', null],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', null],
  ])('%s → %s', (id, profile) => {
    expect(profileOfGuideline(id)).toBe(profile);
  });
});
