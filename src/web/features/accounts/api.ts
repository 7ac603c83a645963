import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { sessionRoute, signOutRoute } from '../../../shared/endpoints/accounts-routes.ts'
import type { Permission } from '../../../shared/permissions.ts'
import type { Session } from '../../../shared/session.ts'
import { apiFetch } from '../../lib/api-client.ts'

export const sessionQueryKey = ['session'] as const

/** The visitor's session, refreshed every 30 s and when the tab regains focus. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    // Unparsed: the shell asks for the session and keeps zod out of its first download.
    queryFn: () => apiFetch<Session>(sessionRoute.path),
    refetchInterval: 30_000,
    staleTime: 10_000,
  })
  const session: Session | undefined = query.data
  return {
    // A guest session counts as signed out for accounts' pages and menus: guests have no account.
    status: query.isPending
      ? ('loading' as const)
      : session?.user && !session.user.isGuest
        ? ('signedIn' as const)
        : ('signedOut' as const),
    isGuest: Boolean(session?.user?.isGuest),
    user: session?.user ?? null,
    can: (permission: Permission) => session?.permissions.includes(permission) ?? false,
  }
}

/** Ends the session on the server, forgets it in the app and returns to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    // Leave first, so a signed-in-only page does not bounce to /login as the session ends.
    await navigate('/')
    await fetch(signOutRoute.path, {
      method: signOutRoute.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined)
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey })
  }
}
