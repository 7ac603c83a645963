import { z } from 'zod'
import { accountExportSchema, deleteAccountRequestSchema } from '../account-data.ts'
import { registrationSchema } from '../registration.ts'
import { sessionSchema } from '../session.ts'
import { registerRoute, sessionRoute } from './accounts-routes.ts'
import { endpoint } from './define.ts'

/** Sign-up, the session as the web app sees it, and a signed-in account's own data (docs/accounts.md). */
export const accountsEndpoints = {
  session: endpoint({ ...sessionRoute, response: { 200: sessionSchema } }),
  register: endpoint({
    ...registerRoute,
    body: registrationSchema,
    response: { 201: z.object({ registered: z.literal(true) }) },
  }),
  exportData: endpoint({
    method: 'GET',
    path: '/api/account/export',
    access: 'signedIn',
    response: { 200: accountExportSchema },
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    access: 'signedIn',
    body: deleteAccountRequestSchema,
    response: { 200: z.object({ deleted: z.literal(true) }) },
  }),
  /** better-auth's own endpoints: one catch-all it serves in full (src/server/domain/accounts/auth-plugin.ts). */
  authGet: endpoint({ method: 'GET', path: '/api/auth/*', access: 'public' }),
  authPost: endpoint({ method: 'POST', path: '/api/auth/*', access: 'public' }),
}
