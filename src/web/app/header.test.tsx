import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cartStorageKey } from '../../shared/cart.ts'
import { renderRoutes, signedInAs, signedOut } from '../testing/render.tsx'
import { Header } from './header.tsx'

const routes = [
  { path: '/', element: <Header /> },
  { path: '/gyms', element: <Header /> },
]

function menuButton() {
  return screen.getByRole('button', { name: /open menu|close menu/i })
}

describe('the header', () => {
  it('offers Sign In / Sign Up to a signed-out visitor', () => {
    renderRoutes(routes, { session: signedOut })
    expect(screen.getAllByRole('link', { name: 'Sign In / Sign Up' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'My Bookings' })).toBeNull()
  })

  it('offers My Bookings and Sign Out to a signed-in visitor', () => {
    renderRoutes(routes, { session: signedInAs('user') })
    expect(screen.getAllByRole('link', { name: 'My Bookings' }).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('button', { name: 'Sign Out' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull()
  })

  it('leads the team to their home, and staff to the desk', () => {
    const { unmount } = renderRoutes(routes, { session: signedInAs('manager', ['canViewDashboard']) })
    expect(screen.getAllByRole('link', { name: 'Team' })[0]?.getAttribute('href')).toBe('/admin')
    unmount()
    renderRoutes(routes, { session: signedInAs('staff', ['canViewDashboard', 'canManageBookings']) })
    expect(screen.getAllByRole('link', { name: 'Team' })[0]?.getAttribute('href')).toBe('/desk')
  })

  it('counts the cart lines in the badge', () => {
    const line = {
      gymName: 'G',
      passName: 'P',
      passPrice: 'BD 10.000',
      date: '2026-12-01',
      time: '08:00',
      location: 'Seef',
    }
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([
        { ...line, id: 'a', gymId: 'g', payAtVenueOnly: false },
        { ...line, id: 'b', gymId: 'g', payAtVenueOnly: false },
      ]),
    )
    renderRoutes(routes, { session: signedOut })
    expect(screen.getAllByTestId('cart-badge')[0]?.textContent).toBe('2')
    expect(screen.getAllByRole('link', { name: /Shopping Cart, 2 items in cart/ }).length).toBeGreaterThan(0)
    localStorage.clear()
  })

  it('opens the mobile menu, closes it with Escape, and closes it on navigation', async () => {
    const { router } = renderRoutes(routes, { session: signedOut })
    const toggle = menuButton()
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(panel?.hidden).toBe(true)

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(panel?.hidden).toBe(false)

    fireEvent.keyDown(document, { key: 'Escape' })
    expect(menuButton().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menuButton())

    fireEvent.click(menuButton())
    const gymsLink = within(panel as HTMLElement).getByRole('link', { name: 'Gyms & Classes' })
    await act(async () => {
      fireEvent.click(gymsLink)
    })
    expect(router.state.location.pathname).toBe('/gyms')
    const reopened = document.getElementById(menuButton().getAttribute('aria-controls') ?? '')
    expect(reopened?.hidden).toBe(true)
  })
})
