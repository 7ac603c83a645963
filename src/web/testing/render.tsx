import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import i18next from 'i18next'
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router'
import type { Session } from '../../shared/session.ts'
import { AppShell } from '../app/app-shell.tsx'
import { sessionQueryKey } from '../features/accounts/api.ts'
import { initI18n } from '../i18n.ts'
import { AppRoutes } from '../router.tsx'

const { i18n, started } = initI18n('en')
await started
await i18n.loadNamespaces(['common', 'errors'])

/** Where the rendered app is, and a way to move it, for tests to assert on. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType }
  navigate: NavigateFunction
}

/** Renders routes in memory with the app's providers; `session` pre-loads who the visitor is. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session, state }: { path?: string; session?: Session; state?: unknown } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (session) queryClient.setQueryData(sessionQueryKey, session)
  const router = {} as TestRouter
  const view = render(
    <AppShell i18n={i18next} queryClient={queryClient}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <RouterProbe into={router} />
        <AppRoutes table={routes} />
      </MemoryRouter>
    </AppShell>,
  )
  return { ...view, router, queryClient }
}

function RouterProbe({ into }: { into: TestRouter }) {
  into.state = { location: useLocation(), historyAction: useNavigationType() }
  into.navigate = useNavigate()
  return null
}

export const signedOut: Session = { user: null, permissions: [] }

export function signedInAs(
  role: 'user' | 'staff' | 'manager' | 'admin',
  permissions: Session['permissions'] = [],
): Session {
  return {
    user: { id: 'u1', email: 'sara@example.bh', firstName: 'Sara', lastName: 'Ali', role, isGuest: false },
    permissions,
  }
}
