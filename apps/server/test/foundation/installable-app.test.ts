import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 20 (decision 025): the installable app's files beside the SPA. The service worker and
 * the manifest are asked for again on every visit (a deploy must reach the phone and raise
 * the update prompt), the manifest has its own type, and the pages' policy lets the worker
 * register while index.html's one inline script still runs by its hash: the copy the worker
 * precaches is the same file.
 */
const EARLY = 'window.__early = { at: Date.now() };';
const INDEX = `<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"><script>${EARLY}</script><script type="module" src="/assets/main-abc.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST = JSON.stringify({
  name: 'Karya',
  start_url: '/technician-dashboard',
  display: 'standalone',
});

let t: TestApp;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'karya-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'sw.js'), "importScripts('./workbox-abc123.js');");
  writeFileSync(join(webDist, 'workbox-abc123.js'), 'self.workbox = {};');
  writeFileSync(join(webDist, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(join(webDist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(webDist, 'assets', 'main-abc.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

function directive(csp: string, name: string): string[] {
  const part = csp.split(';').find((item) => item.trim().startsWith(`${name} `)) ?? '';
  return part.trim().split(/\s+/).slice(1);
}

describe('the installable app', () => {
  it('serves the service worker and its Workbox runtime uncached, as JavaScript', async () => {
    for (const url of ['/sw.js', '/workbox-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-type']), url).toMatch(
        /^(text|application)\/javascript/,
      );
    }
  });

  it('serves the manifest uncached with the manifest type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({ start_url: '/technician-dashboard' });
  });

  it('serves the icons; the hashed assets stay cached for a year', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("lets the worker and manifest load from the app's origin, inline scripts by hash only", async () => {
    const early = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;
    for (const url of ['/technician-dashboard', '/sw.js', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'worker-src'), url).toEqual(["'self'"]);
      expect(directive(csp, 'manifest-src'), url).toEqual(["'self'"]);
      expect(directive(csp, 'script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'", early]);
    }
    // The worker precaches /index.html itself: the same page the client routes get.
    const page = await t.app.inject({ method: 'GET', url: '/technician-dashboard' });
    const file = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(page.body);
    expect(file.headers['cache-control']).toBe('no-cache');
  });
});
