import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHintsPlugin } from './compile-hints';
import { earlyStartPlugin } from './early-start';
import { invoiceFontsPlugin } from './invoice-fonts';
import { postBuild } from './post-build';
import { precacheSelection } from './precache';

/**
 * Icons the entry itself draws (spinner, alerts, notices, the error screen), by lucide's file
 * names (CircleAlert is circle-exclamation-point.mjs): they stay in the entry. An icon the
 * entry starts to use and this list lacks brings the icons chunk into /login, which
 * scripts/bundle-report.mjs then reports.
 */
const ENTRY_ICONS =
  /[\\/]icons[\\/](loader-circle|circle-exclamation-point|circle-check|info|triangle-exclamation-point|x|rotate-cw)\.m?js$/;

/** Modules the entry shares with other screens (landing, lazy screens): see the 'react' group. */
const ENTRY_SHARED =
  /([\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](loader-circle|circle-check)\.m?js$|[\\/]src[\\/](lib[\\/](api-client|api-url|class-names|early-requests)|ui[\\/]spinner)\.tsx?$)/;

/**
 * Vite's preload helper and modulepreload polyfill, a file of their own otherwise (1.3 KB):
 * every screen loads them with the entry, and on a phone over HTTP/1.1 each file takes one of
 * the browser's six connections for a round trip (issue 17). (Rolldown's runtime cannot be
 * grouped: it stays a file of 0.7 KB.)
 */
const BUNDLER_HELPERS = /^\0vite\/(preload-helper|modulepreload-polyfill)\.js$/;

/**
 * Small modules shared by the technician dashboard and other signed-in screens (issue 17): one
 * chunk. None may be one the entry imports, or /login would load the chunk (bundle-report).
 */
const SIGNED_IN_SHARED =
  /([\\/]src[\\/](lib[\\/]cache-first|features[\\/]work-orders[\\/]work-order-display|ui[\\/](dashboard-panels|status-pill)|shared[\\/](use-paged-list|get-technician-inventory|technician-inventory-path|inventory-keys|inventory-units|technician-inventory-messages|work-order-status-pill))|[\\/]domain[\\/]src[\\/](format|inventory-messages|user|work-order-state|project-categories))\.tsx?$/;

const precache = precacheSelection();

/**
 * The installable app (issue 20, decision 025): a manifest whose start is the technician's
 * dashboard, and a Workbox service worker that precaches the app shell so the dashboard opens
 * with no network. It caches no /api/ answer (the query cache is persisted in IndexedDB), and a
 * new version waits until the technician presses Reload (src/ui/update-prompt.tsx): never a
 * swap mid-job.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // Registered by src/ui/update-prompt.tsx (useRegisterSW), lazily: nothing in index.html.
  injectRegister: null,
  // Before post-build's closeBundle, so sw.js and workbox-*.js are compressed with the rest.
  integration: { closeBundleOrder: 'pre' },
  includeManifestIcons: false,
  manifest: {
    name: 'Karya',
    short_name: 'Karya',
    description: 'Work orders, stock and billing for service businesses',
    // The app's primary colour (index.html's theme-color, the logo's square).
    theme_color: '#1d4ed8',
    // The signed-in screens' background (bg-slate-50): the splash screen matches the page.
    background_color: '#f8fafc',
    display: 'standalone',
    start_url: '/technician-dashboard',
    scope: '/',
    id: '/',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: index.html, the chunks and styles its entry can load (precache.ts: all but
    // the invoice PDF's), the logo the top bar draws and the home-screen icons. Not
    // welcome.html (the public landing page, rewritten after this runs by post-build.ts), nor
    // the .br/.gz copies.
    globPatterns: ['index.html', 'assets/*.{js,css,woff2}', '*.{svg,png}'],
    // The icons come by the glob above, once.
    manifestTransforms: [
      (entries) => ({ manifest: entries.filter((entry) => precache.keep(entry.url)) }),
    ],
    // Vite's names carry the content's hash: no revision, and the HTTP cache may answer.
    dontCacheBustURLsMatching: /^assets\//,
    // A client route opened offline gets the precached index.html; the server's own paths
    // (the API, its docs, the landing page, files) are never answered from the shell.
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [
      /^\/api(\/|$)/,
      /^\/welcome(\/|$)/,
      /^\/assets\//,
      /^[^?]*\.[a-z0-9]+(\?.*)?$/i,
    ],
    // No runtime caching: an /api/ answer never enters the service worker's caches.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // The first visit's page is controlled at once (there is no older worker to swap from);
    // an update still waits for Reload, since skipWaiting stays off.
    clientsClaim: true,
    skipWaiting: false,
  },
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileHintsPlugin(),
    earlyStartPlugin(),
    invoiceFontsPlugin(),
    precache.plugin,
    pwa,
    postBuild(),
  ],
  // A new build drops the cached lists of the last one: their shape may have changed.
  define: { __KARYA_BUILD_ID__: JSON.stringify(new Date().toISOString()) },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    manifest: true,
    // welcome.html: the public landing page, its own entry that loads nothing of the desk app.
    rolldownOptions: {
      input: { main: 'index.html', welcome: 'welcome.html' },
      output: {
        codeSplitting: {
          // Every other icon in one chunk, not one chunk per icon: on a phone each request
          // costs a round trip, and the technician dashboard's first screen made 37 (issue 17).
          groups: [
            {
              name: 'icons',
              // Only the icons: React and lucide's own helpers stay where the entry has them.
              includeDependenciesRecursively: false,
              test: (id) =>
                /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !ENTRY_ICONS.test(id),
            },
            {
              // React, React DOM, lucide's helpers, the API client and the spinner: what every
              // screen's first script needs besides the entry, in one file instead of four, so
              // a cold load's first scripts fit the browser's six connections (issue 17).
              name: 'react',
              includeDependenciesRecursively: false,
              test: (id) => ENTRY_SHARED.test(id) || BUNDLER_HELPERS.test(id),
            },
            {
              // TanStack Query (the cache, its persister, the hooks) and Karya's query client:
              // the signed-in screens' own library, in one chunk instead of seven the
              // technician dashboard waited on.
              name: 'query',
              includeDependenciesRecursively: false,
              test: /([\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$)/,
            },
            {
              // Small modules the signed-in screens share (keys, formatters, messages), each
              // its own chunk otherwise: one file instead of eleven requests on a phone.
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: (id) => SIGNED_IN_SHARED.test(id),
            },
          ],
        },
      },
    },
  },
});
