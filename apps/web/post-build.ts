import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Text, and the binaries that compress as well (HarfBuzz's WebAssembly and the TrueType the PDFs shape with, decision 042). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|wasm|ttf)$/;
/** Smaller files gain nothing worth a second variant. */
const MIN_BYTES = 1024;
const ROOT_ELEMENT = '<div id="root"></div>';

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * The landing page rendered to HTML at build time and put into welcome.html, so a phone
 * paints the whole page from the first response and the script only hydrates it.
 */
async function prerenderLanding(outDir: string): Promise<void> {
  const page = join(outDir, 'welcome.html');
  const html = readFileSync(page, 'utf8');
  if (!html.includes(ROOT_ELEMENT)) throw new Error('welcome.html has no empty #root to fill');
  // Inside the package, so the bundle's bare imports (react-dom…) resolve to node_modules.
  const serverDir = resolve('node_modules/.cache/karya-prerender');
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: resolve('src/features/landing/landing-prerender.tsx'),
        outDir: serverDir,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: 'landing-prerender.mjs' } },
      },
    });
    const { renderLanding } = (await import(
      pathToFileURL(join(serverDir, 'landing-prerender.mjs')).href
    )) as { renderLanding: () => string };
    writeFileSync(page, html.replace(ROOT_ELEMENT, `<div id="root">${renderLanding()}</div>`));
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

/** .br and .gz beside every text asset; the server sends them (@fastify/static preCompressed). */
function precompress(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}

/**
 * After the client build, in this order: prerender the landing page into welcome.html, then
 * compress everything (DESIGN.md, serving). A phone on a slow network then downloads a
 * quarter of the bytes and sees the landing page before any script has run.
 */
export function postBuild(): Plugin {
  // The build's own folder, `--outDir` included (a private build must not touch dist/).
  let outDir = resolve('dist');
  return {
    name: 'karya-post-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The nested SSR build below closes a bundle too; only the client build's counts.
      if (!readdirSync(outDir).includes('welcome.html')) return;
      await prerenderLanding(outDir);
      precompress(outDir);
    },
  };
}
