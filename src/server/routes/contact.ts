import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type AttachmentType, maxAttachmentBytes } from '../../shared/contact.ts'
import { contactEndpoints } from '../../shared/endpoints/contact.ts'
import { sniffType } from '../domain/contact/file-signature.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { enqueueMail } from '../platform/mail/outbox.ts'

/** Messages one client IP may send: the form is open to anyone and each message mails the team. */
export const contactRateLimit = { max: 5, timeWindow: 10 * 60_000 }

interface ContactDeps {
  db: Database
  teamEmail: string
}

/**
 * The contact form: the message is stored (with the sender's account when signed in) and an
 * e-mail to the team is queued in the same transaction, attachment included.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, { db, teamEmail }) => {
  app.route({
    ...fromEndpoint(contactEndpoints.send, {
      // Base64 makes a 5 MB file about 6.7 MB.
      bodyLimit: 7 * 1024 * 1024,
      onRequest: limitBy(app, { ...contactRateLimit, name: 'ip', by: byClient }),
      schema: { tags: ['contact'] },
    }),
    handler: async (request, reply) => {
      const { attachment, ...form } = request.body
      let file: { bytes: Buffer; type: AttachmentType } | undefined
      if (attachment) {
        const bytes = Buffer.from(attachment.dataBase64, 'base64')
        if (bytes.length >= maxAttachmentBytes)
          throw new HttpError(400, 'ATTACHMENT_TOO_LARGE', { fields: { attachment: 'ATTACHMENT_TOO_LARGE' } })
        // The declared type must be what the bytes really are.
        const type = sniffType(bytes)
        if (!type || type !== attachment.contentType)
          throw new HttpError(400, 'ATTACHMENT_TYPE', { fields: { attachment: 'ATTACHMENT_TYPE' } })
        file = { bytes, type }
      }
      const caller = await request.caller
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('contact_submissions')
          .values({
            ...form,
            // The sender's name for the file, kept as a label only (attachmentFileName names the file).
            attachment_name: attachment?.fileName ?? null,
            attachment_type: file?.type ?? null,
            attachment: file?.bytes ?? null,
            user_id: caller.kind === 'account' ? caller.id : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await enqueueMail(trx, {
          template: 'contact-message',
          to: teamEmail,
          language: request.language,
          payload: { submissionId: row.id },
        })
      })
      return reply.code(201).send({ sent: true })
    },
  })
}
