import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,server,bin,electron,renderer}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'threads',
  },
});
