import { defineConfig } from 'vitest/config';

// Three projects: unit (pure, milliseconds), integration (real PostgreSQL, one database per test file),
// e2e (the portal started as README says, driven by Debian's Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'commands/**/*.test.ts',
            'projections/**/*.test.ts',
            'workers/**/*.test.ts',
            'api/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'tests/architecture/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: a couple of files at a time keeps PostgreSQL and the runners from starving each other.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
