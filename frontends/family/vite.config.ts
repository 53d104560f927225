import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedModules } from '../federation';

export default defineConfig({
  base: '/remotes/family/',
  plugins: [
    react(),
    federation({
      name: 'family',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: sharedModules,
    }),
  ],
  build: { target: 'esnext', modulePreload: false, cssCodeSplit: false },
});
