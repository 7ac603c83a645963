import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { AdminVenueSummary } from '../../../../shared/venue-admin.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const venues: AdminVenueSummary[] = [
  {
    id: 'manama-marina-hotel',
    name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
    area: { id: 'manama', name: { en: 'Manama', ar: 'المنامة' } },
    status: 'published',
    activePasses: 3,
    todaysBookings: 12,
  },
  {
    id: 'seef-tower',
    name: { en: 'Seef Tower Fitness', ar: '' },
    area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
    status: 'draft',
    activePasses: 0,
    todaysBookings: 0,
  },
]

describe('the venues page', () => {
  it('lists every venue with its area, status, passes and bookings today, and searches', async () => {
    const urls: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = String(input)
      urls.push(url)
      return Response.json({ venues: url.includes('search=seef') ? venues.slice(1) : venues })
    })
    renderRoutes(routes, { path: '/admin/venues', session: signedInAs('admin', permissionsFor('admin')) })
    const table = await screen.findByRole('table', { name: 'Venues' }, { timeout: 5000 })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Manama Marina Hotel', 'Manama', 'Published', '3', '12'],
      ['Seef Tower Fitness', 'Seef', 'Draft', '0', '0'],
    ])
    expect(within(table).getByRole('link', { name: 'Seef Tower Fitness' }).getAttribute('href')).toBe(
      '/admin/venues/seef-tower',
    )

    fireEvent.change(screen.getByLabelText('Search venues'), { target: { value: 'seef' } })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(urls.at(-1)).toBe('/api/admin/venues?search=seef')
  })
})
