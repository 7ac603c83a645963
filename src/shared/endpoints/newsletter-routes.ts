import type { Route } from './define.ts'

/*
 * The newsletter's subscribe route without its schemas (./newsletter.ts adds them): the home page's
 * form posts to it without loading zod with the page.
 */
export const newsletterSubscribeRoute = {
  method: 'POST',
  path: '/api/newsletter',
  access: 'public',
} as const satisfies Route
