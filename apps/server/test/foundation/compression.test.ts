import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES } from '../../src/http/compression';
import { createBranch } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 17, compression: API answers above about 1 KB go gzip or brotli compressed as the
 * client accepts; small answers and clients that accept neither get them plain. The built
 * assets go as compressed at build time, never compressed again, cached for a year.
 */

const ASSET = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX = '<!doctype html><title>Karya SPA</title>';

/** A built SPA as apps/web/post-build.ts leaves it: .br and .gz beside the asset. */
function builtWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'karya-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET, { level: 9 }));
  return dir;
}

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: builtWebDist() });
  for (let branch = 0; branch < 40; branch += 1) {
    await createBranch(t.db, {
      name: `Branch ${branch} of the compression test`,
      location: 'Pune',
    });
  }
  cookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

describe('API answers', () => {
  it('a list above 1 KB goes gzip or brotli compressed, as asked, and decodes to the same answer', async () => {
    const plain = await get('/api/get-branches');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Above 8 KB too, where the plugin would otherwise stream (http/compression.ts).
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const answer = plain.json();
    expect(answer.data).toHaveLength(40);

    const brotli = await get('/api/get-branches', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(answer);

    const gzip = await get('/api/get-branches', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(answer);

    // What a browser sends: gzip, the cheaper in CPU for the same answer (decision 014).
    const browser = await get('/api/get-branches', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(browser.rawPayload).toString('utf8'))).toEqual(answer);
  });

  it('a small answer, or a client that accepts neither, gets it plain', async () => {
    const me = await get('/api/me', { 'accept-encoding': 'br, gzip' });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().data.username).toBe(ADMIN.username);

    for (const acceptEncoding of ['identity', 'deflate']) {
      const list = await get('/api/get-branches', { 'accept-encoding': acceptEncoding });
      expect(list.headers['content-encoding']).toBeUndefined();
      expect(list.json().data).toHaveLength(40);
    }
  });
});

describe('built assets', () => {
  it('are sent as precompressed at build time, not compressed again, and cached for a year', async () => {
    const brotli = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(ASSET);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(ASSET);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('index.html is never cached, whatever the client accepts', async () => {
    for (const url of ['/', '/work-orders?status=pending']) {
      const page = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const encoding = page.headers['content-encoding'];
      const html =
        encoding === 'br'
          ? brotliDecompressSync(page.rawPayload).toString('utf8')
          : encoding === 'gzip'
            ? gunzipSync(page.rawPayload).toString('utf8')
            : page.body;
      expect(html).toBe(INDEX);
    }
  });
});
