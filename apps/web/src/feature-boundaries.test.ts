import { describe, expect, it } from 'vitest';
import { flaggedImports } from '../../../scripts/restricted-imports-probe';

/*
 * The layers of the web (app → features → shared → ui → lib) are checked by Biome's
 * noRestrictedImports in biome.json, which `npx biome check .` runs in `npm test`. This test
 * runs that very configuration on a small tree of made-up files, so the rule cannot pass
 * silently (a glob that matches nothing, a pattern that never fires).
 */
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

const lint = () => flaggedImports('apps/web/src', files);

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
