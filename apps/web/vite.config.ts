import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyStartPlugin } from './early-start';
import { postBuild } from './post-build';

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
    rolldownOptions: { input: { main: 'index.html', welcome: 'welcome.html' } },
  },
});
