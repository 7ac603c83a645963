import { route } from './define.ts'

/**
 * The accounts routes the app shell and the sign-in pages call, without their schemas (./accounts.ts
 * adds them), so neither pulls in zod for them; and better-auth's own endpoints, one catch-all it serves
 * in full (src/server/features/accounts/auth-plugin.ts).
 */
export const accountsRoutes = {
  session: route({ method: 'GET', path: '/api/session', access: 'public' }),
  register: route({ method: 'POST', path: '/api/accounts/register', access: 'public' }),
  authGet: route({ method: 'GET', path: '/api/auth/*', access: 'public' }),
  authPost: route({ method: 'POST', path: '/api/auth/*', access: 'public' }),
}
