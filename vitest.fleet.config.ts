import { defineConfig } from 'vitest/config'

/**
 * The deployment of deploy/ on one machine: HAProxy, three built servers, PostgreSQL and Redis
 * (tests/fleet, docs/decisions/040). Needs `npm run build` and DATABASE_URL; skips without them.
 */
export default defineConfig({
  test: {
    name: 'fleet',
    include: ['tests/fleet/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
})
