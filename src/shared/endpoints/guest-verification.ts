import {
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '../checkout.ts'
import { endpoint } from './define.ts'

/** A guest proves they control their booking's e-mail address: a code is mailed, then traded for a proof. */
export const guestVerificationEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/api/guest-verification/send-code',
    access: 'public',
    body: sendCodeRequestSchema,
    response: { 202: sendCodeResponseSchema },
  }),
  verifyCode: endpoint({
    method: 'POST',
    path: '/api/guest-verification/verify-code',
    access: 'public',
    body: verifyCodeRequestSchema,
    response: { 200: verifyCodeResponseSchema },
  }),
}
