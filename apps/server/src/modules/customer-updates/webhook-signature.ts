import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/**
 * Whether Meta signed this webhook body: its X-Hub-Signature-256 header is 'sha256=' and the
 * hex HMAC-SHA256 of the raw bytes under the app's secret. Compared in constant time, so a
 * forger learns nothing from how fast a wrong guess is refused.
 */
export function signedByMeta(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
