import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyStartPlugin } from './early-start';
import { postBuild } from './post-build';

/**
 * Icons the entry itself draws (spinner, alerts, notices, the error screen), by lucide's file
 * names (CircleAlert is circle-exclamation-point.mjs): they stay in the entry. An icon the
 * entry starts to use and this list lacks brings the icons chunk into /login, which
 * scripts/bundle-report.mjs then reports.
 */
const ENTRY_ICONS =
  /[\\/]icons[\\/](loader-circle|circle-exclamation-point|circle-check|info|triangle-exclamation-point|x|rotate-cw)\.m?js$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), earlyStartPlugin(), postBuild()],
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
          ],
        },
      },
    },
  },
});
