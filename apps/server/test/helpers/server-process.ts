import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** The server as an operator starts it: its own Node process, running src/main.ts. */
export interface ServerProcess {
  /** http://127.0.0.1:port */
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Runs src/main.ts with the env (through tsx) and waits for its first answer. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      await fetch(`${server.url}/api/me`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer within 45 s:\n${output}`);
}

export interface Answer {
  status: number;
  body: { success: boolean; message: string; data?: unknown } & Record<string, unknown>;
  /** karya_session=… when the answer set the session cookie. */
  cookie: string | undefined;
}

/** One JSON call over HTTP, with the session cookie if given. */
export async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string | undefined; body?: object } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const session = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('karya_session='));
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    cookie: session?.split(';')[0],
  };
}
