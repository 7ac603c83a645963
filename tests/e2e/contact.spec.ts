import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da636460f8cf00000403010046f3fb550000000049454e44ae426082',
  'hex',
)

describe('the contact form', () => {
  it('refuses a wrong file, sends the message with a picture, and the team receives it', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/contact')
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor()
    await expectAccessible(page)
    const subject = `Towel policy ${Date.now()}`
    await page.getByLabel(/^Name/).fill('Maryam')
    await page.getByLabel(/^Email/).fill('maryam@example.bh')
    await page.getByLabel(/^Subject/).fill(subject)
    await page.getByLabel(/^Message/).fill('Do I need to bring my own towel to Juffair Grand Suites?')

    const file = page.getByLabel(/^Attachment/)
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await page.getByText('Please upload only images (JPEG, PNG, GIF, WebP) or PDF files.').waitFor()
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)
    await file.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png })

    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor()
    await page.getByText("Thank you for contacting us. We'll get back to you as soon as possible.").waitFor()

    const mail = await waitForMail('admin@daypass.bh', new RegExp(subject))
    expect(mail.text).toContain('Do I need to bring my own towel')
    // Named by what its bytes are, never by the sender's name for it.
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      expect.stringMatching(/^attachment-\d+\.png$/),
    ])
    expect(mail.text).toContain('receipt.png')
    await context.close()
  })

  it('mails a PDF to the team, and refuses a program renamed .png by its bytes', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/contact')
    const subject = `Corporate passes ${Date.now()}`
    await page.getByLabel(/^Name/).fill('Yusuf')
    await page.getByLabel(/^Email/).fill('yusuf@example.bh')
    await page.getByLabel(/^Subject/).fill(subject)
    await page.getByLabel(/^Message/).fill('Our team of 12 would like weekly passes; the brief is attached.')
    const file = page.getByLabel(/^Attachment/)

    // A Windows program with a picture's name and type: the browser cannot tell, the server can.
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)])
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: program })
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Please upload only images (JPEG, PNG, GIF, WebP) or PDF files.').waitFor()
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe(subject)

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    await file.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf })
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor()

    const mail = await waitForMail('admin@daypass.bh', new RegExp(subject))
    expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [expect.stringMatching(/^attachment-\d+\.pdf$/), 'application/pdf'],
    ])
    expect(mail.attachments[0]?.content.toString()).toBe(pdf.toString())
    await context.close()
  })

  it('shows the required-field messages in Arabic on a phone', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/contact')
    await page.getByRole('button', { name: 'أرسل الرسالة' }).click()
    await page.getByText('الاسم مطلوب').waitFor()
    await expectAccessible(page)
    await context.close()
  })
})
