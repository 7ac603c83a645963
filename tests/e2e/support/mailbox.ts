import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { ownServer } from './workers.ts'

/** Waits for the test SMTP server to receive a mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const [mail] = await mailsTo(to, subject)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`)
}

/** Every mail the test SMTP server has received so far for `to` whose subject matches, newest first. */
export async function mailsTo(to: string, subject: RegExp) {
  const dir = ownServer().mailDir
  const found = []
  // Only whole mails: the test SMTP server renames each to .eml once it is written.
  const files = (await readdir(dir)).filter((file) => file.endsWith('.eml'))
  for (const file of files.sort().reverse()) {
    const mail = await simpleParser(await readFile(join(dir, file)))
    const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).map((address) => address?.text ?? '')
    if (recipients.includes(to) && subject.test(mail.subject ?? '')) found.push(mail)
  }
  return found
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(text: string | undefined, prefix: string): string {
  const link = text?.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!link) throw new Error(`No link starting with ${prefix} in the mail`)
  return link.replace(/[)\].,]+$/, '')
}
