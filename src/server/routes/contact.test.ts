import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpOutboxWorker, TestSmtpServer } from '../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { mailTemplates } from '../mail-templates.ts'
import { smtpTransport } from '../platform/mail/transports.ts'
import { OutboxWorker } from '../platform/mail/worker.ts'

let t: TestApp
const smtp = new TestSmtpServer()
const origin = 'http://localhost:3000'
const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f8cf00000403010046f3fb550000000049454e44ae426082',
  'hex',
)

beforeAll(async () => {
  await smtp.start()
  t = await createTestApp({ PUBLIC_URL: origin, TEAM_EMAIL: 'team@daypass.bh' })
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})

let ip = 0
function send(payload: object) {
  ip++
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    headers: { origin },
    remoteAddress: `10.4.0.${ip}`,
  })
}

const message = {
  name: 'Noor',
  email: 'noor@example.bh',
  subject: 'Pool hours',
  message: 'Is the pool open on Fridays?\nThanks.',
}

describe('POST /api/contact', () => {
  it('stores the message and mails it to the team with its attachment', async () => {
    const response = await send({
      ...message,
      attachment: {
        fileName: '../../etc/passwd.png',
        contentType: 'image/png',
        dataBase64: pngBytes.toString('base64'),
      },
    })
    expect(response.statusCode).toBe(201)
    const row = await t.database.db.selectFrom('contact_submissions').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Noor',
      subject: 'Pool hours',
      user_id: null,
      attachment_type: 'image/png',
    })
    expect(Buffer.from(row.attachment ?? []).equals(pngBytes)).toBe(true)

    const worker = new OutboxWorker({
      db: t.database.db,
      transport: smtpTransport(smtp.url),
      templates: mailTemplates,
      from: 'DayPass Bahrain <no-reply@daypass.bh>',
      domain: 'daypass.bh',
      links: { secret: 'a-test-secret-that-is-long-enough-for-hmac', siteUrl: 'http://localhost:3000' },
      pollMs: 50,
      log: { info() {}, warn() {} },
      now: t.now,
    })
    expect(await worker.runOnce()).toBe(1)
    const [mail] = smtp.messages
    expect(mail?.subject).toBe('Contact form: Pool hours')
    expect(mail?.replyTo?.text).toBe('noor@example.bh')
    expect(mail?.text).toContain('Is the pool open on Fridays?')
    expect(mail?.attachments).toHaveLength(1)
    expect(mail?.attachments[0]?.contentType).toBe('image/png')
    // Named by us from its real type; the sender's path-like name is only quoted in the text.
    expect(mail?.attachments[0]?.filename).toBe(`attachment-${row.id}.png`)
    expect(mail?.text).toContain('../../etc/passwd.png')
    expect(Buffer.from(mail?.attachments[0]?.content ?? []).equals(pngBytes)).toBe(true)
  })

  it('sends a PDF/HTML polyglot named invoice.html to the team as attachment-<id>.pdf', async () => {
    smtp.messages.length = 0
    const polyglot = Buffer.from(
      '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n',
    )
    const response = await send({
      ...message,
      subject: 'Invoice',
      attachment: {
        fileName: 'invoice.html',
        contentType: 'application/pdf',
        dataBase64: polyglot.toString('base64'),
      },
    })
    expect(response.statusCode).toBe(201)
    const row = await t.database.db
      .selectFrom('contact_submissions')
      .select(['id', 'attachment_name', 'attachment_type'])
      .where('subject', '=', 'Invoice')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ attachment_name: 'invoice.html', attachment_type: 'application/pdf' })

    const worker = smtpOutboxWorker(t.database.db, smtp, t.now)
    expect(await worker.runOnce()).toBe(1)
    const [mail] = smtp.messages
    expect(mail?.attachments).toHaveLength(1)
    expect(mail?.attachments[0]?.filename).toBe(`attachment-${row.id}.pdf`)
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf')
    expect(mail?.text).toContain(`Attached: attachment-${row.id}.pdf (the sender named it “invoice.html”)`)
    // Nowhere is the file offered under the sender's name, as an attachment or a content type.
    expect(mail?.attachments.map((file) => file.filename)).not.toContain('invoice.html')
    expect(mail?.attachments.map((file) => file.contentType)).not.toContain('text/html')
  })

  it('refuses a file whose bytes are not what it claims, and writes nothing', async () => {
    const before = await t.database.db.selectFrom('contact_submissions').select('id').execute()
    const fake = await send({
      ...message,
      attachment: {
        fileName: 'photo.png',
        contentType: 'image/png',
        dataBase64: Buffer.from('<script>alert(1)</script>').toString('base64'),
      },
    })
    expect(fake.statusCode).toBe(400)
    expect(fake.json().error.fields.attachment).toBe('ATTACHMENT_TYPE')
    const exe = await send({
      ...message,
      attachment: { fileName: 'a.exe', contentType: 'application/x-msdownload', dataBase64: 'TVo=' },
    })
    expect(exe.statusCode).toBe(400)
    expect((await t.database.db.selectFrom('contact_submissions').select('id').execute()).length).toBe(
      before.length,
    )
  })

  it('refuses an attachment of 5 MB or more', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)])
    const response = await send({
      ...message,
      attachment: { fileName: 'big.pdf', contentType: 'application/pdf', dataBase64: big.toString('base64') },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toBe('File size must be less than 5MB.')
  })

  it('requires every field', async () => {
    const response = await send({ name: ' ', email: 'x', subject: '', message: '' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'message', 'name', 'subject'])
  })

  it('is rate-limited per client', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: message,
        headers: { origin },
        remoteAddress: '10.4.9.9',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
    expect(statuses.at(-1)).toBe(429)
  })
})
