// After `npm run build`: the JavaScript each key route loads, gzipped, from the build's own
// manifest (apps/web/vite.config.ts sets build.manifest). A route loads the scripts
// index.html names (the entry, and early-start.js), every chunk the entry imports, and the
// lazily loaded modules that route renders, each with the chunks they import. Exits 1 when
// a route is over its budget (issue 17).
//   node scripts/bundle-report.mjs [dist folder]     (default apps/web/dist, or WEB_DIST)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? process.env.WEB_DIST ?? join(root, 'apps/web/dist'));
const KB = 1024;

/**
 * The screens that matter on a phone, and the lazily loaded modules (manifest keys, paths
 * under apps/web) each renders on a cold load. Budgets in gzipped bytes.
 */
const ROUTES = [
  {
    route: '/login',
    lazy: [],
    budget: 120 * KB,
  },
  {
    route: '/dashboard (admin, manager)',
    lazy: [
      'src/app/app-shell.tsx',
      'src/app/desk-layout.tsx',
      'src/features/dashboard/dashboard-page.tsx',
    ],
  },
  {
    route: '/manager-dashboard (projects)',
    lazy: [
      'src/app/app-shell.tsx',
      'src/app/desk-layout.tsx',
      'src/features/work-orders/manager-projects-page.tsx',
    ],
  },
  {
    // Issue 38: the owner's reports and their chart library (uPlot), which loads on no other
    // route: the routes above and below keep their budgets.
    route: '/reports/sales (admin, manager)',
    lazy: [
      'src/app/app-shell.tsx',
      'src/app/desk-layout.tsx',
      'src/features/reports/reports-page.tsx',
    ],
    budget: 270 * KB,
  },
  {
    route: '/technician-dashboard',
    lazy: ['src/app/app-shell.tsx', 'src/app/technician-dashboard/technician-dashboard-page.tsx'],
    budget: 200 * KB,
  },
  {
    // A customer's quotation link (issue 35), opened from WhatsApp on any phone: no desk code.
    route: '/q/:token (quotation)',
    lazy: ['src/features/quote-page/quote-page.tsx'],
    budget: 150 * KB,
  },
  {
    // A unit's QR sticker (issue 37), scanned by a customer on any phone: no desk code.
    route: '/u/:token (unit sticker)',
    lazy: ['src/features/unit-page/unit-page.tsx'],
    budget: 150 * KB,
  },
];

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`✗ ${manifestPath} not found: run \`npm run build\` first (build.manifest on).`);
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(join(dist, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** The chunk of a manifest key and every chunk it imports statically, transitively. */
function collect(key, files, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not a chunk of the build: update ROUTES in ${import.meta.url}`);
  if (seen.has(key)) return;
  seen.add(key);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [['route', 'files', 'raw', 'gzip', 'brotli', 'budget (gzip)']];
/** Every script index.html itself loads (src="/assets/….js"), whatever the manifest says. */
const htmlScripts = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g),
].map((match) => match[1]);

let over = 0;
for (const { route, lazy, budget } of ROUTES) {
  const files = new Set(htmlScripts);
  collect('index.html', files);
  for (const key of lazy) collect(key, files);
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  const fails = budget !== undefined && total.gzip > budget;
  if (fails) over += 1;
  rows.push([
    route,
    String(files.size),
    kb(total.raw),
    kb(total.gzip),
    kb(total.brotli),
    budget === undefined ? '—' : `${kb(budget)} ${fails ? '✗ over' : '✓'}`,
  ]);
}

const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log(`JavaScript per route (${dist}):`);
for (const [index, row] of rows.entries()) {
  console.log(
    row
      .map((cell, column) =>
        (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column]),
      )
      .join('  '),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

const largest = [...sizes.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 5);
console.log(
  `Largest of those files: ${largest.map(([file, size]) => `${file.replace('assets/', '')} ${kb(size.gzip)}`).join(', ')}`,
);
if (over > 0) {
  console.error(`✗ ${over} route(s) over the JavaScript budget`);
  process.exit(1);
}
