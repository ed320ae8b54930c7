/** The UN/CEFACT CII D16B namespaces, and the prefixes our output and our locations use for them. */
export const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
export const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
export const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
export const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';

export const CII_PREFIXES: ReadonlyMap<string, string> = new Map([
  [RSM, 'rsm'],
  [RAM, 'ram'],
  [UDT, 'udt'],
  [QDT, 'qdt'],
]);
