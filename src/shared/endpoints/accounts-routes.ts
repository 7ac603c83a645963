import type { Route } from './define.ts'

/*
 * The accounts routes the app shell (the session) and the sign-in pages (sign-up) call, without
 * their schemas (./accounts.ts adds them), so neither loads zod for them. Plain objects, each its own
 * export, so a bundle keeps only those it uses.
 */
export const sessionRoute = { method: 'GET', path: '/api/session', access: 'public' } as const satisfies Route
export const registerRoute = {
  method: 'POST',
  path: '/api/accounts/register',
  access: 'public',
} as const satisfies Route

/** better-auth's sign-out (./auth-routes.ts has its other routes), which the shell's menu calls. */
export const signOutRoute = {
  method: 'POST',
  path: '/api/auth/sign-out',
  access: 'public',
} as const satisfies Route
