import { screen } from '@testing-library/react'
import type { NonIndexRouteObject, RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../router.tsx'
import { renderRoutes, signedOut } from '../testing/render.tsx'
import { RouteErrorScreen } from './route-error.tsx'

function Broken(): never {
  throw new Error('The venue list could not be read')
}

describe('route failures', () => {
  it('show "Unexpected Application Error!" with the error text', async () => {
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen standalone /> }])
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('The venue list could not be read')).toBeTruthy()
  })

  it('keep the header and footer when a page inside the layout fails', async () => {
    const layout = routes[0] as NonIndexRouteObject
    const broken: RouteObject[] = [
      {
        ...layout,
        children: [{ errorElement: <RouteErrorScreen />, children: [{ path: '/', element: <Broken /> }] }],
      },
    ]
    renderRoutes(broken, { session: signedOut })
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })
})

describe('unknown paths', () => {
  it('show the not-found page', async () => {
    renderRoutes(routes, { path: '/no-such-page', session: signedOut })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })
})
