// Bundles the server into dist/main.js and the backup restore tool into dist/restore-backup.js.
// npm packages stay external (installed beside it); the workspace's own TypeScript packages
// (@karya/*) are bundled in, since Node cannot run .ts.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@karya/'));

await build({
  // main.js serves; restore-backup.js puts a reset's backup back (decision 012).
  entryPoints: ['src/main.ts', 'src/restore-backup.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
