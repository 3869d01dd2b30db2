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

const REPLACEMENT = '\uFFFD';

/**
 * Whether a text field of a multipart form (its name or its value) holds unsafe text: the
 * same rule as holdsUnsafeText, plus broken UTF-8. The form parser decodes each field's bytes
 * itself and keeps none of them: a malformed sequence (a lone surrogate sent as its three
 * bytes, a cut character, Latin-1 bytes) arrives as U+FFFD, indistinguishable from a U+FFFD
 * sent as its own well-formed bytes (and a part may name its own charset, so the bytes cannot
 * be recovered by reading them as Latin-1 either). So U+FFFD is refused in form fields: it is
 * the mark of text already broken on its way, never something a person types. `truncated`: the
 * parser cut the value at the route's field size, possibly inside a character, whose U+FFFD
 * at the very end is the parser's own doing (and a value that long fits no field anyway).
 */
export function holdsUnsafeFormText(name: string, value: string, truncated = false): boolean {
  const checked = truncated && value.endsWith(REPLACEMENT) ? value.slice(0, -1) : value;
  return (
    holdsUnsafeText({ [name]: checked }) ||
    name.includes(REPLACEMENT) ||
    checked.includes(REPLACEMENT)
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
