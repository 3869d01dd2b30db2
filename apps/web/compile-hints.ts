import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 on): a script whose first line is this comment has
 * every function compiled eagerly, on the background thread that parses it as it downloads.
 * Without it V8 compiles each function on the main thread the first time it runs: on issue
 * 17's phone (the main thread 4× slower) 500 or so functions of React, the router, TanStack
 * Query and the dashboard, compiled one by one during the first render.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks a cold start runs nearly all of (by chunk name): the entry and the bundler's
 * runtime, React ('react' in vite.config.ts), the signed-in frame and its TanStack Query,
 * the shared signed-in modules and the technician dashboard. Not the icons (one component per
 * icon, most of them drawn by other screens) and not any lazily opened screen: compiling what
 * never runs costs memory and the background thread's time.
 */
const HINTED_CHUNKS = new Set([
  'main',
  'rolldown-runtime',
  'react',
  'query',
  'signed-in',
  'app-shell',
  'technician-dashboard-page',
]);

/**
 * Puts COMPILE_HINT first in the chunks of HINTED_CHUNKS. After the minifier, which drops
 * comments, and after Vite's own rewriting of the chunks (order 'post'); the file names were
 * given before, so a build with and without the hint name a chunk alike (the code is the same).
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'karya-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const hinted = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !HINTED_CHUNKS.has(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          hinted.add(output.name);
        }
        // A renamed chunk would lose its hint silently: the cold start would get slower.
        const missing = [...HINTED_CHUNKS].filter((name) => !hinted.has(name));
        if (missing.length > 0) {
          this.error(`compile-hints: no chunk is named ${missing.join(', ')}`);
        }
      },
    },
  };
}
