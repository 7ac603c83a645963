import type { Route } from './define.ts'

/*
 * The public catalog's routes without their schemas (./catalog.ts adds them): the route manifest,
 * which the app shell loads, builds its page requests from them, and the public venue pages call
 * availability; neither loads zod. Plain objects, each its own export, so a bundle keeps only those
 * it uses.
 */
export const venueListRoute = { method: 'GET', path: '/api/gyms', access: 'public' } as const satisfies Route
export const venueDetailRoute = {
  method: 'GET',
  path: '/api/gyms/:id',
  access: 'public',
} as const satisfies Route
export const venueAvailabilityRoute = {
  method: 'GET',
  path: '/api/gyms/:id/availability',
  access: 'public',
} as const satisfies Route
/** A venue's visible reviews, newest first, with their average (docs/catalog.md, "Reviews"). */
export const venueReviewsRoute = {
  method: 'GET',
  path: '/api/gyms/:id/reviews',
  access: 'public',
} as const satisfies Route
