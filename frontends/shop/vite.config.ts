import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedModules } from '../federation';

export default defineConfig({
  base: '/remotes/shop/',
  plugins: [
    react(),
    federation({
      name: 'shop',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: sharedModules,
    }),
  ],
  build: { target: 'esnext', modulePreload: false, cssCodeSplit: false },
});
