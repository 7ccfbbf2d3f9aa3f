import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    // plugin-react 6 dropped its babel option; the Lingui macro still needs Babel. It runs
    // first so that the router's code splitting sees plain calls, not macros.
    babel({
      include: /src[\\/]app[\\/].*\.[jt]sx?(?:$|\?)/,
      plugins: ['@lingui/babel-plugin-lingui-macro'],
    }),
    // The router plugin must run before React so that it can split route files.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    lingui(),
  ],
  server: {
    proxy: { '/api': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
