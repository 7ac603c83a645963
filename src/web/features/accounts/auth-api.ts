import { useQueryClient } from '@tanstack/react-query'
import { registerRoute } from '../../../shared/endpoints/accounts-routes.ts'
import { apiFetch } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'
import { sessionQueryKey } from './api.ts'

const post = <T>(path: string, body: object = {}) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) })

/** Calls to better-auth's endpoints and ours; each refreshes the session the app shows. */
export function useAuthActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey })
  return {
    signIn: async (email: string, password: string) => {
      await post('/api/auth/sign-in/email', { email, password })
      await refresh()
    },
    signInAsGuest: async () => {
      await post('/api/auth/sign-in/anonymous')
      await refresh()
    },
    register: (form: object) =>
      callApi<typeof registerRoute, { registered: true }>(registerRoute, { body: form }),
    resendActivation: (email: string) =>
      post('/api/auth/send-verification-email', { email, callbackURL: '/login?activated=1' }),
    requestPasswordReset: (email: string) =>
      post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }),
    resetPassword: (token: string, newPassword: string) =>
      post('/api/auth/reset-password', { token, newPassword }),
    signOut: async () => {
      await post('/api/auth/sign-out').catch(() => undefined)
      await refresh()
    },
  }
}
