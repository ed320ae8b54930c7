import { enumField, type Parsed } from '../api/form-fields';
import type { Lang } from '../api/lang';
import { VALIDATION_TARGETS, type ValidationTarget } from '../api/targets';
import type { ServiceRequest } from './types';

/** `validation_target` as a form field or a query parameter; EN16931 when absent. */
export function validationTarget(req: ServiceRequest, lang: Lang): Parsed<ValidationTarget> {
  const raw = req.fields.validation_target ?? req.query.validation_target;
  return enumField('validation_target', raw, VALIDATION_TARGETS, 'en16931', lang) as Parsed<ValidationTarget>;
}
