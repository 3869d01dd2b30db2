import { fileURLToPath } from 'node:url';

// This file sits directly under src/, and the bundle under dist/: either way the package
// root is one level up, so paths below hold for `tsx src/main.ts` and `node dist/main.js`.
const serverRoot = fileURLToPath(new URL('../', import.meta.url));

export const MIGRATIONS_DIR = `${serverRoot}drizzle`;
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../web/dist', `file://${serverRoot}`));
