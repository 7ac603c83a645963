import { screen } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../router.tsx'
import { renderRoutes, signedOut } from '../testing/render.tsx'
import { AppLayout } from './layout.tsx'

function Broken(): never {
  throw new Error('The venue list could not be read')
}

describe('route failures', () => {
  it('keep the header and footer when a page inside the layout fails', async () => {
    const broken: RouteObject[] = [{ element: <AppLayout />, children: [{ path: '/', element: <Broken /> }] }]
    renderRoutes(broken, { session: signedOut })
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  it('show "Unexpected Application Error!" with the error text when even the layout fails', async () => {
    renderRoutes([{ path: '/', element: <Broken /> }])
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('The venue list could not be read')).toBeTruthy()
    expect(screen.getByRole('main')).toBeTruthy()
  })
})

describe('unknown paths', () => {
  it('show the not-found page', async () => {
    renderRoutes(routes, { path: '/no-such-page', session: signedOut })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })
})
