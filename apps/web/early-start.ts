import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { TECHNICIAN_DASHBOARD_FIRST_REQUESTS } from './src/features/work-orders/api/technician-first-requests';
import { ANONYMOUS_PATHS, ANONYMOUS_PREFIXES } from './src/lib/anonymous-paths';

/**
 * The first thing index.html runs (issue 17): a tiny script, inline in the head, that starts
 * what a cold load of a signed-in screen will need while the app's own scripts are still
 * downloading and compiling (on a slow phone, seconds):
 * - the chunks of the screen at the address, as modulepreload links (the app would ask for
 *   them only after the entry has run, one step after another);
 * - its first API calls (/api/me, and on the technician dashboard the counts, the first page
 *   of 'Your Tasks' and the stock), which the app then takes instead of asking again
 *   (src/lib/early-requests.ts).
 * The server's Content-Security-Policy admits it by its hash, and no other inline script.
 */

interface EarlyRoute {
  /** Chunks (URLs) the screen loads beyond the entry. */
  files: string[];
  /** GETs the screen makes as it opens, as the app writes them. */
  requests: readonly string[];
  /** The one role that may open it, if only one may. */
  role?: string;
  /** Whether the desk's sidebar and header frame it (admins and managers). */
  desk: boolean;
}

interface EarlyConfig {
  /** Addresses anyone may open: nothing is started, not even the session check. */
  publicPaths: readonly string[];
  /** The same, by the start of the address (a job-status link, /s/<token>). */
  publicPrefixes: readonly string[];
  shell: string[];
  desk: string[];
  routes: Record<string, EarlyRoute>;
  /** Where a role lands from / and /dashboard. */
  homes: Record<string, string>;
  /** The locale the screens format dates and amounts in (packages/domain/src/format.ts). */
  locale: string;
}

/**
 * Runs in the browser as its own file (see the file comment): written self-contained, since
 * its source text is what is shipped, with the config as its argument.
 */
function earlyStart(config: EarlyConfig): void {
  let path = location.pathname.replace(/\/+$/, '') || '/';
  const answers: Record<string, Promise<Response>> = {};
  window.__karyaEarly = { at: Date.now(), answers };
  const get = (url: string) => {
    const answer = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    answer.catch(() => undefined);
    answers[url] = answer;
  };
  // A page anyone may open (the login form, the landing page, a job-status link) asks
  // nothing: a visitor's console must not show a refused session check (issue 39 item 22).
  if (
    config.publicPaths.includes(path) ||
    config.publicPrefixes.some((prefix) => path.startsWith(prefix))
  ) {
    return;
  }
  // Every other screen asks who is signed in first.
  get('/api/me');
  let role: string | null = null;
  try {
    const stored = JSON.parse(localStorage.getItem('user') || 'null');
    role = stored && typeof stored.role === 'string' ? stored.role : null;
  } catch {
    role = null;
  }
  const home = role ? config.homes[role] : undefined;
  if ((path === '/' || path === '/dashboard') && home) path = home;
  const preload = (files: readonly string[]) => {
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.appendChild(link);
    }
  };
  const route = config.routes[path];
  if (route && (!route.role || !role || route.role === role)) route.requests.forEach(get);
  preload(config.shell);
  if (route) preload(route.files);
  if (role !== 'technician' && (!route || route.desk)) preload(config.desk);
  // Its dates (en-IN): a page's first Intl formatter loads the locale's data, 200-300 ms of a
  // 4× slowed CPU, which the dashboard's first render otherwise waits on. Done in the next
  // task, while the scripts are still on their way (on a warm load it only comes earlier).
  if (route) {
    setTimeout(() => {
      try {
        new Intl.DateTimeFormat(config.locale, { dateStyle: 'short' }).format(0);
      } catch {
        // Only a head start: the screen formats its dates itself.
      }
    });
  }
}

/** The chunk built from a source module (e.g. 'src/app/app-shell.tsx'). */
function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.facadeModuleId?.endsWith(`/${module}`)) return output;
  }
  throw new Error(`early-start: no chunk is built from ${module}`);
}

/** A chunk's file and every chunk it imports, transitively, less those already loaded. */
function filesOf(bundle: OutputBundle, start: OutputChunk, loaded: Set<string>): string[] {
  const files: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk.fileName) || files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return files;
}

export function earlyStartPlugin(): Plugin {
  return {
    name: 'karya-early-start',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const base = '/';
        const entry = chunkOf(bundle, 'index.html');
        const loaded = new Set(filesOf(bundle, entry, new Set()));
        const shellFiles = filesOf(bundle, chunkOf(bundle, 'src/app/app-shell.tsx'), loaded);
        for (const file of shellFiles) loaded.add(file);
        const url = (files: string[]) => files.map((file) => `${base}${file}`);
        const technicianPage = chunkOf(
          bundle,
          'src/app/technician-dashboard/technician-dashboard-page.tsx',
        );
        const config: EarlyConfig = {
          publicPaths: ANONYMOUS_PATHS,
          publicPrefixes: ANONYMOUS_PREFIXES,
          shell: url(shellFiles),
          desk: url(filesOf(bundle, chunkOf(bundle, 'src/app/desk-layout.tsx'), loaded)),
          routes: {
            '/technician-dashboard': {
              files: url(filesOf(bundle, technicianPage, loaded)),
              requests: TECHNICIAN_DASHBOARD_FIRST_REQUESTS,
              role: 'technician',
              desk: false,
            },
          },
          homes: { technician: '/technician-dashboard' },
          locale: 'en-IN',
        };
        // Inline, so it runs as the HTML is parsed: as a file, even async, it waited behind the
        // compiling of the entry's chunks on a slow phone (0.7 s). The server allows exactly
        // this script by its hash (apps/server/src/http/inline-scripts.ts).
        const code = `(${earlyStart.toString()})(${JSON.stringify(config).replaceAll('<', '\\u003c')});`;
        const script = `<script>${code}</script>`;
        // After the charset and viewport (the charset must come in the first 1024 bytes),
        // before the entry's script and its preloads.
        const source = String(html.source);
        const entryTag = '<script type="module"';
        if (!source.includes(entryTag)) throw new Error('early-start: index.html has no entry');
        html.source = source.replace(entryTag, () => `${script}\n    ${entryTag}`);
      },
    },
  };
}
