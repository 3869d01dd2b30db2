import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptSources } from '../../src/http/inline-scripts';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 17: the built index.html carries one inline script (apps/web/early-start.ts) that
 * starts a screen's first calls before the app's scripts arrive. The Content-Security-Policy
 * lets exactly that script run, by its hash, and still no other inline script.
 */
const EARLY = 'window.__early = { at: Date.now() };';
const INDEX = `<!doctype html><html><head><script>${EARLY}</script><script type="module" src="/assets/main-abc.js"></script></head><body><div id="root"></div></body></html>`;

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

function scriptSources(csp: string): string[] {
  const directive = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  return directive.trim().split(/\s+/).slice(1);
}

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'karya-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

describe('the inline script of index.html', () => {
  it('is hashed, and scripts with a src are not', () => {
    expect(inlineScriptSources(webDist)).toEqual([sha256(EARLY)]);
    expect(inlineScriptSources(join(webDist, 'missing'))).toEqual([]);
  });

  it("is the only inline script the pages' policy admits", async () => {
    for (const url of ['/technician-dashboard', '/api/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      // And WebAssembly, for the PDFs' Devanagari (decision 042): not JavaScript's eval.
      expect(scriptSources(csp), url).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(EARLY)]);
      expect(scriptSources(csp), url).not.toContain("'unsafe-eval'");
    }
  });
});
