/**
 * What never reaches a log (issue 16): cookies and session tokens, passwords and their
 * hashes, and a failed query's parameters — drizzle puts them in the error's message
 * ('Failed query: … params: …'), so an insert of a user would log the argon2id hash.
 */

/** Pino redaction paths, for objects the app or Fastify log. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.sessionToken',
];

const PARAMS = /\bparams:[\s\S]*$/;
const cleanText = (text: unknown) =>
  typeof text === 'string' ? text.replace(PARAMS, 'params: [redacted]') : undefined;

interface LoggedError {
  type: string;
  message: string | undefined;
  stack: string | undefined;
  code?: string;
  cause?: LoggedError;
}

/**
 * The error as logged: its kind, message, stack and SQL state, with any query parameters cut
 * out of the text and no other property (a driver error's `parameters`, `query`, …) kept.
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  const candidate = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    code?: unknown;
    cause?: unknown;
  };
  return {
    type: typeof candidate.name === 'string' ? candidate.name : 'Error',
    message: cleanText(candidate.message),
    stack: cleanText(candidate.stack),
    ...(typeof candidate.code === 'string' ? { code: candidate.code } : {}),
    ...(candidate.cause && depth < 3 ? { cause: safeError(candidate.cause, depth + 1) } : {}),
  };
}

/** The pino options every logger of the app gets, whatever else it is given. */
export function safeLoggerOptions(options: object): object {
  return {
    ...options,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: safeError },
  };
}
