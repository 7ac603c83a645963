import { z } from 'zod/mini'
import { newsletterRequestSchema } from '../newsletter.ts'
import { endpoint } from './define.ts'
import { newsletterSubscribeRoute } from './newsletter-routes.ts'

/**
 * The newsletter: subscribing, and the one-click unsubscribe its mails link to, which answers HTML
 * outside /api (a mail client posts to it, RFC 8058) and reads its token itself. zod/mini, as
 * ../newsletter.ts: the form is on the home page.
 */
export const newsletterEndpoints = {
  subscribe: endpoint({
    ...newsletterSubscribeRoute,
    body: newsletterRequestSchema,
    response: { 201: z.object({ subscribed: z.literal(true) }) },
  }),
  unsubscribePage: endpoint({ method: 'GET', path: '/newsletter/unsubscribe', access: 'public' }),
  unsubscribe: endpoint({ method: 'POST', path: '/newsletter/unsubscribe', access: 'public' }),
}
