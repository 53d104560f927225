import { fileURLToPath } from 'node:url';
import type { Alias, Plugin, Rolldown } from 'vite';

/** See router-surface.ts: every frontend resolves react-router-dom to the same small surface. */
export const routerAlias: Alias[] = [
  { find: /^react-router-dom$/, replacement: fileURLToPath(new URL('./router-surface.ts', import.meta.url)) },
];

/** Modules every frontend shares as singletons: one React, one router, one toast store. */
export const sharedModules = ['react', 'react-dom', 'react-router-dom', 'react-hot-toast'];

/**
 * @originjs/vite-plugin-federation replaces a quoted `__v__css__<path>` placeholder in
 * remoteEntry.js with the remote's CSS files, but Vite 8's bundler prints that string as a
 * template literal, which the plugin's pattern misses, leaving a string where an array is
 * expected. Remotes ship no CSS of their own (all styles live in the shell), so the placeholder
 * becomes an empty list; a remote that starts emitting CSS fails the build instead of losing it.
 */
export function remoteCssPlaceholderFix(): Plugin {
  return {
    name: 'remote-css-placeholder-fix',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const css = Object.keys(bundle).filter((file) => file.endsWith('.css'));
      if (css.length > 0) this.error(`remotes must not emit CSS (styles live in packages/ui): ${css.join(', ')}`);
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.fileName.endsWith('remoteEntry.js')) {
          output.code = output.code.replace(/`__v__css__[^`]*`/g, '[]');
        }
      }
    },
  };
}

/**
 * A remote's exposed module reaches its code through static imports (the expose facade, then the
 * chunk holding the module, then the bundler's runtime): the browser discovers each file only once
 * the previous one has arrived. This makes remoteEntry.js, when the host asks for the module, add
 * `<link rel="modulepreload">` for all of them before importing it, so they are fetched together:
 * on a slow connection, two round trips less before the remote's page can render.
 */
export function preloadExposedImports(): Plugin {
  let base = '/';
  return {
    name: 'preload-exposed-imports',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.fileName.endsWith('remoteEntry.js'));
      if (!entry) return;
      let code = entry.code;
      for (const expose of chunks.filter((chunk) => chunk.fileName.includes('__federation_expose_'))) {
        const files = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          for (const file of chunk.imports) {
            if (files.has(file)) continue;
            files.add(file);
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(expose);
        const literal = JSON.stringify(`${base}${expose.fileName}`);
        if (files.size === 0) continue;
        if (!code.includes(literal)) this.error(`remoteEntry.js does not import ${literal} as expected: cannot preload its chunks`);
        const preloads = JSON.stringify([...files].map((file) => `${base}${file}`));
        code = code.replaceAll(literal, `(__preloadModules(${preloads}),${literal})`);
      }
      entry.code =
        'const __preloaded=new Set(),__preloadModules=(files)=>{for(const href of files){if(__preloaded.has(href))continue;__preloaded.add(href);' +
        'const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)}};\n' +
        code;
    },
  };
}
