/**
 * Test helper: checks a JSON value against a JSON Schema 2020-12 of the kind zod writes (type,
 * properties, required, additionalProperties, items, enum, const, anyOf/oneOf/allOf, local `$ref`,
 * string lengths and patterns, number bounds, array lengths). Keywords it does not know pass, so a
 * check it cannot make never fails a value; `format` is an annotation only.
 */
/** The target of a local reference `#/a/b` in `root`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  return ref
    .slice(1)
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
      root,
    );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Every place `value` breaks `schema` (references resolved in `root`), as `path: reason`; empty when valid. */
export function schemaErrors(schema: unknown, value: unknown, root: unknown, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value allowed`];
  if (!isObject(schema)) return [`${path}: not a schema`];
  const s = schema;
  const errors: string[] = [];
  const check = (sub: unknown, v: unknown, at: string) => schemaErrors(sub, v, root, at);

  if (typeof s.$ref === 'string') {
    const target = resolvePointer(root, s.$ref);
    if (target === undefined) return [`${path}: unresolved ${s.$ref}`];
    errors.push(...check(target, value, path));
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => typeMatches(t, value))) return [...errors, `${path}: not ${types.join('|')}`];
  }
  if ('const' in s && !same(s.const, value)) errors.push(`${path}: not ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => same(e, value))) errors.push(`${path}: not in enum`);
  for (const sub of (s.allOf as unknown[] | undefined) ?? []) errors.push(...check(sub, value, path));
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => check(sub, value, path).length === 0)) {
    errors.push(`${path}: matches no anyOf branch`);
  }
  if (Array.isArray(s.oneOf)) {
    const matching = s.oneOf.filter((sub) => check(sub, value, path).length === 0).length;
    if (matching !== 1) errors.push(`${path}: matches ${matching} oneOf branches`);
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && [...value].length < s.minLength) errors.push(`${path}: too short`);
    if (typeof s.maxLength === 'number' && [...value].length > s.maxLength) errors.push(`${path}: too long`);
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) {
      errors.push(`${path}: does not match ${s.pattern}`);
    }
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum)
      errors.push(`${path}: too small`);
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum)
      errors.push(`${path}: too large`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) errors.push(`${path}: too few items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) errors.push(`${path}: too many items`);
    const prefix = (s.prefixItems as unknown[] | undefined) ?? [];
    value.forEach((item, i) => {
      const sub = i < prefix.length ? prefix[i] : s.items;
      if (sub !== undefined) errors.push(...check(sub, item, `${path}[${i}]`));
    });
  }
  if (isObject(value)) {
    const properties = (s.properties as Record<string, unknown> | undefined) ?? {};
    for (const name of (s.required as string[] | undefined) ?? []) {
      if (!(name in value)) errors.push(`${path}: missing ${name}`);
    }
    for (const [name, member] of Object.entries(value)) {
      const at = `${path}.${name}`;
      if (s.propertyNames !== undefined) errors.push(...check(s.propertyNames, name, `${at} (name)`));
      if (name in properties) errors.push(...check(properties[name], member, at));
      else if (s.additionalProperties !== undefined)
        errors.push(...check(s.additionalProperties, member, at));
    }
  }
  return errors;
}
