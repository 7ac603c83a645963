import { sql } from 'kysely'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { smtpOutboxWorker, TestSmtpServer } from '../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { verifyGuestProof } from '../domain/guest-verification/proof.ts'
import type { OutboxWorker } from '../platform/mail/worker.ts'

let t: TestApp
let worker: OutboxWorker
const smtp = new TestSmtpServer()
const origin = 'http://localhost:3000'
const invalidOtp = 'Invalid code. Please try again.'
const tooManyTries = 'Too many incorrect attempts. Please request a new code.'

beforeAll(async () => {
  await smtp.start()
  t = await createTestApp({ PUBLIC_URL: origin })
  worker = smtpOutboxWorker(t.database.db, smtp, t.now)
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})

// Each request comes from its own address unless a test says otherwise, so the per-IP limits
// only bite in the tests about them.
let ipCounter = 0
const nextIp = () => {
  ipCounter++
  return `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

function sendCode(email: string, { language, ip = nextIp() }: { language?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest-verification/send-code',
    payload: { email, ...(language ? { language } : {}) },
    headers: { origin },
    remoteAddress: ip,
  })
}

function verify(email: string, code: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest-verification/verify-code',
    payload: { email, code },
    headers: { origin },
    remoteAddress: ip,
  })
}

/** Sends the queued mail through the test SMTP server and returns the last one to `email`. */
async function lastMailTo(email: string): Promise<ParsedMail> {
  await worker.runOnce()
  const mail = smtp.messages
    .filter((message) => message.to && 'text' in message.to && message.to.text === email)
    .at(-1)
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

async function mailedCode(email: string): Promise<string> {
  const codes = new Set((await lastMailTo(email)).text?.match(/\b\d{6}\b/g))
  expect(codes.size).toBe(1)
  return [...codes][0] as string
}

const otherThan = (code: string) => (code === '123456' ? '654321' : '123456')

async function codeRows(email: string) {
  return t.database.db
    .selectFrom('guest_email_codes')
    .selectAll()
    .where('email', '=', email)
    .orderBy('id')
    .execute()
}

/** Pretends the address's codes were sent `seconds` earlier. */
async function moveBack(email: string, seconds: number) {
  await sql`
    UPDATE guest_email_codes
       SET created_at = created_at - make_interval(secs => ${seconds}),
           expires_at = expires_at - make_interval(secs => ${seconds})
     WHERE email = ${email}`.execute(t.database.db)
}

describe('POST /api/guest-verification/send-code and verify-code', () => {
  it('mails a code, keeps only its hash, and trades it once for a proof bound to the address', async () => {
    const sent = await sendCode('Noor@Example.bh')
    expect(sent.statusCode).toBe(202)
    expect(sent.json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 })
    expect(sent.body).not.toMatch(/\d{6}/)

    const mail = await lastMailTo('noor@example.bh')
    const code = await mailedCode('noor@example.bh')
    expect(mail.subject).toBe('Your DayPass Bahrain verification code')
    expect(mail.subject).not.toContain(code)
    expect(mail.text).toContain('expires in 10 minutes')
    expect(mail.html).toContain(code)

    const rows = await codeRows('noor@example.bh')
    expect(rows).toHaveLength(1)
    const [row] = rows as [(typeof rows)[number]]
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.code_hash).not.toContain(code)
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(10 * 60_000)

    const verified = await verify('NOOR@example.bh', code)
    expect(verified.statusCode).toBe(200)
    const { proof, expiresAt } = verified.json()
    expect(verifyGuestProof(t.config.AUTH_SECRET, proof, t.now())).toEqual({ email: 'noor@example.bh' })
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000)
    expect((await codeRows('noor@example.bh'))[0]?.consumed_at).toBeInstanceOf(Date)

    const again = await verify('noor@example.bh', code)
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toEqual({
      code: 'INVALID_CODE',
      message: invalidOtp,
      fields: { code: 'INVALID_CODE' },
    })
  })

  it('keeps the code out of the logs', async () => {
    const written: string[] = []
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    // Route log levels are fixed when routes are registered, so this needs an app that logs everything.
    const logging = await createTestApp({ PUBLIC_URL: origin, LOG_LEVEL: 'trace' })
    try {
      const post = (url: string, payload: object) =>
        logging.app.inject({ method: 'POST', url, payload, headers: { origin } })
      const email = 'logged@example.bh'
      expect((await post('/api/guest-verification/send-code', { email })).statusCode).toBe(202)
      const mail = await logging.database.db
        .selectFrom('mail_outbox')
        .select('payload')
        .executeTakeFirstOrThrow()
      const { code } = mail.payload as { code: string }
      await post('/api/guest-verification/verify-code', { email, code: otherThan(code) })
      expect((await post('/api/guest-verification/verify-code', { email, code })).statusCode).toBe(200)
      // The requests were logged, so the capture works; the code is in none of the lines.
      expect(written.join('')).toContain('/api/guest-verification/verify-code')
      expect(written.join('')).not.toContain(code)
    } finally {
      stdout.mockRestore()
      await logging.close()
    }
  })

  it('writes the mail in Arabic, right to left, when asked', async () => {
    expect((await sendCode('arabic@example.bh', { language: 'ar' })).statusCode).toBe(202)
    const mail = await lastMailTo('arabic@example.bh')
    expect(mail.subject).toBe('رمز التحقق من داي باس البحرين')
    expect(mail.html).toContain('dir="rtl"')
    expect(mail.html).toContain(await mailedCode('arabic@example.bh'))
  })

  it('refuses a new code within 60 seconds, then lets a new one replace the old', async () => {
    const email = 'resend@example.bh'
    expect((await sendCode(email)).statusCode).toBe(202)
    const first = await mailedCode(email)

    const early = await sendCode(email)
    expect(early.statusCode).toBe(429)
    expect(early.json().error.code).toBe('RESEND_TOO_SOON')
    const wait = Number(early.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(early.json().error.message).toBe(`Please wait ${wait} seconds before requesting a new code.`)
    expect(await codeRows(email)).toHaveLength(1)

    await moveBack(email, 61)
    expect((await sendCode(email)).statusCode).toBe(202)
    const second = await mailedCode(email)
    const rows = await codeRows(email)
    expect(rows).toHaveLength(2)
    expect(rows[0]?.consumed_at).toBeInstanceOf(Date)
    if (second !== first) expect((await verify(email, first)).json().error.code).toBe('INVALID_CODE')
    expect((await verify(email, second)).statusCode).toBe(200)
  })

  it('answers a wrong code with the spec message and counts it', async () => {
    const email = 'wrong@example.bh'
    await sendCode(email)
    const code = await mailedCode(email)
    const response = await verify(email, otherThan(code))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({
      code: 'INVALID_CODE',
      message: invalidOtp,
      fields: { code: 'INVALID_CODE' },
    })
    expect((await codeRows(email))[0]?.attempts).toBe(1)
  })

  it('kills the code on the fifth wrong try, so even the right code then fails', async () => {
    const email = 'guesser@example.bh'
    await sendCode(email)
    const code = await mailedCode(email)
    const errors = []
    for (let i = 0; i < 5; i++) errors.push((await verify(email, otherThan(code))).json().error)
    expect(errors.slice(0, 4).map((error) => error.code)).toEqual(Array(4).fill('INVALID_CODE'))
    expect(errors[4]).toMatchObject({ code: 'TOO_MANY_TRIES', message: tooManyTries })
    const right = await verify(email, code)
    expect(right.statusCode).toBe(400)
    expect(right.json().error).toMatchObject({ code: 'TOO_MANY_TRIES', message: tooManyTries })
  })

  it('counts parallel guesses one by one, never beyond five', async () => {
    const email = 'parallel@example.bh'
    await sendCode(email)
    const code = await mailedCode(email)
    const responses = await Promise.all(Array.from({ length: 12 }, () => verify(email, otherThan(code))))
    expect(responses.every((response) => response.statusCode === 400)).toBe(true)
    expect(responses.filter((response) => response.json().error.code === 'INVALID_CODE')).toHaveLength(4)
    expect((await codeRows(email))[0]?.attempts).toBe(5)
    expect((await verify(email, code)).json().error.code).toBe('TOO_MANY_TRIES')
  })

  it('refuses an expired code, and a code for an address that was never sent one', async () => {
    const email = 'late@example.bh'
    await sendCode(email)
    const code = await mailedCode(email)
    await t.database.db
      .updateTable('guest_email_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute()
    const expired = await verify(email, code)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().error).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Please request a new one.',
    })

    const unknown = await verify('never@example.bh', '123456')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({ code: 'INVALID_CODE', message: invalidOtp })
  })

  it('limits the codes sent to one address to 5 an hour', async () => {
    const email = 'many@example.bh'
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(email)).statusCode).toBe(202)
      await moveBack(email, 61)
    }
    const refused = await sendCode(email)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('TOO_MANY_CODES')
    expect(refused.json().error.message).toMatch(
      /^Too many verification codes requested\. Please wait \d+ minutes and try again\.$/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await codeRows(email)).toHaveLength(5)
  })

  it('limits the codes one client asks for, and the guesses it makes', async () => {
    const statuses = []
    for (let i = 0; i < 11; i++)
      statuses.push((await sendCode(`ip${i}@example.bh`, { ip: '10.9.0.1' })).statusCode)
    expect(statuses).toEqual([...Array(10).fill(202), 429])
    expect(await codeRows('ip10@example.bh')).toHaveLength(0)

    const guesses = []
    for (let i = 0; i < 31; i++)
      guesses.push((await verify(`g${i}@example.bh`, '123456', '10.9.0.2')).statusCode)
    expect(guesses.slice(0, 30).every((status) => status === 400)).toBe(true)
    const refused = await verify('g@example.bh', '123456', '10.9.0.2')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toMatch(/^Too many verification attempts\./)
  })

  it('refuses bad input with a message per field, and writes nothing', async () => {
    const badEmail = await sendCode('not-an-address')
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json().error.fields).toEqual({ email: 'EMAIL_INVALID' })

    const badCode = await verify('noor@example.bh', '12ab56')
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json().error.fields).toEqual({ code: 'INVALID_CODE' })

    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/guest-verification/send-code',
      payload: { email: 'extra@example.bh', code: '123456' },
      headers: { origin },
      remoteAddress: nextIp(),
    })
    expect(extra.statusCode).toBe(400)
    expect(await codeRows('not-an-address')).toHaveLength(0)
    expect(await codeRows('extra@example.bh')).toHaveLength(0)
  })
})
