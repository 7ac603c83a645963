import type { Route } from './define.ts'

/*
 * The account's order without its schema (./orders.ts adds it): the page that reads it and the
 * server's page requests know its path without loading zod.
 */
export const myOrderRoute = {
  method: 'GET',
  path: '/api/orders/:id',
  access: 'signedIn',
} as const satisfies Route
