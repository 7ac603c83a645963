import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts']

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'server (PGlite)',
      include: serverTests,
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'web',
      include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
      environment: 'jsdom',
      setupFiles: ['src/web/testing/setup.ts'],
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
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })
}

export default defineConfig({ test: { projects } })
