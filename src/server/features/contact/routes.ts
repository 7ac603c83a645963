import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  contactSchema,
  maxAttachmentBytes,
  tooLargeMessage,
  wrongTypeMessage,
} from '../../../shared/contact.ts'
import { isLanguage } from '../../../shared/i18n.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { Auth } from '../accounts/auth.ts'
import { fetchHeaders } from '../accounts/auth-plugin.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { sniffType } from './file-signature.ts'

/** Messages one client IP may send: the form is open to anyone and each message mails the team. */
export const contactRateLimit = { max: 5, timeWindow: 10 * 60_000 }

interface ContactDeps {
  db: Database
  auth: Auth
  teamEmail: string
}

/**
 * The contact form: the message is stored (with the sender's account when signed in) and an
 * e-mail to the team is queued in the same transaction, attachment included.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, { db, auth, teamEmail }) => {
  app.post(
    '/api/contact',
    {
      // Base64 makes a 5 MB file about 6.7 MB.
      bodyLimit: 7 * 1024 * 1024,
      config: { rateLimit: contactRateLimit },
      schema: {
        tags: ['contact'],
        body: contactSchema,
        response: { 201: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { attachment, ...form } = request.body
      let file: Buffer | undefined
      if (attachment) {
        file = Buffer.from(attachment.dataBase64, 'base64')
        if (file.length >= maxAttachmentBytes)
          throw new HttpError(400, 'ATTACHMENT_TOO_LARGE', tooLargeMessage, { attachment: tooLargeMessage })
        // The declared type must be what the bytes really are.
        if (sniffType(file) !== attachment.contentType)
          throw new HttpError(400, 'ATTACHMENT_TYPE', wrongTypeMessage, { attachment: wrongTypeMessage })
      }
      const session = await auth.api.getSession({ headers: fetchHeaders(request) }).catch(() => null)
      const language = request.headers.cookie?.match(/(?:^|;\s*)lang=([a-z]+)/)?.[1]
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('contact_submissions')
          .values({
            ...form,
            attachment_name: attachment?.fileName ?? null,
            attachment_type: attachment?.contentType ?? null,
            attachment: file ?? null,
            user_id:
              session && !(session.user as { isAnonymous?: boolean }).isAnonymous ? session.user.id : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await enqueueMail(trx, {
          template: 'contact-message',
          to: teamEmail,
          language: isLanguage(language) ? language : 'en',
          payload: { submissionId: row.id },
        })
      })
      return reply.code(201).send({ sent: true })
    },
  )
}
