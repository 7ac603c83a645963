import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { isLoopbackAddress, localOnly } from '../http/local-only.ts'
import { createMailer } from './mailer.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development', SMTP_URL: '' })
})
afterAll(() => t.close())

describe('the development mailbox', () => {
  it('keeps the mails of the dev transport and shows them at /dev/mailbox', async () => {
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'maryam@example.bh' } })
    const mailer = createMailer(t.config, t.database.db, t.app.log, t.now, mailTemplates)
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

  it('answers the loopback interface only: anyone else on the network is told it does not exist', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers })
    expect((await from('127.0.0.1')).statusCode).toBe(200)
    expect((await from('::1')).statusCode).toBe(200)
    expect((await from('::ffff:127.0.0.1')).statusCode).toBe(200)
    for (const stranger of ['192.0.2.7', '10.0.0.5', '::ffff:192.0.2.7', '2001:db8::7']) {
      const response = await from(stranger)
      expect(response.statusCode, stranger).toBe(404)
      expect(response.body).not.toContain('maryam@example.bh')
    }
    // X-Forwarded-For is written by the client: it proves nothing.
    const forged = await from('192.0.2.7', { 'x-forwarded-for': '127.0.0.1' })
    expect(forged.statusCode).toBe(404)
    const oneMail = await t.app.inject({ method: 'GET', url: '/dev/mailbox/1', remoteAddress: '192.0.2.7' })
    expect(oneMail.statusCode).toBe(404)
  })

  it('refuses a host name other than localhost or an address, as a DNS-rebinding page would send', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { host: 'rebound.attacker.example:3000' },
    })
    expect(response.statusCode).toBe(404)
    const local = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { host: '127.0.0.1:3100' },
    })
    expect(local.statusCode).toBe(200)
  })

  it('reads the socket, not the proxy headers, even behind a trusted proxy', async () => {
    const app = Fastify({ trustProxy: true })
    app.get('/dev/thing', { onRequest: localOnly }, async () => 'local')
    const forged = await app.inject({
      url: '/dev/thing',
      remoteAddress: '192.0.2.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(forged.statusCode).toBe(404)
    expect((await app.inject({ url: '/dev/thing', remoteAddress: '127.0.0.1' })).body).toBe('local')
    await app.close()
    expect(
      ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'].map(isLoopbackAddress),
    ).toEqual([true, true, true, true, true])
    expect(
      ['', '128.0.0.1', '::2', '::ffff:10.0.0.1', 'localhost', undefined].map(isLoopbackAddress),
    ).toEqual([false, false, false, false, false, false])
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' })
    const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(404)
    await production.close()
  })
})
