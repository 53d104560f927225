import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

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
