import {
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '../checkout.ts'
import { endpoint } from './define.ts'
import { sendCodeRoute, verifyCodeRoute } from './guest-verification-routes.ts'

/** A guest proves they control their booking's e-mail address: a code is mailed, then traded for a proof. */
export const guestVerificationEndpoints = {
  sendCode: endpoint({
    ...sendCodeRoute,
    body: sendCodeRequestSchema,
    response: { 202: sendCodeResponseSchema },
  }),
  verifyCode: endpoint({
    ...verifyCodeRoute,
    body: verifyCodeRequestSchema,
    response: { 200: verifyCodeResponseSchema },
  }),
}
