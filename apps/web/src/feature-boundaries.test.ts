import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The layers of the web (app → features → shared → ui → lib) are checked by Biome's
 * noRestrictedImports in biome.json, which `npx biome check .` runs in `npm test`. This test
 * runs that very configuration on a small tree of made-up files, so the rule cannot pass
 * silently (a glob that matches nothing, a pattern that never fires).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(join(tmpdir(), 'karya-boundaries-'));

const files: Record<string, string> = {
  // allowed: own area, shared/, ui/, lib/, packages
  'features/alpha/allowed.ts': [
    "import { a } from './api/get-a';",
    "import { s } from '../../shared/s';",
    "import { u } from '../../ui/u';",
    "import { l } from '../../lib/l';",
    "import { z } from 'zod';",
    'export const all = [a, s, u, l, z];',
  ].join('\n'),
  'features/alpha/api/get-a.ts': [
    "import { l } from '../../../lib/l';",
    "import { own } from '../own';",
    'export const a = [l, own];',
  ].join('\n'),
  // forbidden: another feature (at each depth), app/
  'features/alpha/other-feature.ts': "import { b } from '../beta/b';\nexport const x = b;",
  'features/alpha/api/other-feature.ts': "import { b } from '../../beta/b';\nexport const x = b;",
  'features/alpha/api/deeper/other-feature.ts':
    "import { b } from '../../../beta/api/b';\nexport const x = b;",
  'features/alpha/app.ts': "import { r } from '../../app/router';\nexport const x = r;",
  'shared/feature.ts': "import { b } from '../features/beta/b';\nexport const x = b;",
  'ui/shared.ts': "import { s } from '../shared/s';\nexport const x = s;",
  'lib/ui.ts': "import { u } from '../ui/u';\nexport const x = u;",
  // allowed: app/ composes features
  'app/route.ts': "import { b } from '../features/beta/b';\nexport const x = b;",
};

function lint(): string[] {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(join(work, 'biome.json'), JSON.stringify(config));
  for (const [path, text] of Object.entries(files)) {
    const file = join(work, 'apps/web/src', path);
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
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const flagged = output.matchAll(
    /title=lint\/style\/noRestrictedImports,file=[^,]*?\/apps\/web\/src\/([^,]+),line=/g,
  );
  return [...flagged].map((match) => match[1] ?? '').sort();
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('web layers (biome.json noRestrictedImports)', () => {
  it('flags a feature importing another feature or app/, and a lower layer importing a higher', () => {
    expect(lint()).toEqual(
      [
        'features/alpha/api/deeper/other-feature.ts',
        'features/alpha/api/other-feature.ts',
        'features/alpha/app.ts',
        'features/alpha/other-feature.ts',
        'lib/ui.ts',
        'shared/feature.ts',
        'ui/shared.ts',
      ].sort(),
    );
  });
});
