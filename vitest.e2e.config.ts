import { defineConfig } from 'vitest/config'

/** Browser tests: Debian Chromium, driven by playwright-core, against the production build. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
