import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';

export default defineConfig({
  // App modules use the Lingui macros (titles with plurals are unit-tested), as in vite.config.ts.
  plugins: [babel({ include: /src[\\/]app[\\/].*\.[jt]sx?(?:$|\?)/, plugins: ['@lingui/babel-plugin-lingui-macro'] })],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
