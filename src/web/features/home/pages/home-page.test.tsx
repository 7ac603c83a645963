import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../../../shared/session.ts'
import { renderRoutes, signedInAs, signedOut } from '../../../testing/render.tsx'
import { HomePage } from './home-page.tsx'

// The carousel needs a browser's layout (Embla); the hero is what is checked here.
vi.mock('../components/featured-carousel.tsx', () => ({ FeaturedCarousel: () => null }))

afterEach(() => vi.unstubAllGlobals())

function open(session: Session) {
  vi.stubGlobal('fetch', async () => Response.json(session))
  return renderRoutes([{ path: '/', element: <HomePage /> }], { path: '/', session })
}

describe('the home hero', () => {
  it('offers Sign In / Sign Up to a visitor who is not signed in', async () => {
    open(signedOut)
    expect(await screen.findByRole('link', { name: 'Sign In / Sign Up' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'My Bookings' })).toBeNull()
  })

  it('offers My Bookings, not Sign In / Sign Up, to a signed-in visitor', async () => {
    open(signedInAs('user'))
    const bookings = await screen.findByRole('link', { name: 'My Bookings' })
    expect(bookings.getAttribute('href')).toBe('/bookings')
    expect(screen.queryByRole('link', { name: 'Sign In / Sign Up' })).toBeNull()
  })
})
