import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// With the build scripts' own tests (scripts/), which run in Node as the scripts do.
const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts']

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'server (PGlite)',
      include: serverTests,
      environment: 'node',
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
    },
  },
  {
    // Hundreds of hostile requests per endpoint, every role against every endpoint, the rate limits.
    test: {
      name: 'hardening (PGlite)',
      include: ['tests/hardening/**/*.test.ts'],
      environment: 'node',
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  },
]

// With DATABASE_URL set (CI does), the server's integration tests run a second time on real PostgreSQL.
if (process.env.DATABASE_URL) {
  projects.push({
    test: {
      name: 'server (PostgreSQL)',
      include: ['src/server/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DATABASE_URL: process.env.DATABASE_URL },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  })
  // The malformed-input, authorization and ownership suites too: their database checks (nothing
  // written, nobody else's rows) mean most on the real engine. Rate limits live in memory: PGlite only.
  projects.push({
    test: {
      name: 'hardening (PostgreSQL)',
      include: ['malformed-input', 'authorization', 'ownership'].map(
        (name) => `tests/hardening/${name}.test.ts`,
      ),
      environment: 'node',
      env: { TEST_DATABASE_URL: process.env.DATABASE_URL },
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  })
}

export default defineConfig({ test: { projects } })
