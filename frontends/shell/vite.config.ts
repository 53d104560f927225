import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routerAlias, sharedModules } from '../federation.ts';

export default defineConfig({
  resolve: { alias: routerAlias },
  plugins: [
    react(),
    federation({
      name: 'shell',
      // Same origin: the gateway serves each remote's build under /remotes/<name>/.
      remotes: {
        shop: '/remotes/shop/assets/remoteEntry.js',
        family: '/remotes/family/assets/remoteEntry.js',
        backoffice: '/remotes/backoffice/assets/remoteEntry.js',
      },
      shared: sharedModules,
    }),
  ],
  build: { target: 'esnext', modulePreload: false, cssCodeSplit: false },
});
