import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { postgresTests } from './tests/support/postgres-tests.ts'

// With the build scripts' own tests (scripts/), which run in Node as the scripts do.
const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts']

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'server (PGlite)',
      include: serverTests,
      environment: 'node',
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'web',
      include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
      environment: 'jsdom',
      setupFiles: ['src/web/testing/setup.ts'],
      testTimeout: 20_000,
      // One file at a time, after the others: jsdom's focus and lazy pages are timed, and with the
      // server files beside them a page's first import outlasted its test on two cores.
      maxWorkers: 1,
    },
  },
  {
    // Hundreds of hostile requests per endpoint, every role against every endpoint, the rate limits.
    test: {
      name: 'hardening (PGlite)',
      include: ['tests/hardening/**/*.test.ts'],
      environment: 'node',
      isolate: false,
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  },
]

// With DATABASE_URL set (CI does), the server's tests where PostgreSQL can differ from PGlite run a
// second time on it (the rule: tests/support/postgres-tests.ts; docs/testing.md).
if (process.env.DATABASE_URL) {
  projects.push({
    test: {
      name: 'server (PostgreSQL)',
      include: postgresTests(['src/server/**/*.test.ts']),
      environment: 'node',
      isolate: false,
      env: { TEST_DATABASE_URL: process.env.DATABASE_URL },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  })
  // One access suite on PostgreSQL too, a check that the engine changes no ownership rule. The
  // malformed-input and authorization suites send requests that each run alone, asserting the same
  // on both engines; rate limits live in memory (or Redis), not in the database.
  projects.push({
    test: {
      name: 'hardening (PostgreSQL)',
      include: ['tests/hardening/ownership.test.ts'],
      environment: 'node',
      isolate: false,
      env: { TEST_DATABASE_URL: process.env.DATABASE_URL },
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  })
}

// Vitest's default is one worker fewer than the cores: one of CI's two. Test files wait on their
// databases, servers and sockets as much as they compute, so every core runs one, and one more.
export default defineConfig({ test: { projects, maxWorkers: availableParallelism() + 1 } })
