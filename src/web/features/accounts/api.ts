import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { sessionRoute, signOutRoute } from '../../../shared/endpoints/accounts-routes.ts'
import type { Permission } from '../../../shared/permissions.ts'
import type { Session } from '../../../shared/session.ts'
import { apiFetch } from '../../lib/api-client.ts'

export const sessionQueryKey = ['session'] as const

/**
 * The session as this tab holds it. `endedHere` marks the one the visitor just signed out of in this
 * tab, until the next refetch: a signed-in-only page still on screen then leaves for the home page,
 * not for /login (see useSignOut).
 */
type HeldSession = Session & { endedHere?: true }

/** The visitor's session, refreshed every 30 s and when the tab regains focus. */
export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    // Unparsed: the shell asks for the session and keeps zod out of its first download.
    queryFn: () => apiFetch<Session>(sessionRoute.path),
    refetchInterval: 30_000,
    staleTime: 10_000,
  })
  const session: HeldSession | undefined = query.data
  return {
    // A guest session counts as signed out for accounts' pages and menus: guests have no account.
    status: query.isPending
      ? ('loading' as const)
      : session?.user && !session.user.isGuest
        ? ('signedIn' as const)
        : ('signedOut' as const),
    isGuest: Boolean(session?.user?.isGuest),
    endedHere: Boolean(session?.endedHere),
    user: session?.user ?? null,
    can: (permission: Permission) => session?.permissions.includes(permission) ?? false,
  }
}

/** Ends the session on the server, forgets it in the app and returns to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    // The router moves in a transition: while the home page's code loads, the signed-in-only page
    // stays on screen, and its guard sees the session end. `endedHere` sends it home, not to /login.
    await navigate('/')
    await fetch(signOutRoute.path, {
      method: signOutRoute.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined)
    const ended: HeldSession = { user: null, permissions: [], endedHere: true }
    queryClient.setQueryData(sessionQueryKey, ended)
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'none' })
  }
}
