/** Check-digit tests R006 relies on to be certain what kind of identifier a value is. */

/** GS1 mod-10 check digit (GTIN-8/12/13/14, GLN): weights 3,1,3,… from the digit left of the check digit. */
export function hasValidGs1CheckDigit(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  let sum = 0;
  for (let i = value.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (value.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(value.length - 1) - 48;
}

/** A GLN (global location number): 13 digits with a valid GS1 check digit. */
export function isGln(value: string): boolean {
  return value.length === 13 && hasValidGs1CheckDigit(value);
}

/** A GTIN (item number): 8, 12, 13 or 14 digits with a valid GS1 check digit. */
export function isGtin(value: string): boolean {
  return [8, 12, 13, 14].includes(value.length) && hasValidGs1CheckDigit(value);
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}
