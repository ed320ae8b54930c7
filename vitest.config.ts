import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,server,bin,electron,renderer}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Generous: a test is about what the code does, not how fast; the machine is shared (npm run bench measures speed).
    testTimeout: 180_000,
    pool: 'threads',
    // The command line built once for the tests that start it; one throwaway PostgreSQL for the run, for
    // the suites that run on both store engines.
    globalSetup: ['bin/cli/build-global-setup.ts', 'server/store/testing/postgres-global-setup.ts'],
  },
});
