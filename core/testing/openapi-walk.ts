/** Test helper: walking the OpenAPI description: its operations, its references, its answer schemas. */
import { openApiDocument } from '../api/openapi';

export interface Operation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, { content?: Record<string, { schema: unknown }> }>>;
  readonly requestBody?: { content: Record<string, { schema: unknown }> };
}

export interface Described {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

/** The description, typed loosely enough to walk. */
export const describedDocument = (): Described & Record<string, unknown> =>
  openApiDocument() as unknown as Described & Record<string, unknown>;

const METHODS = ['get', 'head', 'post', 'put', 'delete', 'patch', 'options', 'trace'];

/** Every operation as `[path, METHOD, operation]`. */
export const operations = (doc: Described): [string, string, Operation][] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, string, Operation] => [path, method.toUpperCase(), op]),
  );

/** Every `$ref` under `node`, with where it is. */
export function refs(node: unknown, at = '#'): { at: string; ref: string }[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ at, ref: value }] : refs(value, `${at}/${key}`),
  );
}

/** The names of the schema components reachable from `node`, references followed. */
export function reachable(doc: Described, node: unknown, seen = new Set<string>()): Set<string> {
  for (const { ref } of refs(node)) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    if (name && !seen.has(name)) {
      seen.add(name);
      reachable(doc, doc.components.schemas[name], seen);
    }
  }
  return seen;
}

/** The JSON body schema of one answer of an operation. */
export const answerSchema = (op: Operation | undefined, status: number): unknown =>
  op?.responses[String(status)]?.content?.['application/json']?.schema;
