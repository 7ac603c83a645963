import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { ApplicationSummary } from '../../../../shared/vendor-application.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const seef: ApplicationSummary = {
  id: 7,
  status: 'pending',
  venueName: 'Seef Tower Fitness',
  venueNameEn: 'Seef Tower Fitness',
  venueNameAr: '',
  venueType: 'Hotel',
  area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
  city: 'Manama',
  contactName: 'Huda Al Mannai',
  venueEmail: 'hello@seeftower.bh',
  // 22:30 UTC is already the next day in Bahrain (UTC+3).
  createdAt: '2026-03-09T22:30:00.000Z',
}
const juffair: ApplicationSummary = {
  ...seef,
  id: 5,
  status: 'approved',
  venueName: 'Juffair Wellness Club',
  venueType: 'Fitness Center',
  area: { id: 'juffair', name: { en: 'Juffair', ar: 'الجفير' } },
  contactName: 'Ali Hasan',
  createdAt: '2026-03-01T08:00:00.000Z',
}
/** A fetch for the admin API: the list answers in turn from `lists` (the last repeats). */
function stubApi(...lists: (() => Response)[]) {
  let listCalls = 0
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = String(input)
    if (url === '/api/admin/vendor-applications') {
      listCalls++
      return (lists[Math.min(listCalls, lists.length) - 1] ?? (() => Response.json({})))()
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return { listCalls: () => listCalls }
}

async function renderPage() {
  renderRoutes(routes, {
    path: '/admin/vendor-applications',
    session: signedInAs('manager', permissionsFor('manager')),
  })
  await screen.findByRole('heading', { level: 1, name: 'Venue applications' }, { timeout: 5000 })
}

describe('the venue applications page', () => {
  it('lists each application with its type, area, contact, day sent and status', async () => {
    stubApi(() => Response.json({ applications: [seef, juffair] }))
    await renderPage()
    const table = await screen.findByRole('table', { name: 'Venue applications, newest first' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Hotel', 'Seef', 'Huda Al Mannai', '10/03/2026', 'Pending'],
      ['Fitness Center', 'Juffair', 'Ali Hasan', '01/03/2026', 'Approved'],
    ])
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Seef Tower Fitness' })).toBeTruthy()
  })

  it('links each application to its own page, where the team decides it', async () => {
    stubApi(() => Response.json({ applications: [seef, juffair] }))
    await renderPage()
    const link = await screen.findByRole('link', { name: 'Seef Tower Fitness' })
    expect(link.getAttribute('href')).toBe('/admin/vendor-applications/7')
    expect(screen.getByRole('link', { name: 'Juffair Wellness Club' }).getAttribute('href')).toBe(
      '/admin/vendor-applications/5',
    )
  })

  it('says when there are no applications yet', async () => {
    stubApi(() => Response.json({ applications: [] }))
    await renderPage()
    expect(await screen.findByText(/No applications yet/)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says the list failed to load, and loads it again on Retry', async () => {
    const api = stubApi(
      () => Response.json({ error: { code: 'INTERNAL', message: 'Internal server error' } }, { status: 500 }),
      () => Response.json({ applications: [juffair] }),
    )
    await renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The applications could not be loaded.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Juffair Wellness Club' })).toBeTruthy()
    expect(api.listCalls()).toBe(2)
  })
})
