// Small helpers shared by the start and test scripts: run a command, stream its output.
import { spawnSync } from 'node:child_process';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

export function step(title) {
  console.log(`\n━━ ${title}`);
}
