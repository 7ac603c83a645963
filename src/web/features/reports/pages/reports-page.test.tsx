import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { Report, ReportFigures } from '../../../../shared/reports.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

// jsdom has no canvas: the chart library is replaced by a recorder of what it was asked to draw.
const drawn: unknown[][] = []
vi.mock('../components/chart-library.ts', () => ({
  loadChartLibrary: async () =>
    class {
      static paths = { bars: () => undefined }
      constructor(_options: unknown, data: unknown[]) {
        drawn.push(data)
      }
      setSize() {}
      destroy() {}
    },
}))
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  drawn.length = 0
})

const none: ReportFigures = {
  bookings: 0,
  checkedIn: 0,
  noShows: 0,
  cancellations: 0,
  onlineFils: 0,
  atVenueFils: 0,
  refundedFils: 0,
  refundsPendingFils: 0,
  averagePriceFils: 0,
}
const marina = { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' }

function reportFor(from: string, to: string): Report {
  const busy = {
    ...none,
    bookings: 3,
    checkedIn: 1,
    cancellations: 1,
    onlineFils: 14_000,
    atVenueFils: 13_335,
    averagePriceFils: 13_668,
  }
  return {
    from,
    to,
    venue: null,
    venues: [{ id: 'manama-marina-hotel', name: marina }],
    days: [
      { date: from, ...busy },
      { date: to, ...none },
    ],
    byVenue: [{ venueId: 'manama-marina-hotel', name: marina, ...busy }],
    totals: busy,
  }
}

describe('the reports page', () => {
  it('asks for this month, shows the figures in tables beside the charts, and switches to last month', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost')
      asked.push(url.pathname + url.search)
      const from = url.searchParams.get('from') ?? ''
      const to = url.searchParams.get('to') ?? ''
      return Response.json(reportFor(from, to))
    })
    renderRoutes(routes, {
      path: '/admin/reports',
      session: signedInAs('manager', permissionsFor('manager')),
    })
    await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 5000 })
    const byDay = await screen.findByRole('region', { name: 'Figures by day' })
    const firstDay = within(byDay).getAllByRole('row')[1] as HTMLElement
    expect(
      within(firstDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '0', '1', 'BD 14.000', 'BD 13.335', 'BD 0.000', 'BD 0.000', 'BD 13.668'])
    const byVenue = screen.getByRole('region', { name: 'Figures by venue' })
    expect(within(byVenue).getByRole('rowheader', { name: 'Manama Marina Hotel' })).toBeTruthy()
    expect(screen.getByRole('img', { name: /bookings per day/ })).toBeTruthy()
    await vi.waitFor(() =>
      expect(drawn).toContainEqual([
        [0, 1],
        [3, 0],
      ]),
    )
    expect(drawn).toContainEqual([[0], [14_000], [13_335]])
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/reports\/csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }))
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1))
    expect(screen.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('says when the end date comes before the start, and asks for nothing', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      asked.push(String(input))
      const url = new URL(String(input), 'http://localhost')
      return Response.json(reportFor(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''))
    })
    renderRoutes(routes, {
      path: '/admin/reports',
      session: signedInAs('manager', permissionsFor('manager')),
    })
    await screen.findByRole('region', { name: 'Figures by day' }, { timeout: 5000 })
    const before = asked.length
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-01' } })
    expect(await screen.findByText(/on or before the end date/)).toBeTruthy()
    expect(asked.length).toBe(before)
  })
})
