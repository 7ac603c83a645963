import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { FakeVision } from '../../support/fake-vision.ts'
import { TestSmtpServer } from '../../support/smtp-server.ts'
import { createAdminAccount, e2eAdmin, e2eManager, e2eStaff } from './admin-account.ts'
import { startServer } from './server-process.ts'
import { e2eWorkers } from './worker-count.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker, each with its own database and mail folder (workers.ts). */
    servers: { baseURL: string; mailDir: string }[]
  }
}

/**
 * Starts `node dist/server/main.js` (the production build) on a fresh embedded database, with a
 * test SMTP server and a fake vision model (tests/support/fake-vision.ts) for the scanner: one
 * such server for each worker running spec files at once, so no spec shares a database or a
 * mailbox with a spec running beside it.
 */
export default async function setup(project: TestProject) {
  const vision = await new FakeVision().start()
  const started = await Promise.all(
    Array.from({ length: e2eWorkers }, async () => {
      const mailDir = await mkdtemp(join(tmpdir(), 'e2e-mail-'))
      const smtp = await new TestSmtpServer(mailDir).start()
      const server = await startServer(
        {
          SMTP_URL: smtp.url,
          MAIL_POLL_MS: '200',
          // A checked-in visit's review invitation goes at once, not hours later (reviews.spec.ts).
          REVIEW_INVITE_DELAY_MINUTES: '0',
          VISION_API_KEY: vision.apiKey,
          VISION_API_BASE: vision.url,
        },
        createAdminAccount,
      )
      return { server, smtp, mailDir }
    }),
  )
  project.provide(
    'servers',
    started.map(({ server, mailDir }) => ({ baseURL: server.baseURL, mailDir })),
  )
  project.provide('admin', e2eAdmin)
  project.provide('staff', e2eStaff)
  project.provide('manager', e2eManager)

  return async () => {
    for (const { server, smtp, mailDir } of started) {
      await server.stop()
      await smtp.stop()
      await rm(mailDir, { recursive: true, force: true })
    }
    await vision.stop()
  }
}
