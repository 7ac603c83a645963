import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffList } from '../../../../shared/desk.ts'
import { permissionsFor } from '../../../../shared/permissions.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const list: StaffList = {
  staff: [
    {
      id: 'staff-1',
      name: 'Huda Ali',
      email: 'huda@example.bh',
      role: 'staff',
      venueIds: ['manama-marina-hotel'],
    },
    { id: 'manager-1', name: 'Ali Hasan', email: 'ali@example.bh', role: 'manager', venueIds: [] },
  ],
  venues: [
    { id: 'manama-marina-hotel', name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' } },
    { id: 'vida-beach-hotel', name: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' } },
  ],
}

describe('the staff and venues page', () => {
  it('ticks each staff member’s venues and saves exactly those ticked', async () => {
    const saved: unknown[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input)
      if (url === '/api/admin/staff') return Response.json(list)
      if (url === '/api/admin/staff/staff-1/venues' && init?.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)))
        return Response.json({ userId: 'staff-1', venueIds: ['manama-marina-hotel', 'vida-beach-hotel'] })
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
    })
    renderRoutes(routes, { path: '/admin/staff', session: signedInAs('admin', permissionsFor('admin')) })
    await screen.findByRole('heading', { level: 1, name: 'Staff and venues' }, { timeout: 5000 })
    const group = await screen.findByRole('group', { name: /Venues of Huda Ali/ })
    const marina = within(group).getByRole('checkbox', { name: 'Manama Marina Hotel' }) as HTMLInputElement
    const vida = within(group).getByRole('checkbox', { name: 'Vida Beach Hotel' }) as HTMLInputElement
    expect([marina.checked, vida.checked]).toEqual([true, false])
    fireEvent.click(vida)
    fireEvent.click(within(group.closest('form') as HTMLElement).getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved.')
    expect(saved).toEqual([{ venueIds: ['manama-marina-hotel', 'vida-beach-hotel'] }])
    // A manager is listed too, marked as such: their ticked venues are those they invite staff to.
    const manager = screen.getByRole('group', { name: /Venues of Ali Hasan/ })
    expect(within(manager).getByText('manager')).toBeTruthy()
  })
})
