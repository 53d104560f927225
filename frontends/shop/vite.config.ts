import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteCssPlaceholderFix, routerAlias, sharedModules } from '../federation.ts';

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
  ],
  // A remote has no page of its own: its entry is the module it exposes.
  build: { target: 'esnext', modulePreload: false, cssCodeSplit: false, rollupOptions: { input: 'src/App.tsx' } },
});
