import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The files of a made-up tree that the repository's own biome.json flags with
 * style/noRestrictedImports, relative to `sourceFolder`. The web's and the server's boundary
 * tests (decisions 017, 018) run their rules on such a tree, so a rule cannot pass silently:
 * a glob that matches nothing or a pattern that never fires fails them.
 */
export function flaggedImports(sourceFolder: string, files: Record<string, string>): string[] {
  const work = mkdtempSync(join(tmpdir(), 'karya-boundaries-'));
  try {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    config.files = { includes: ['**'] };
    writeFileSync(join(work, 'biome.json'), JSON.stringify(config));
    for (const [path, text] of Object.entries(files)) {
      const file = join(work, sourceFolder, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${text}\n`);
    }
    let output = '';
    try {
      output = execFileSync(
        join(root, 'node_modules/.bin/biome'),
        ['lint', '--only=style/noRestrictedImports', '--reporter=github', '.'],
        { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      // Biome exits non-zero when it flags anything; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const prefix = `/${sourceFolder}/`;
    return [...output.matchAll(/title=lint\/style\/noRestrictedImports,file=([^,]+),line=/g)]
      .map((match) => match[1] ?? '')
      .filter((file) => file.includes(prefix))
      .map((file) => file.slice(file.indexOf(prefix) + prefix.length))
      .sort();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
