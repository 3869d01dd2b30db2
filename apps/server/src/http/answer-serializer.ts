import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * How answers become JSON. The zod schemas stay the contract (OpenAPI, and every API test
 * checks its answers against them), but encoding each answer through zod cost a third of a
 * dashboard request (issue 17), so production serialises with plain JSON.stringify.
 *
 * That is only safe if no answer leans on zod to drop or reshape a field: 'checked' (the API
 * tests) encodes through zod as before and also fails an answer whose plain JSON differs from
 * the encoded one, so a route that returned, say, a row with a password hash for the schema to
 * strip fails its tests instead of leaking in production.
 */
export type AnswerSerialization = 'fast' | 'checked';

export function answerSerializerCompiler(
  mode: AnswerSerialization,
): FastifySerializerCompiler<ZodType> {
  if (mode === 'fast') return () => (data) => JSON.stringify(data);
  return (route) => {
    const encode = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return (data) => {
      const encoded = encode(data);
      const where = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(encoded), '');
      if (where !== null) {
        // Names the place, never the value: it may be the very secret the schema dropped.
        throw new Error(
          `${route.method} ${route.url}: the answer differs from its schema's encoding at '${where}'; production's plain JSON.stringify would send something else`,
        );
      }
      return encoded;
    };
  };
}

/** The path of the first value that differs between two JSON values, or null. */
function firstDifference(plain: unknown, encoded: unknown, path: string): string | null {
  if (isDeepStrictEqual(plain, encoded)) return null;
  if (typeof plain !== 'object' || typeof encoded !== 'object' || !plain || !encoded) {
    return path || '(root)';
  }
  const keys = new Set([...Object.keys(plain), ...Object.keys(encoded)]);
  for (const key of keys) {
    const inner = firstDifference(
      (plain as Record<string, unknown>)[key],
      (encoded as Record<string, unknown>)[key],
      `${path}/${key}`,
    );
    if (inner !== null) return inner;
  }
  return path || '(root)';
}
