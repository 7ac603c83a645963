import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../shared/permissions.ts'
import { renderRoutes, signedInAs, signedOut } from '../../testing/render.tsx'
import { useSignOut } from './api.ts'
import { RequireAuth, RequirePermission } from './route-guards.tsx'

function LoginProbe() {
  const location = useLocation()
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname
  return <p>login page, came from {from ?? 'nowhere'}</p>
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  { path: '/unauthorized', element: <p>unauthorized page</p> },
  { element: <RequireAuth />, children: [{ path: '/bookings', element: <p>my bookings</p> }] },
  {
    element: <RequirePermission permission="canManageVenues" />,
    children: [{ path: '/admin/vendor-applications', element: <p>applications</p> }],
  },
]

afterEach(() => vi.unstubAllGlobals())

describe('signed-in routes', () => {
  it('send a signed-out visitor to /login, remembering where they were going', async () => {
    renderRoutes(routes, { path: '/bookings', session: signedOut })
    expect(await screen.findByText('login page, came from /bookings')).toBeTruthy()
  })

  it('show the page to a signed-in visitor', async () => {
    renderRoutes(routes, { path: '/bookings', session: signedInAs('user') })
    expect(await screen.findByText('my bookings')).toBeTruthy()
  })

  it('show "Loading" while the session loads', async () => {
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)))
    const { router } = renderRoutes(routes, { path: '/bookings' })
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading')
    answer(Response.json(signedOut))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})

describe('permission routes', () => {
  it('send a signed-in user without the permission to /unauthorized', async () => {
    renderRoutes(routes, {
      path: '/admin/vendor-applications',
      session: signedInAs('staff', permissionsFor('staff')),
    })
    expect(await screen.findByText('unauthorized page')).toBeTruthy()
  })

  it('let a manager in', async () => {
    renderRoutes(routes, {
      path: '/admin/vendor-applications',
      session: signedInAs('manager', permissionsFor('manager')),
    })
    expect(await screen.findByText('applications')).toBeTruthy()
  })

  it('send a signed-out visitor to /login first', async () => {
    renderRoutes(routes, { path: '/admin/vendor-applications', session: signedOut })
    expect(await screen.findByText('login page, came from /admin/vendor-applications')).toBeTruthy()
  })
})

describe('guest sessions', () => {
  it('do not open signed-in pages: a guest goes to /login', async () => {
    const guest = signedInAs('user')
    renderRoutes(routes, {
      path: '/bookings',
      session: { ...guest, user: guest.user && { ...guest.user, isGuest: true } },
    })
    expect(await screen.findByText('login page, came from /bookings')).toBeTruthy()
  })
})

describe('signing out', () => {
  function SignOutButton() {
    const signOut = useSignOut()
    return (
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    )
  }

  it('leaves a signed-in page for home, even when the session ends before home has loaded', async () => {
    // The router moves in a transition, and the app's pages share one Suspense boundary (the
    // shell's), so the signed-in page stays on screen while home's code loads.
    let showHome: () => void = () => {}
    const loaded = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      showHome = () => resolve({ default: () => <p>home page</p> })
    })
    const Home = lazy(() => loaded)
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return Response.json(url === '/api/session' ? signedOut : { success: true })
    })
    const { router } = renderRoutes(
      [
        ...routes,
        {
          path: '/',
          element: <Home />,
        },
        { element: <RequireAuth />, children: [{ path: '/my-page', element: <SignOutButton /> }] },
      ],
      { path: '/my-page', session: signedInAs('user') },
    )
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' })))
    await waitFor(() => expect(asked).toContain('/api/auth/sign-out'))
    // Whatever the app does when the session ends happens now, with home's code still loading.
    await act(() => new Promise((settle) => setTimeout(settle, 50)))
    await act(async () => showHome())
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })
})
