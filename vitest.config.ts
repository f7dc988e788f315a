import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const sourceConditions = ['@agentbridge/source', ...defaultServerConditions];
const roots = ['packages/*', 'apps/*', 'tools/*', 'examples/*'];

export default defineConfig({
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    restoreMocks: true,
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', './tools/vitest-summary-reporter.mjs'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: roots.map((root) => `${root}/src/**/*.test.ts`),
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.e2e.test.ts'],
          // Property tests run thousands of cases: a busy 2-core machine can take several times
          // their quiet duration, so the bound is generous (no test waits on time itself).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: roots.map((root) => `${root}/src/**/*.e2e.test.ts`),
          exclude: ['**/node_modules/**', '**/dist/**', 'tools/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Real processes on a loaded 2-core machine: one retry absorbs scheduling stalls. A test
          // that fails twice still fails, and vitest reports every retried test as flaky.
          retry: 1,
        },
      },
    ],
  },
});
