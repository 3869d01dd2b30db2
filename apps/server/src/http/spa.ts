import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and
 * index.html for any other GET (files are routed by @fastify/static at start-up) that is not under /api so client routes survive a reload.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const hasWelcome = existsSync(join(webDist, 'welcome.html'));
  // Vite names every file under assets/ by its content's hash: a new build means new names.
  const hashedAssets = join(webDist, 'assets') + sep;

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each asset (apps/web/post-build.ts), sent with
    // their Content-Encoding set, so the API's compression (http/compression.ts) skips them.
    preCompressed: true,
    // Everything outside assets/ is asked again each time (no-cache): index.html, and the
    // service worker (sw.js, workbox-*.js) and manifest.webmanifest of the installable app
    // (issue 20), so a deploy reaches a phone on its next visit and the update prompt shows.
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(hashedAssets) ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache',
      );
      if (filePath.endsWith('.webmanifest')) {
        reply.header('content-type', 'application/manifest+json; charset=utf-8');
      }
    },
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) {
      return reply
        .status(404)
        .send({ success: false, message: `No such endpoint: ${request.method} ${path}` });
    }
    // The public landing page has its own entry, which loads nothing of the desk app.
    const page = path === '/welcome' && hasWelcome ? 'welcome.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
  return true;
}
