import cluster from 'node:cluster';
import { runCluster } from './cluster';
import { type Config, ConfigError, loadConfig } from './config';
import { serve } from './serve';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Karya cannot start: ${error.message}\n`);
    process.exit(1);
  }
}

const config = configOrExit();

// WORKERS=1 serves in this process; more, and this process is the primary of a cluster whose
// workers run this file again (decision 014).
if (cluster.isWorker) await serve(config, 'worker');
else if (config.workers > 1) await runCluster(config);
else await serve(config, 'alone');
