import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // A poll's 1 s default is shorter than a loaded CI machine's slowest answer; a failing poll still fails.
          expect: { poll: { timeout: 10000 } },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // A first visit to a route loads its lazy chunks: under load that takes longer than the 1 s default.
          expect: { poll: { timeout: 15000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
