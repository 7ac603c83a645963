import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import type { AffectedBooking, DateException, VenueSchedule } from '../../../../shared/venue-schedule.ts'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { ClosuresSection } from './closures-section.tsx'

afterEach(() => vi.unstubAllGlobals())

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)
// Dates from the real today, as the form judges them.
const soon = addDays(todayInBahrain(), 9)
const later = addDays(todayInBahrain(), 20)
const booking: AffectedBooking = {
  id: 41,
  reference: 'DP-7K3M-Q9TX',
  date: soon,
  time: '10:00',
  passName: { en: 'Gym Day Pass', ar: 'تذكرة النادي' },
  bookerName: 'Fatima Al Sayed',
  bookerEmail: 'fatima@example.bh',
  paymentStatus: 'paid',
}
const maintenance: DateException = {
  date: later,
  closedAllDay: false,
  closedHours: [14, 15],
  capacity: 5,
  note: 'Pool maintenance',
  affectedBookings: [],
}
const schedule = (exceptions: DateException[]): VenueSchedule => ({
  venueId: 'seef-gym',
  weeklyHours: Array.from({ length: 7 }, () => range(8, 20)),
  capacityPerSlot: 20,
  exceptions,
})

interface Sent {
  method: string
  url: string
  body?: Record<string, unknown>
}

/** The schedule API: GET answers `current`; each change answers from `answers` in turn. */
function stubApi(current: VenueSchedule, ...answers: ((sent: Sent) => Response)[]) {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    if (url === '/api/admin/venues/seef-gym/schedule') return Response.json(current)
    const call = {
      method: init?.method ?? 'GET',
      url,
      ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
    }
    sent.push(call)
    const answer = answers[sent.length - 1] ?? answers.at(-1)
    return answer
      ? answer(call)
      : Response.json({ error: { code: 'NOT_FOUND', message: '' } }, { status: 404 })
  })
  return sent
}
const conflict = (code: string, count: number, details: AffectedBooking[]) =>
  Response.json({ error: { code, message: '…', params: { count }, details } }, { status: 409 })

async function renderSection() {
  renderRoutes([{ path: '/', element: <ClosuresSection venueId="seef-gym" /> }], {
    session: signedInAs('manager', ['canManageVenues']),
  })
  await screen.findByRole('heading', { level: 2, name: 'Closures and changed dates' })
}

describe('ClosuresSection', () => {
  it('lists the upcoming changes with their closed hours, places, note and affected bookings', async () => {
    stubApi(schedule([{ ...maintenance, affectedBookings: [booking] }]))
    await renderSection()
    const item = (await screen.findByText('Pool maintenance')).closest('li') as HTMLElement
    expect(within(item).getByText(formatDisplayDate(later))).toBeTruthy()
    expect(within(item).getByText('Closed \u206614:00–16:00\u2069 · 5 places per slot')).toBeTruthy()
    expect(within(item).getByText('Bookings in closed times: 1')).toBeTruthy()
    expect(within(item).getByText('fatima@example.bh')).toBeTruthy()
  })

  it('says so when nothing is coming up', async () => {
    stubApi(schedule([]))
    await renderSection()
    expect(await screen.findByText('No closures or changed dates coming up.')).toBeTruthy()
  })

  it('asks before closing booked hours, then saves confirmed and lists the bookings for the desk', async () => {
    const sent = stubApi(
      schedule([]),
      () => conflict('CLOSURE_AFFECTS_BOOKINGS', 1, [booking]),
      () =>
        Response.json({
          schedule: schedule([
            {
              ...maintenance,
              date: soon,
              closedHours: [10, 11],
              capacity: null,
              affectedBookings: [booking],
            },
          ]),
          affectedBookings: [booking],
        }),
    )
    await renderSection()
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: soon } })
    fireEvent.change(screen.getByLabelText('Closed from'), { target: { value: '10' } })
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '12' } })
    fireEvent.change(screen.getByLabelText('Note for the team'), { target: { value: 'Pool maintenance' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))

    const dialog = await screen.findByRole('dialog', { name: 'Existing bookings are affected' })
    expect(within(dialog).getByText(/This closes times that bookings hold: 1 affected/)).toBeTruthy()
    expect(within(dialog).getByText('fatima@example.bh')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and save' }))

    expect(await screen.findByText('Saved. Visitors see the change at once.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent.map((call) => [call.method, call.url, call.body?.confirm])).toEqual([
      ['PUT', `/api/admin/venues/seef-gym/exceptions/${soon}`, false],
      ['PUT', `/api/admin/venues/seef-gym/exceptions/${soon}`, true],
    ])
    expect(sent[1]?.body).toEqual({
      closedAllDay: false,
      closedHours: [10, 11],
      capacity: null,
      note: 'Pool maintenance',
      confirm: true,
    })
    // Listed once, under the saved date, not again under the form.
    expect(screen.getAllByRole('heading', { name: 'Bookings to contact' })).toHaveLength(1)
    // Saved once confirmed: the form is empty for the next date.
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('')
  })

  it('closes a whole day, or changes only the places', async () => {
    const sent = stubApi(schedule([]), () => Response.json({ schedule: schedule([]), affectedBookings: [] }))
    await renderSection()
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: soon } })
    fireEvent.change(screen.getByLabelText(/Places per time slot that day/), { target: { value: '8' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))
    await screen.findByText('Saved. Visitors see the change at once.')
    expect(sent[0]?.body).toMatchObject({ closedAllDay: false, closedHours: [], capacity: 8 })

    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: later } })
    fireEvent.click(screen.getByLabelText('Closed all day'))
    expect(screen.queryByLabelText('Closed from')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.body).toMatchObject({ closedAllDay: true, capacity: null })
  })

  it('refuses a date that changes nothing, or none at all, before sending', async () => {
    const sent = stubApi(schedule([]))
    await renderSection()
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))
    expect(await screen.findByText('Choose a date.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: soon } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))
    expect(
      await screen.findByText('Close the day, close some hours, or set the number of places.'),
    ).toBeTruthy()
    expect(sent).toHaveLength(0)
  })

  it('removes a change, confirming when its extra places are taken', async () => {
    const sent = stubApi(
      schedule([maintenance]),
      () => conflict('SCHEDULE_AFFECTS_BOOKINGS', 1, [booking]),
      () => Response.json({ schedule: schedule([]), affectedBookings: [booking] }),
    )
    await renderSection()
    fireEvent.click(
      await screen.findByRole('button', { name: `Remove the change on ${formatDisplayDate(later)}` }),
    )
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and save' }))
    expect(await screen.findByText('The date follows the usual hours again.')).toBeTruthy()
    expect(sent.map((call) => [call.method, call.url])).toEqual([
      ['DELETE', `/api/admin/venues/seef-gym/exceptions/${later}`],
      ['DELETE', `/api/admin/venues/seef-gym/exceptions/${later}?confirm=true`],
    ])
    expect(await screen.findByText('No closures or changed dates coming up.')).toBeTruthy()
  })

  it('changes an upcoming exception from the list: the form starts from it', async () => {
    const sent = stubApi(schedule([maintenance]), () =>
      Response.json({ schedule: schedule([{ ...maintenance, capacity: 6 }]), affectedBookings: [] }),
    )
    await renderSection()
    fireEvent.click(
      await screen.findByRole('button', { name: `Change the closure on ${formatDisplayDate(later)}` }),
    )
    expect(await screen.findByRole('heading', { name: `Change ${formatDisplayDate(later)}` })).toBeTruthy()
    const date = screen.getByLabelText(/^Date/) as HTMLInputElement
    expect(date.value).toBe(later)
    expect(document.activeElement).toBe(date)
    expect((screen.getByLabelText('Closed from') as HTMLSelectElement).value).toBe('14')
    expect((screen.getByLabelText('Until') as HTMLSelectElement).value).toBe('16')
    fireEvent.change(screen.getByLabelText(/Places per time slot that day/), { target: { value: '6' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the date' }))
    expect(await screen.findByText('Saved. Visitors see the change at once.')).toBeTruthy()
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: `/api/admin/venues/seef-gym/exceptions/${later}`,
      body: { closedAllDay: false, closedHours: [14, 15], capacity: 6, note: 'Pool maintenance' },
    })
    // Saved: the form is for a new exception again.
    expect(await screen.findByRole('heading', { name: 'Add a closure or change' })).toBeTruthy()
  })
})
