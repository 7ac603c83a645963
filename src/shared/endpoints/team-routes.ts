import type { Route } from './define.ts'

/**
 * The home page's announcement without its schema (./team.ts adds it): the route manifest, which the
 * app shell loads, names it among the home page's requests and must not pull in zod.
 */
export const announcementRoute = {
  method: 'GET',
  path: '/api/announcement',
  access: 'public',
} as const satisfies Route
