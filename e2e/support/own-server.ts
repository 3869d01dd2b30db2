import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './api';

/**
 * A server of the journey's own, on a free port and a fresh data folder. For journeys that
 * must not share the run's server: a system reset deletes what every other journey running in
 * parallel has seeded, so it never runs against the shared one.
 */
export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

// E2E_SERVER_BUNDLE: a private server bundle, for a helper's run beside others' (helper-rules).
const SERVER =
  process.env.E2E_SERVER_BUNDLE ??
  fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function answering(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet: PGlite is migrating the fresh folder.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** `port`: a fixed one (a helper's run keeps to its ports); by default any free one. */
export async function startOwnServer(
  env: Record<string, string> = {},
  port?: number,
): Promise<OwnServer> {
  port ??= await freePort();
  const dataDir = fileURLToPath(
    new URL(`../${process.env.E2E_DATA_DIR ?? '.data'}-own-${port}`, import.meta.url),
  );
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('node', [SERVER], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await answering(`${baseURL}/api/docs/json`, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return {
    baseURL,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
