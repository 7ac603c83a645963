import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { Suspense } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import type { Session } from '../../shared/session.ts'
import { sessionQueryKey } from '../features/accounts/api.ts'
import { CartProvider } from '../features/cart/cart-context.tsx'
import { initI18n } from '../i18n.ts'

initI18n('en')

/** Renders routes in memory with the app's providers; `session` pre-loads who the visitor is. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session }: { path?: string; session?: Session } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (session) queryClient.setQueryData(sessionQueryKey, session)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        <Suspense fallback="suspended">
          <RouterProvider router={router} />
        </Suspense>
      </CartProvider>
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
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
