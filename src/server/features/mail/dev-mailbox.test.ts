import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { createMailer } from './mailer.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development', SMTP_URL: '' })
})
afterAll(() => t.close())

describe('the development mailbox', () => {
  it('keeps the mails of the dev transport and shows them at /dev/mailbox', async () => {
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'maryam@example.bh' } })
    const mailer = createMailer(t.config, t.database.db, t.app.log)
    expect(mailer.transport.name).toBe('dev-mailbox')
    expect(await mailer.worker.runOnce()).toBe(1)

    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain('maryam@example.bh')
    const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list.body)?.[1]
    const mail = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` })
    expect(mail.body).toContain('Thank you for subscribing!')
    expect(mail.headers['content-security-policy']).not.toContain('script')
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' })
    const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(404)
    await production.close()
  })
})
