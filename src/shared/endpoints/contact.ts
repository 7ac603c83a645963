import { z } from 'zod'
import { contactSchema } from '../contact.ts'
import { endpoint } from './define.ts'

/** The contact form, open to anyone (docs/contact-form.md). */
export const contactEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    body: contactSchema,
    response: { 201: z.object({ sent: z.literal(true) }) },
  }),
}
