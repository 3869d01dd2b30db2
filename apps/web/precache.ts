import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * What the service worker precaches of assets/ (issue 20, decision 025): every chunk the
 * app's entry (index.html) can load, statically or lazily, with its styles, except what only
 * the modules of LEFT_OUT load. So every screen a technician opens, its dialogs and the
 * scanner included, opens with no network, and no file needs listing by its (changing) name.
 */
export interface PrecacheSelection {
  plugin: Plugin;
  /** For workbox's manifestTransforms: drops the assets/ files the app's entry cannot reach. */
  keep: (url: string) => boolean;
}

/**
 * Modules whose chunks, and what only they load, stay out: the invoice PDF (jsPDF, html2canvas,
 * DOMPurify, its fonts), 850 KB of the 2 MB of scripts, loaded when Download PDF is pressed
 * (online: the bill comes from the server); and the PDFs' Devanagari (HarfBuzz, decision 042),
 * loaded only for a document with Devanagari in it. The landing page is welcome.html's entry,
 * not index.html's, so it is never reached.
 */
const LEFT_OUT = ['src/features/billing/bill-pdf.ts', 'src/shared/devanagari-pdf.ts'];

export function precacheSelection(): PrecacheSelection {
  const reached = new Set<string>();
  let built = false;

  const plugin: Plugin = {
    name: 'karya-precache-selection',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        reached.clear();
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/index.html'));
        if (!entry) this.error('precache: no chunk is built from index.html');
        const visit = (chunk: OutputChunk) => {
          if (reached.has(chunk.fileName)) return;
          if (LEFT_OUT.some((module) => chunk.facadeModuleId?.endsWith(`/${module}`))) return;
          reached.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) reached.add(css);
          for (const asset of chunk.viteMetadata?.importedAssets ?? []) reached.add(asset);
          for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
            const imported = bundle[name];
            if (imported?.type === 'chunk') visit(imported);
          }
        };
        visit(entry);
        // A renamed module would silently put the PDF back into every phone's download.
        for (const module of LEFT_OUT) {
          if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`))) {
            this.error(`precache: no chunk is built from ${module}`);
          }
        }
        built = true;
      },
    },
  };

  return {
    plugin,
    keep(url) {
      if (!built) throw new Error('precache: the bundle was not seen before the service worker');
      return !url.startsWith('assets/') || reached.has(url);
    },
  };
}
