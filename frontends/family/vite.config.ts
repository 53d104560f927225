import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteCssPlaceholderFix, routerAlias, sharedModules } from '../federation.ts';

/**
 * What the finder's page takes from @bracelet/ui (the API client, the load hook, the loading
 * indicator and message line) and the finder card's own package.
 */
const finderCore = /packages[\\/](ui[\\/]src[\\/](api|load|feedback)\.tsx?|finder-card[\\/]src[\\/][^\\/]+)$/;

export default defineConfig({
  resolve: { alias: routerAlias },
  base: '/remotes/family/',
  plugins: [
    react(),
    federation({
      name: 'family',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: sharedModules,
    }),
    remoteCssPlaceholderFix(),
  ],
  build: {
    target: 'esnext',
    // A page's chunks are fetched together (not one after the other as its imports are read); the
    // shell loads no polyfill for it.
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    rollupOptions: {
      // A remote has no page of its own: its entry is the module it exposes.
      input: 'src/App.tsx',
      // What the finder's page takes from @bracelet/ui comes in one file (with the federation
      // runtime), not one per module.
      output: { codeSplitting: { groups: [{ name: 'finder-core', test: finderCore }] } },
    },
  },
});
