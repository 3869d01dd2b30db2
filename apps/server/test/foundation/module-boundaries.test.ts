import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flaggedImports } from '../../../../scripts/restricted-imports-probe';

/*
 * The server's module boundaries (docs/decisions/018-server-module-boundaries.md): a module
 * reaches another only through its index.ts, auth/ db/ http/ audit/ import no module, and no
 * modules import each other round a cycle. Biome's noRestrictedImports in biome.json checks
 * the first two in `npx biome check .`; this test runs that configuration on a made-up tree
 * (so the rule cannot pass silently) and checks the third, which Biome cannot express, on the
 * real tree.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverSrc = join(root, 'apps/server/src');

const reexport = (from: string) => `export { b } from '${from}';`;
const files: Record<string, string> = {
  // allowed: another module's entry, own files, lower layers, packages
  'modules/alpha/alpha.service.ts': [
    "import { b } from '../beta';",
    "import { a } from './alpha.queries';",
    "import { db } from '../../db/client';",
    "import { guard } from '../../auth/guard';",
    "import { config } from '../../config';",
    "import { z } from 'zod';",
    'export const all = [a, b, db, guard, config, z];',
  ].join('\n'),
  'modules/alpha/index.ts': reexport('./alpha.service'),
  'auth/guard.ts': reexport('../db/client'),
  // forbidden: another module's queries, service or other file; modules/ from src/; a lower
  // layer importing a module; a folder inside a module
  'modules/alpha/queries.ts': reexport('../beta/beta.queries'),
  'modules/alpha/service.ts': reexport('../beta/beta.service'),
  'modules/alpha/index-file.ts': reexport('../beta/index'),
  'modules/alpha/from-src.ts': reexport('../../modules/beta'),
  'modules/alpha/deeper/file.ts': reexport('../alpha.service'),
  'auth/module.ts': reexport('../modules/users/public-user'),
  'http/module.ts': reexport('../modules/beta'),
};

const lint = () => flaggedImports('apps/server/src', files);

/** The part of the server a file belongs to: modules/<name>, a folder of src/, or a top file. */
function partOf(file: string): string {
  const [first = '', second = ''] = relative(serverSrc, file).split('/');
  if (first === 'modules') return `modules/${second.replace(/\.ts$/, '')}`;
  return first.replace(/\.ts$/, '');
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Which part imports which (relative imports and re-exports, static or dynamic). */
function importGraph(folder: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) {
      const from = partOf(file);
      const to = partOf(resolve(dirname(file), specifier));
      if (from === to) continue;
      const targets = graph.get(from) ?? new Set<string>();
      targets.add(to);
      graph.set(from, targets);
    }
  }
  return graph;
}

/** The groups of parts that import each other round a cycle (Tarjan's strongly connected components). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('server module boundaries', () => {
  it("flags a module importing another module's files but its index, and a lower layer importing a module (biome.json)", () => {
    expect(lint()).toEqual(
      [
        'auth/module.ts',
        'http/module.ts',
        'modules/alpha/deeper/file.ts',
        'modules/alpha/from-src.ts',
        'modules/alpha/index-file.ts',
        'modules/alpha/queries.ts',
        'modules/alpha/service.ts',
      ].sort(),
    );
  });

  it('finds a cycle between parts when there is one', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b', 'db'])],
      ['modules/b', new Set(['modules/c'])],
      ['modules/c', new Set(['modules/a'])],
      ['modules/d', new Set(['modules/a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['modules/a', 'modules/b', 'modules/c']]);
  });

  it('has no cycle between the modules, auth/, db/, http/, audit/ and the top files', () => {
    const graph = importGraph(serverSrc);
    expect(graph.get('modules/contacts')).toContain('modules/work-orders');
    expect(cyclesOf(graph)).toEqual([]);
  });
});
