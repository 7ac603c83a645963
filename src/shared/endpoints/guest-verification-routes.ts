import type { Route } from './define.ts'

/*
 * The guest's e-mail code without its schemas (./guest-verification.ts adds them): the checkout page
 * asks for and trades the code, and loads no zod for it. Plain objects, each its own export.
 */
export const sendCodeRoute = {
  method: 'POST',
  path: '/api/guest-verification/send-code',
  access: 'public',
} as const satisfies Route
export const verifyCodeRoute = {
  method: 'POST',
  path: '/api/guest-verification/verify-code',
  access: 'public',
} as const satisfies Route
