import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
const smtp = new TestSmtpServer()
beforeAll(async () => {
  await smtp.start()
  t = await createTestApp({ PUBLIC_URL: testOrigin })
})
afterAll(async () => {
  await t.close()
  await smtp.stop()
})

/** Subscribes the address and returns the welcome mail's raw header lines, as the SMTP server got them. */
async function subscribeAndReceive(email: string, language: 'en' | 'ar') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email, language },
  })
  expect(response.statusCode).toBe(201)
  await smtpOutboxWorker(t.database.db, smtp, t.now).runOnce()
  const received = smtp.messages.filter((message) =>
    message.headerLines.some((line) => line.key === 'to' && line.line.includes(email)),
  )
  expect(received).toHaveLength(1)
  const header = (name: string) =>
    received[0]?.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '')
  return { header, text: received[0]?.text ?? '' }
}

const subscriptions = () =>
  t.database.db.selectFrom('newsletter_subscriptions').select('email').orderBy('email').execute()

/** The path and query of a link to our own site. */
const pathOf = (url: string) => url.slice(testOrigin.length)

describe('one-click unsubscribe from the newsletter (RFC 8058)', () => {
  it('puts List-Unsubscribe and List-Unsubscribe-Post in the welcome mail; POSTing the link unsubscribes', async () => {
    const { header, text } = await subscribeAndReceive('mariam@example.bh', 'ar')
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = /^<(https?:\/\/[^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? ''
    expect(link.startsWith(`${testOrigin}/newsletter/unsubscribe?token=`)).toBe(true)
    // The same link is in the mail's text for people.
    expect(text).toContain(link)

    // Opening the link only asks; a scanner following links unsubscribes nobody.
    const page = await t.app.inject({ method: 'GET', url: pathOf(link) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('lang="ar"')
    expect(page.body).toContain('إلغاء الاشتراك')
    expect(await subscriptions()).toEqual([{ email: 'mariam@example.bh' }])

    // The mail client's one-click POST: a form body, no cookie, no CSRF token, no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await subscriptions()).toEqual([])
    // Used once, the link is dead.
    const again = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(again.statusCode).toBe(404)
  })

  it('answers a forged or altered token with 404 and changes nothing', async () => {
    const { header } = await subscribeAndReceive('hamad@example.bh', 'en')
    await subscribeAndReceive('noor@example.bh', 'en')
    const link = /^<([^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? ''
    const token = new URL(link).searchParams.get('token') ?? ''
    const [id, signature = ''] = token.split('.')
    const flipped = signature.endsWith('A') ? `${signature.slice(0, -1)}B` : `${signature.slice(0, -1)}A`
    const forged = [
      `${id}.${flipped}`,
      // Another subscription's id under this one's signature.
      `${Number(id) + 1}.${signature}`,
      `${id}.${'A'.repeat(43)}`,
      String(id),
      '',
    ]
    for (const candidate of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: `/newsletter/unsubscribe?token=${encodeURIComponent(candidate)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
        })
        expect(response.statusCode, `${method} ${candidate}`).toBe(404)
      }
    }
    expect(await subscriptions()).toEqual([{ email: 'hamad@example.bh' }, { email: 'noor@example.bh' }])

    // The real link works even from another site (a webmail page posting it): the token is the authority.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: {
        origin: 'https://mail.example.com',
        'sec-fetch-site': 'cross-site',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    })
    expect(crossSite.statusCode).toBe(200)
    expect(await subscriptions()).toEqual([{ email: 'noor@example.bh' }])
  })
})
