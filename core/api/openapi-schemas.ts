/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) converted from our zod schemas, never written
 * by hand: what a client sends is converted as zod reads it (`io: 'input'`: before transforms), what the
 * server answers as zod writes it (`io: 'output'`). Refinements zod cannot express become no constraint.
 */
import { z } from 'zod';

export type JsonSchema = { readonly [keyword: string]: unknown };
export type Direction = 'input' | 'output';

const COMPONENT_PATH = '#/components/schemas/';

export const schemaRef = (id: string): JsonSchema => ({ $ref: `${COMPONENT_PATH}${id}` });

/** The `bt` of our `.meta()` is no JSON Schema keyword: it goes out as the extension `x-bt`. */
function businessTermAsExtension(ctx: { readonly jsonSchema: Record<string, unknown> }): void {
  const { jsonSchema } = ctx;
  if (!('bt' in jsonSchema)) return;
  jsonSchema['x-bt'] = jsonSchema.bt;
  delete jsonSchema.bt;
}

const conversion = (io: Direction) =>
  ({
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: businessTermAsExtension,
  }) as const;

/** A component or inline schema carries no `$schema` or `$id` of its own: the document sets the dialect. */
function bare(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** One schema, inline (a parameter, a form field). */
export const inlineSchema = (schema: z.ZodType, io: Direction = 'input'): JsonSchema =>
  bare(z.toJSONSchema(schema, conversion(io)));

/** A named schema of `components/schemas`, in the direction it travels. */
export interface Component {
  readonly schema: z.ZodType;
  readonly io: Direction;
}

/**
 * `components/schemas`: each named schema converted once, a named schema nested in another becoming a
 * `$ref` to it. A schema used both ways must convert alike both ways (the tests check it).
 */
export function componentSchemas(
  components: Readonly<Record<string, Component>>,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, { schema }] of Object.entries(components)) registry.add(schema, { id });
  const convert = (io: Direction) =>
    z.toJSONSchema(registry, { ...conversion(io), uri: (id) => `${COMPONENT_PATH}${id}` }).schemas;
  const converted = { input: convert('input'), output: convert('output') };
  return Object.fromEntries(
    Object.entries(components).map(([id, { io }]) => [id, bare(converted[io][id] ?? {})]),
  );
}
