import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Real agents (Gemini CLI, codex-acp) against fake model servers. Not part of the root projects:
// run with `pnpm --filter @agentbridge/e2e test:e2e`. Files run one at a time so the agents do not
// compete for the machine's two cores.
export default defineConfig({
  ssr: { resolve: { conditions: ['@agentbridge/source', ...defaultServerConditions] } },
  test: {
    name: 'real-agents',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    restoreMocks: true,
    reporters: ['default', '../vitest-summary-reporter.mjs'],
    fileParallelism: false,
    // Real agents on a loaded 2-core machine: one retry absorbs scheduling stalls; a test that
    // fails twice still fails.
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
