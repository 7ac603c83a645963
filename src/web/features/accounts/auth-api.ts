import { useQueryClient } from '@tanstack/react-query'
import { registerRoute, signOutRoute } from '../../../shared/endpoints/accounts-routes.ts'
import {
  guestSignInRoute,
  requestPasswordResetRoute,
  resendActivationRoute,
  resetPasswordRoute,
  signInRoute,
} from '../../../shared/endpoints/auth-routes.ts'
import type { Route } from '../../../shared/endpoints/define.ts'
import { callApi } from '../../lib/call-api.ts'
import { sessionQueryKey } from './api.ts'

/** better-auth's answers are not read here: only whether the call succeeded. */
const post = (route: Route, body: object = {}) => callApi<Route, unknown>(route, { body })

/** Calls to better-auth's endpoints and ours; each refreshes the session the app shows. */
export function useAuthActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey })
  return {
    signIn: async (email: string, password: string) => {
      await post(signInRoute, { email, password })
      await refresh()
    },
    signInAsGuest: async () => {
      await post(guestSignInRoute)
      await refresh()
    },
    register: (form: object) =>
      callApi<typeof registerRoute, { registered: true }>(registerRoute, { body: form }),
    resendActivation: (email: string) =>
      post(resendActivationRoute, { email, callbackURL: '/login?activated=1' }),
    requestPasswordReset: (email: string) =>
      post(requestPasswordResetRoute, { email, redirectTo: '/reset-password' }),
    resetPassword: (token: string, newPassword: string) => post(resetPasswordRoute, { token, newPassword }),
    signOut: async () => {
      await post(signOutRoute).catch(() => undefined)
      await refresh()
    },
  }
}
