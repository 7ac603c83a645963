import { z } from 'zod'
import { E, type ErrorCode } from './errors.ts'

/** The contact form (docs/contact-form.md), checked in the browser and again on the server. */
export const attachmentTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const
export type AttachmentType = (typeof attachmentTypes)[number]
export const maxAttachmentBytes = 5 * 1024 * 1024

/** The spec's two checks on a chosen file: the error's code, or undefined when it may be sent. */
export function attachmentProblem(file: { type: string; size: number }): ErrorCode | undefined {
  if (!(attachmentTypes as readonly string[]).includes(file.type)) return E.ATTACHMENT_TYPE
  if (file.size >= maxAttachmentBytes) return E.ATTACHMENT_TOO_LARGE
  return undefined
}

export const contactSchema = z.object({
  name: z.string().trim().min(1, E.NAME_REQUIRED).max(120, E.NAME_TOO_LONG),
  email: z
    .string()
    .trim()
    .min(1, E.EMAIL_REQUIRED)
    .max(254, E.EMAIL_INVALID)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, E.EMAIL_INVALID),
  subject: z.string().trim().min(1, E.SUBJECT_REQUIRED).max(200, E.SUBJECT_TOO_LONG),
  message: z.string().trim().min(1, E.MESSAGE_REQUIRED).max(5000, E.MESSAGE_TOO_LONG),
  attachment: z
    .object({
      fileName: z.string().trim().min(1, E.FILE_NAME_INVALID).max(200, E.FILE_NAME_INVALID),
      contentType: z.enum(attachmentTypes, { error: E.ATTACHMENT_TYPE }),
      /** The file's bytes, base64 without a data: prefix. */
      dataBase64: z
        .string()
        .max(Math.ceil(maxAttachmentBytes / 3) * 4, E.ATTACHMENT_TOO_LARGE)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, E.ATTACHMENT_UNREADABLE),
    })
    .optional(),
})
export type ContactForm = z.infer<typeof contactSchema>
