import { defineConfig } from 'vitest/config'
import { e2eWorkers } from './tests/e2e/support/worker-count.ts'

/** Browser tests: Debian Chromium, driven by playwright-core, against the production build. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    // Spec files at once, each worker on its own server (tests/e2e/support/workers.ts).
    maxWorkers: e2eWorkers,
    // Two specs share the two cores: a long flow on a loaded machine gets room before it is failed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A poll waits as a locator does: the answer after two requests on a loaded machine, not 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
})
