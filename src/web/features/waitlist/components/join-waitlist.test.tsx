import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Venue } from '../../../../shared/catalog-api.ts'
import type { Session } from '../../../../shared/session.ts'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { renderRoutes, signedInAs, signedOut } from '../../../testing/render.tsx'
import { BookingPanel } from '../../catalog/components/booking-panel.tsx'
import { apiError, stubApi } from '../../checkout/test-fixtures.ts'
import { forgetVerifiedEmail } from '../../checkout/use-email-verification.ts'

const venue = {
  id: 'vida-beach',
  name: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
  description: { en: '', ar: '' },
  area: { id: 'bahrain-bay', name: { en: 'Bahrain Bay', ar: 'خليج البحرين' } },
  location: { en: 'Bahrain Bay', ar: 'خليج البحرين' },
  venueType: 'hotel',
  rating: 5,
  reviews: { average: null, count: 0 },
  comingSoon: false,
  payAtVenueOnly: false,
  images: [],
  passes: [
    {
      id: 'adult-day',
      type: 'day-pass',
      name: { en: 'Adult', ar: 'بالغ' },
      description: { en: 'Gym and pool', ar: 'النادي والمسبح' },
      priceFils: 14000,
      price: 'BD 14.000',
    },
  ],
} as unknown as Venue

const token = `7.${'a'.repeat(43)}`
const joined: WaitlistEntry = {
  token,
  status: 'waiting',
  gymId: 'vida-beach',
  passId: 'adult-day',
  venueName: venue.name,
  passName: { en: 'Adult', ar: 'بالغ' },
  date: '2030-12-01',
  time: '09:00',
  people: 3,
  ahead: 2,
  offerExpiresAt: null,
  priceFils: 14000,
  totalFils: 42000,
}

/** 1 December 2030: 09:00 is full, 10:00 has places; one booking may bring 4. */
const availability = {
  'GET /api/gyms/vida-beach/availability?date=2030-12-01': () =>
    Response.json({
      gymId: 'vida-beach',
      date: '2030-12-01',
      dayType: 'weekday',
      holiday: null,
      bookable: true,
      slots: [
        { time: '09:00', capacity: 20, remaining: 0, status: 'full' },
        { time: '10:00', capacity: 20, remaining: 5, status: 'open' },
      ],
      passes: [{ id: 'adult-day', priceFils: 14000, price: 'BD 14.000' }],
      placesPerOrder: 4,
    }),
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement

/** Opens the dialog, picks the date and the full 09:00 and asks for three people. */
async function chooseFullSlot(session: Session) {
  renderRoutes([{ path: '/', element: <BookingPanel venue={venue} /> }], { session })
  fireEvent.click(await screen.findByRole('button', { name: /Adult|بالغ/ }))
  fireEvent.click(button(i18next.t('catalog:addToCart')))
  await screen.findByRole('dialog', {}, { timeout: 8000 })
  const date = screen.getByRole('textbox', { name: i18next.t('catalog:date') })
  fireEvent.change(date, { target: { value: '01/12/2030' } })
  fireEvent.blur(date)
  const full = (await screen.findByRole('radio', { name: /09:00/ })) as HTMLInputElement
  expect(full.disabled).toBe(false)
  fireEvent.click(full)
  const more = button(i18next.t('catalog:morePeople'))
  fireEvent.click(more)
  fireEvent.click(more)
}

beforeEach(async () => {
  await i18next.loadNamespaces(['catalog', 'waitlist'])
  localStorage.clear()
  sessionStorage.clear()
  forgetVerifiedEmail()
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

describe('a full time in the booking dialog', () => {
  it('lets a signed-in visitor ask to be told when places free up, and says where they stand', async () => {
    const api = stubApi({
      ...availability,
      'POST /api/waitlist': () => Response.json(joined, { status: 201 }),
    })
    await chooseFullSlot(signedInAs('user'))
    const join = await screen.findByRole('button', { name: 'Tell me if places free up' }, { timeout: 8000 })
    // No adding a full time to the cart, and no e-mail to check for an account.
    expect(screen.queryByRole('button', { name: 'Confirm & Add to Cart' })).toBeNull()
    expect(screen.queryByRole('textbox', { name: /Your e-mail/ })).toBeNull()
    expect(screen.getByText(/we then hold them for you for 30 minutes/)).toBeTruthy()
    fireEvent.click(join)

    expect(await screen.findByText('You are on the list; we will e-mail you.')).toBeTruthy()
    expect(screen.getByText('2 requests are ahead of yours.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See your request' }).getAttribute('href')).toBe(
      `/waitlist/${token}`,
    )
    expect(api.to('POST', '/api/waitlist')[0]?.body).toEqual({
      gymId: 'vida-beach',
      passId: 'adult-day',
      date: '2030-12-01',
      time: '09:00',
      people: 3,
      language: 'en',
    })
  })

  it('keeps the open times as they were: chosen again, 10:00 adds to the cart', async () => {
    stubApi(availability)
    await chooseFullSlot(signedInAs('user'))
    await screen.findByRole('button', { name: 'Tell me if places free up' }, { timeout: 8000 })
    fireEvent.click(screen.getByRole('radio', { name: /10:00/ }))
    expect(screen.queryByRole('button', { name: 'Tell me if places free up' })).toBeNull()
    fireEvent.click(button('Confirm & Add to Cart'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ time: '10:00', quantity: 3 }])
  })

  it('has a guest verify their e-mail first, as checkout does, and sends the proof', async () => {
    const api = stubApi({
      ...availability,
      'POST /api/guest-verification/send-code': () =>
        Response.json({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 }, { status: 202 }),
      'POST /api/guest-verification/verify-code': () =>
        Response.json({ proof: 'proof-123', expiresAt: '2099-01-01T00:00:00.000Z' }),
      'POST /api/waitlist': () => Response.json({ ...joined, ahead: 0 }, { status: 201 }),
    })
    await chooseFullSlot(signedOut)
    const join = await screen.findByRole('button', { name: 'Tell me if places free up' }, { timeout: 8000 })
    expect((join as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByRole('textbox', { name: /Your e-mail/ }), {
      target: { value: 'layla@example.bh' },
    })
    fireEvent.click(button('Send Code to Email'))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Enter code' }), {
      target: { value: '123456' },
    })
    fireEvent.click(button('Verify'))
    await screen.findByText('Email verified')
    await waitFor(() => expect(button('Tell me if places free up').disabled).toBe(false))
    fireEvent.click(button('Tell me if places free up'))

    expect(await screen.findByText('You are first in line.')).toBeTruthy()
    expect(api.to('POST', '/api/waitlist')[0]?.body).toMatchObject({
      people: 3,
      guest: { email: 'layla@example.bh', proof: 'proof-123' },
    })
  })

  it('shows the server’s refusal by its code, in the page’s language', async () => {
    stubApi({
      ...availability,
      'POST /api/waitlist': () => apiError(422, 'QUANTITY_INVALID', 'Choose a number of people'),
    })
    await chooseFullSlot(signedInAs('user'))
    fireEvent.click(
      await screen.findByRole('button', { name: 'Tell me if places free up' }, { timeout: 8000 }),
    )
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a number of people from 1 to 50.')
  })

  it('speaks Arabic', async () => {
    stubApi(availability)
    await act(() => i18next.changeLanguage('ar'))
    await chooseFullSlot(signedInAs('user'))
    expect(
      await screen.findByRole('button', { name: 'أخبرني إذا توفرت أماكن' }, { timeout: 8000 }),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'هذا الوقت ممتلئ' })).toBeTruthy()
  })
})
