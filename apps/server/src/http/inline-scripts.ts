import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts of the built
 * index.html, read once at start-up: the web build puts one small script there that starts
 * a screen's first requests before the app's own scripts arrive (apps/web/early-start.ts).
 * Only those exact scripts may run inline; every other script must still come from 'self'.
 */
export function inlineScriptSources(webDist: string): string[] {
  const page = join(webDist, 'index.html');
  if (!existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}
