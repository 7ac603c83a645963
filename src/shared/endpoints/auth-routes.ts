import type { Route } from './define.ts'

/*
 * better-auth's own routes that the sign-in pages call: the library registers them and checks what
 * they take, so they have no declaration of ours and no schemas; named here so the web app writes no
 * path. Apart from ./accounts-routes.ts, which the app shell loads, so the shell carries none of
 * them; its sign-out is there.
 */
export const signInRoute = {
  method: 'POST',
  path: '/api/auth/sign-in/email',
  access: 'public',
} as const satisfies Route
export const guestSignInRoute = {
  method: 'POST',
  path: '/api/auth/sign-in/anonymous',
  access: 'public',
} as const satisfies Route
export const resendActivationRoute = {
  method: 'POST',
  path: '/api/auth/send-verification-email',
  access: 'public',
} as const satisfies Route
export const requestPasswordResetRoute = {
  method: 'POST',
  path: '/api/auth/request-password-reset',
  access: 'public',
} as const satisfies Route
export const resetPasswordRoute = {
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
} as const satisfies Route
