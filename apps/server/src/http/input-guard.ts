import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Text no field may hold (issue 16): the NUL character, which PostgreSQL refuses in text, and
 * a UTF-16 surrogate without its pair, which is not Unicode at all (JSON columns refuse it).
 * Either used to reach the database and come back as a 500.
 */
const NUL = String.fromCharCode(0);
// String.prototype.isWellFormed is in Node 20; the ES2023 lib this project compiles against
// does not declare it yet.
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();
const isUnsafe = (text: string) => text.includes(NUL) || !wellFormed(text);

export const INPUT_MESSAGES = {
  unsafeText: 'Text may not contain invisible control characters or broken symbols',
  badAddress: 'This address is not valid',
  addressTooLong: 'This address is too long',
} as const;

/** Whether any string anywhere in the value (keys included) holds unsafe text. */
export function holdsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnsafe(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnsafeText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => isUnsafe(key) || holdsUnsafeText(item, depth + 1),
  );
}

/**
 * One check at the door for every route, before its schema runs: a body, query string or
 * path with unsafe text is a 400 and reaches no handler.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      holdsUnsafeText(request.params) ||
      holdsUnsafeText(request.query) ||
      holdsUnsafeText(request.body)
    ) {
      throw badRequest(INPUT_MESSAGES.unsafeText);
    }
  });
}
