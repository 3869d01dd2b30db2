/**
 * The pages anyone may open without a session (issue 39 item 22): the login form, the
 * landing page, a customer's job-status link (/s/<token>, its report too) and quotation link
 * (/q/<token>, issue 35) and a unit's QR sticker (/u/<token>, issue 37). They never ask the server who is signed in, so a visitor's console
 * shows no refused GET /api/me; the check is made when a screen behind the login is first
 * opened. apps/web/early-start.ts (the script the HTML runs first) follows the same lists.
 */
export const ANONYMOUS_PATHS: readonly string[] = ['/login', '/welcome'];
export const ANONYMOUS_PREFIXES: readonly string[] = ['/s/', '/q/', '/u/'];

export function isAnonymousPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    ANONYMOUS_PATHS.includes(path) || ANONYMOUS_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}
