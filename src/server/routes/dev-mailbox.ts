import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { devMailboxEndpoints } from '../../shared/endpoints/dev-mailbox.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { localOnly } from '../platform/http/local-only.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// Mails carry inline styles, as mail clients need; nothing here runs script.
const mailPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"

/**
 * The development mailbox: every mail the dev transport "sent", newest first, with its reset links
 * and guest codes. Registered only outside production, and answered only over the loopback
 * interface (localOnly): anyone else on the network is told there is no such page.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', localOnly)
  app.route({
    ...fromEndpoint(devMailboxEndpoints.list, { schema: { hide: true } }),
    handler: async (_request, reply) => {
      const mails = await db
        .selectFrom('dev_mailbox')
        .select(['id', 'to_address', 'subject', 'created_at'])
        .orderBy('id', 'desc')
        .limit(200)
        .execute()
      const rows = mails
        .map(
          (mail) =>
            `<li><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a> to ${escapeHtml(mail.to_address)} <small>${mail.created_at.toISOString()}</small></li>`,
        )
        .join('')
      return reply
        .header('content-security-policy', mailPageCsp)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body style="font-family:sans-serif;max-width:720px;margin:2rem auto"><h1>Dev mailbox</h1><p>Mails the server would have sent. Set SMTP_URL to deliver them for real.</p><ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`,
        )
    },
  })

  app.route({
    ...fromEndpoint(devMailboxEndpoints.mail, { schema: { hide: true } }),
    handler: async (request, reply) => {
      const mail = await db
        .selectFrom('dev_mailbox')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst()
      if (!mail) throw new HttpError(404, 'MAIL_NOT_FOUND')
      return reply
        .header('content-security-policy', mailPageCsp)
        .type('text/html; charset=utf-8')
        .send(mail.html)
    },
  })
}
