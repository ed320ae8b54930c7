/**
 * The number shapes of BR-FR-DEC-01…04: digits with `.` as separator, a bounded number of decimals, and
 * at most N characters once the `.` is removed (the sign counts: `-` plus 19 digits is too long). Values
 * are checked after `normalize-space`, as the artefact does.
 */
import { stringLength } from './xpath-strings';

interface NumberShape {
  /** Maximum characters without the decimal separator (sign included). */
  readonly maxLength: number;
  readonly maxDecimals: number;
  /** Whether a leading `-` is allowed. */
  readonly signed: boolean;
}

/** A predicate for one shape; the regular expression is built once, here, not per value. */
function numberShape(shape: NumberShape): (value: string) => boolean {
  const pattern = new RegExp(
    `^${shape.signed ? '-?' : ''}\\p{Nd}{1,${shape.maxLength}}(?:\\.\\p{Nd}{1,${shape.maxDecimals}})?$`,
    'u',
  );
  return (value) =>
    pattern.test(value) && stringLength(value) - (value.includes('.') ? 1 : 0) <= shape.maxLength;
}

/** `custom:is-valid-decimal-19-2`: amounts (BR-FR-DEC-01). */
export const isAmount19_2 = numberShape({ maxLength: 19, maxDecimals: 2, signed: true });
/** `custom:is-valid-decimal-19-4`: quantities (BR-FR-DEC-02). */
export const isQuantity19_4 = numberShape({ maxLength: 19, maxDecimals: 4, signed: true });
/** `custom:is-valid-decimal-19-6-positive`: unit prices (BR-FR-DEC-03). */
export const isUnsignedPrice19_6 = numberShape({ maxLength: 19, maxDecimals: 6, signed: false });
/** `custom:is-valid-decimal-19-6`: unit prices of bidirectional invoices, S9/B9/M9 (BR-FR-DEC-03). */
export const isSignedPrice19_6 = numberShape({ maxLength: 19, maxDecimals: 6, signed: true });
/** `custom:is-valid-percent-4-2-positive`: VAT rates (BR-FR-DEC-04). */
export const isRate4_2 = numberShape({ maxLength: 4, maxDecimals: 2, signed: false });
