import { z } from 'zod'

/** The contact form (SPEC sections 2, 3 and 5), checked in the browser and again on the server. */
export const attachmentTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const
export type AttachmentType = (typeof attachmentTypes)[number]
export const maxAttachmentBytes = 5 * 1024 * 1024
export const wrongTypeMessage = 'Please upload only images (JPEG, PNG, GIF, WebP) or PDF files.'
export const tooLargeMessage = 'File size must be less than 5MB.'

/** The spec's two checks on a chosen file; undefined when it may be sent. */
export function attachmentProblem(file: { type: string; size: number }): string | undefined {
  if (!(attachmentTypes as readonly string[]).includes(file.type)) return wrongTypeMessage
  if (file.size >= maxAttachmentBytes) return tooLargeMessage
  return undefined
}

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long'),
  attachment: z
    .object({
      fileName: z.string().trim().min(1).max(200),
      contentType: z.enum(attachmentTypes, { error: wrongTypeMessage }),
      /** The file's bytes, base64 without a data: prefix. */
      dataBase64: z
        .string()
        .max(Math.ceil(maxAttachmentBytes / 3) * 4, tooLargeMessage)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The attachment could not be read.'),
    })
    .optional(),
})
export type ContactForm = z.infer<typeof contactSchema>
