import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AffectedBooking, VenueSchedule } from '../../../../shared/venue-schedule.ts'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { HoursSection } from './hours-section.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)
const schedule: VenueSchedule = {
  venueId: 'seef-gym',
  weeklyHours: Array.from({ length: 7 }, () => range(8, 20)),
  capacityPerSlot: 20,
  exceptions: [],
}
const booking: AffectedBooking = {
  id: 41,
  reference: 'DP-7K3M-Q9TX',
  date: '2026-12-08',
  time: '19:00',
  passName: { en: 'Gym Day Pass', ar: 'تذكرة النادي' },
  bookerName: 'Fatima Al Sayed',
  bookerEmail: 'fatima@example.bh',
  paymentStatus: 'pay at venue',
}

interface SentHours {
  weeklyHours: number[][]
  capacityPerSlot: number
  confirm: boolean
}

/** The schedule API: GET answers the schedule; each PUT answers from `puts` in turn. */
function stubApi(...puts: ((body: SentHours) => Response)[]) {
  const sent: SentHours[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    if (url === '/api/admin/venues/seef-gym/schedule') return Response.json(schedule)
    if (url === '/api/admin/venues/seef-gym/hours' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body))
      sent.push(body)
      const answer = puts[sent.length - 1] ?? puts.at(-1)
      return answer ? answer(body) : Response.json({})
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return sent
}
const saved = (
  body: { weeklyHours?: number[][]; capacityPerSlot?: number },
  affectedBookings: AffectedBooking[] = [],
) => Response.json({ schedule: { ...schedule, ...body }, affectedBookings })

async function renderSection() {
  renderRoutes([{ path: '/', element: <HoursSection venueId="seef-gym" /> }], {
    session: signedInAs('manager', ['canManageVenues']),
  })
  await screen.findByRole('group', { name: 'Sunday' })
}

describe('HoursSection', () => {
  it('shows the week Sunday first, each day with its opening and closing times', async () => {
    stubApi()
    await renderSection()
    expect(screen.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeTruthy()
    const days = screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)
    expect(days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
    const sunday = screen.getByRole('group', { name: 'Sunday' })
    expect((within(sunday).getByLabelText('Opens') as HTMLSelectElement).value).toBe('8')
    expect((within(sunday).getByLabelText('Closes') as HTMLSelectElement).value).toBe('20')
    expect((screen.getByLabelText(/Places per time slot/) as HTMLInputElement).value).toBe('20')
  })

  it('saves longer hours, a closed day and more places', async () => {
    const sent = stubApi((body) => saved(body))
    await renderSection()
    const sunday = screen.getByRole('group', { name: 'Sunday' })
    fireEvent.change(within(sunday).getByLabelText('Opens'), { target: { value: '6' } })
    fireEvent.change(within(sunday).getByLabelText('Closes'), { target: { value: '22' } })
    fireEvent.click(within(screen.getByRole('group', { name: 'Friday' })).getByLabelText('Closed'))
    expect(within(screen.getByRole('group', { name: 'Friday' })).getByText('Closed all day')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/Places per time slot/), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }))

    expect(await screen.findByText('Opening hours saved.')).toBeTruthy()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.weeklyHours[0]).toEqual(range(6, 22))
    expect(sent[0]?.weeklyHours[5]).toEqual([])
    expect(sent[0]?.weeklyHours[1]).toEqual(range(8, 20))
    expect(sent[0]).toMatchObject({ capacityPerSlot: 30, confirm: false })
  })

  it('takes places typed in Arabic-Indic or Persian digits', async () => {
    const sent = stubApi((body) => saved(body))
    await renderSection()
    for (const [typed, places] of [
      ['٣٠', 30],
      ['۱۲۵', 125],
    ] as const) {
      fireEvent.change(screen.getByLabelText(/Places per time slot/), { target: { value: typed } })
      fireEvent.click(screen.getByRole('button', { name: 'Save hours' }))
      await waitFor(() => expect(sent.at(-1)?.capacityPerSlot).toBe(places))
    }
  })

  it('reopens a closed day with the times it had', async () => {
    stubApi()
    await renderSection()
    const monday = screen.getByRole('group', { name: 'Monday' })
    fireEvent.change(within(monday).getByLabelText('Closes'), { target: { value: '24' } })
    fireEvent.click(within(monday).getByLabelText('Closed'))
    fireEvent.click(within(monday).getByLabelText('Closed'))
    expect((within(monday).getByLabelText('Closes') as HTMLSelectElement).value).toBe('24')
  })

  it('refuses places outside 1 to 500 before sending anything', async () => {
    const sent = stubApi()
    await renderSection()
    fireEvent.change(screen.getByLabelText(/Places per time slot/), { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }))
    expect(await screen.findByText('Places per time slot must be a whole number from 1 to 500.')).toBeTruthy()
    expect(sent).toHaveLength(0)
  })

  it('asks before leaving out booked times, then saves confirmed and lists the bookings', async () => {
    const conflict = Response.json(
      {
        error: {
          code: 'SCHEDULE_AFFECTS_BOOKINGS',
          message: 'The new hours…',
          params: { count: 1 },
          details: [booking],
        },
      },
      { status: 409 },
    )
    const sent = stubApi(
      () => conflict,
      (body) => saved(body, [booking]),
    )
    await renderSection()
    fireEvent.change(within(screen.getByRole('group', { name: 'Tuesday' })).getByLabelText('Closes'), {
      target: { value: '19' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }))

    const dialog = await screen.findByRole('dialog', { name: 'Existing bookings are affected' })
    expect(within(dialog).getByText(/bookings hold: 1 affected/)).toBeTruthy()
    expect(within(dialog).getByText('fatima@example.bh')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and save' }))

    expect(await screen.findByText('Opening hours saved.')).toBeTruthy()
    expect(sent.map((body) => body.confirm)).toEqual([false, true])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Bookings to contact' })).toBeTruthy()
    expect(screen.getByText('fatima@example.bh')).toBeTruthy()
  })

  it('keeps the change unsaved when the manager cancels', async () => {
    const sent = stubApi(() =>
      Response.json(
        { error: { code: 'SCHEDULE_AFFECTS_BOOKINGS', message: '…', params: { count: 2 }, details: [] } },
        { status: 409 },
      ),
    )
    await renderSection()
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it as it was' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent).toHaveLength(1)
    expect(screen.queryByText('Opening hours saved.')).toBeNull()
  })

  it('names the days in Arabic for an Arabic visitor', async () => {
    stubApi()
    await i18next.changeLanguage('ar')
    renderRoutes([{ path: '/', element: <HoursSection venueId="seef-gym" /> }], {
      session: signedInAs('manager', ['canManageVenues']),
    })
    expect(await screen.findByRole('group', { name: 'الأحد' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'ساعات العمل' })).toBeTruthy()
  })
})
