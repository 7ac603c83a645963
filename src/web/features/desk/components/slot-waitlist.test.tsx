import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { permissionsFor } from '../../../../shared/permissions.ts'
import type { TeamWaitlist } from '../../../../shared/waitlist.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { stubApi } from '../../checkout/test-fixtures.ts'
import { WaitlistSection } from '../../venue-admin/components/waitlist-section.tsx'

const list: TeamWaitlist = {
  slots: [
    {
      time: '09:00',
      entries: [
        {
          id: 1,
          passId: 'gym',
          people: 3,
          status: 'offered',
          name: 'Layla',
          joinedAt: '2030-11-30T06:00:00.000Z',
          offerExpiresAt: '2030-12-01T04:42:00.000Z',
        },
        {
          id: 2,
          passId: 'gym',
          people: 1,
          status: 'waiting',
          name: 'Omar',
          joinedAt: '2030-11-30T07:15:00.000Z',
          offerExpiresAt: null,
        },
      ],
    },
    { time: '10:00', entries: [] },
  ],
}

const waitlistUrl = (venue: string, date: string) => `/api/desk/waitlist?venue=${venue}&date=${date}`

beforeEach(async () => {
  await i18next.loadNamespaces('desk')
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

describe('the team’s waiting lists', () => {
  it('show on the desk for the chosen venue and day, per time: people, first name, status and times', async () => {
    const today = todayInBahrain()
    stubApi({
      'GET /api/desk/venues': () =>
        Response.json({
          venues: [
            {
              id: 'manama-marina-hotel',
              name: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
              checkInOpensMinutes: 30,
              checkInClosesMinutes: 60,
            },
          ],
        }),
      [`GET /api/desk/bookings?venue=manama-marina-hotel&date=${today}&search=`]: () =>
        Response.json({ venueId: 'manama-marina-hotel', date: today, slots: [] }),
      [`GET ${waitlistUrl('manama-marina-hotel', today)}`]: () => Response.json(list),
    })
    renderRoutes(routes, { path: '/desk', session: signedInAs('staff', permissionsFor('staff')) })
    const section = await screen.findByRole('region', { name: 'Waiting list' }, { timeout: 8000 })
    const slot = await within(section).findByRole('region', { name: '09:00' })
    const [layla, omar] = within(slot).getAllByRole('listitem')
    expect(layla?.textContent).toContain('Layla')
    expect(layla?.textContent).toContain('3 people')
    expect(layla?.textContent).toContain('Places held')
    expect(layla?.textContent).toContain('Held until 07:42')
    expect(omar?.textContent).toContain('Omar')
    expect(omar?.textContent).toContain('1 person')
    expect(omar?.textContent).toContain('Waiting')
    expect(omar?.textContent).toContain('Joined 10:15')
    // A time nobody waits for is not listed.
    expect(within(section).queryByRole('region', { name: '10:00' })).toBeNull()
  })

  it('show in the venue editor for a chosen date, and say when nobody waits', async () => {
    const api = stubApi({
      [`GET ${waitlistUrl('seef-tower', todayInBahrain())}`]: () => Response.json({ slots: [] }),
      [`GET ${waitlistUrl('seef-tower', '2030-12-01')}`]: () => Response.json(list),
    })
    renderRoutes([{ path: '/', element: <WaitlistSection venueId="seef-tower" /> }])
    expect(await screen.findByText('No one is on a waiting list for this day.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Waiting list date'), { target: { value: '2030-12-01' } })
    expect(await screen.findByText('Layla')).toBeTruthy()
    expect(api.to('GET', waitlistUrl('seef-tower', '2030-12-01'))).toHaveLength(1)
  })

  it('read in Arabic', async () => {
    stubApi({ [`GET ${waitlistUrl('seef-tower', todayInBahrain())}`]: () => Response.json(list) })
    await act(() => i18next.changeLanguage('ar'))
    renderRoutes([{ path: '/', element: <WaitlistSection venueId="seef-tower" /> }])
    expect(await screen.findByRole('heading', { name: 'قائمة الانتظار' })).toBeTruthy()
    expect(await screen.findByText('أماكن محجوزة')).toBeTruthy()
    expect(screen.getByText('في الانتظار')).toBeTruthy()
  })

  it('say when the list cannot be loaded, with a retry', async () => {
    stubApi({})
    renderRoutes([{ path: '/', element: <WaitlistSection venueId="seef-tower" /> }])
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The waiting list could not be loaded.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
