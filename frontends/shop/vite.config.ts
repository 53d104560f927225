import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadExposedImports, remoteCssPlaceholderFix, routerAlias, sharedModules } from '../federation.ts';

/**
 * What every shop page takes besides its own code: the remote's router of pages, the parts
 * (pictures, gallery, loaders…), the catalogue helpers, @bracelet/ui and the federation and JSX
 * runtimes. In one chunk, a page is its own chunk plus this one, fetched together.
 */
const shopCore =
  /frontends[\\/]shop[\\/]src[\\/](App\.tsx|catalogue\.ts|parts[\\/])|packages[\\/](ui|contracts)[\\/]src[\\/]|__federation_fn_import|jsx-runtime|rolldown[:/]runtime/;

export default defineConfig({
  resolve: { alias: routerAlias },
  base: '/remotes/shop/',
  plugins: [
    react(),
    federation({
      name: 'shop',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: sharedModules,
    }),
    remoteCssPlaceholderFix(),
    preloadExposedImports(),
  ],
  build: {
    target: 'esnext',
    // A page's chunks are fetched together with it (not one after the other as its imports are
    // read): one round of requests between the page's route and its catalogue request. The shell
    // loads no polyfill for it.
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    rollupOptions: {
      // A remote has no page of its own: its entry is the module it exposes.
      input: 'src/App.tsx',
      output: { codeSplitting: { groups: [{ name: 'shop-core', test: shopCore }] } },
    },
  },
});
