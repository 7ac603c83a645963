import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { TestSmtpServer } from '../../support/smtp-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** Where the test SMTP server writes each mail it receives, as a .eml file. */
    mailDir: string
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Starts `node dist/server/main.js` (the production build) on a fresh embedded database. */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js')) throw new Error('Run `npm run build` before the browser tests.')
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'))
  const mailDir = await mkdtemp(join(tmpdir(), 'e2e-mail-'))
  const smtp = await new TestSmtpServer(mailDir).start()
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      AUTH_SECRET: 'e2e-only-secret-e2e-only-secret-e2e-only',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitForHealth(baseURL, server)
  project.provide('baseURL', baseURL)
  project.provide('mailDir', mailDir)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await smtp.stop()
    await smtp.stop()
    await rm(dataDir, { recursive: true, force: true })
    await rm(mailDir, { recursive: true, force: true })
  }
}

async function waitForHealth(baseURL: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    try {
      const response = await fetch(`${baseURL}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  server.kill()
  throw new Error('The server did not become healthy within 90 s')
}
