// `npm start`: install what is missing, build the SPA and the API, then serve Karya
// (embedded PGlite under DATA_DIR unless DATABASE_URL is set).
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';
import { run, runOrExit, step } from './run.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureInstalled();
step('Building Karya');
runOrExit('npm', ['run', 'build'], { cwd: root });
step('Starting Karya');
process.exit(run('node', [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], { cwd: root }));
