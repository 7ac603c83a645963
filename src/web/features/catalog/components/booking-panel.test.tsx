import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IsoDate } from '../../../../shared/bahrain-time.ts'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { renderRoutes } from '../../../testing/render.tsx'
import { stubApi } from '../../checkout/test-fixtures.ts'
import type { BookingStart } from './booking-dialog.tsx'
import { BookingPanel } from './booking-panel.tsx'

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

async function openDialog(shown: Venue = venue) {
  renderRoutes([{ path: '/', element: <BookingPanel venue={shown} /> }])
  fireEvent.click(await screen.findByRole('button', { name: /Adult/ }))
  const add = screen.getByRole('button', { name: i18next.t('catalog:addToCart') })
  add.focus()
  fireEvent.click(add)
  await screen.findByRole('dialog', {}, { timeout: 8000 })
  return add
}

beforeEach(async () => {
  await i18next.loadNamespaces('catalog')
})
afterEach(async () => {
  vi.unstubAllGlobals()
  localStorage.clear()
  await i18next.changeLanguage('en')
})

/** 1 December 2030: 09:00 with 10 places left, 10:00 with 2; the venue lets one booking bring 4. */
function stubAvailability() {
  stubApi({
    'GET /api/gyms/vida-beach/availability?date=2030-12-01': () =>
      Response.json({
        gymId: 'vida-beach',
        date: '2030-12-01',
        dayType: 'weekday',
        holiday: null,
        bookable: true,
        slots: [
          { time: '09:00', capacity: 20, remaining: 10, status: 'open' },
          { time: '10:00', capacity: 20, remaining: 2, status: 'open' },
        ],
        passes: [
          { id: 'adult-day', priceFils: 14000, price: 'BD 14.000' },
          { id: 'kids-day', priceFils: 8000, price: 'BD 8.000' },
        ],
        placesPerOrder: 4,
      }),
  })
}

async function chooseDate() {
  const date = screen.getByRole('textbox', { name: i18next.t('catalog:date') })
  fireEvent.change(date, { target: { value: '01/12/2030' } })
  fireEvent.blur(date)
  await screen.findByRole('radio', { name: /09:00/ })
}

describe('the booking dialog', () => {
  it('gives the focus back to Add to Cart when it closes', async () => {
    const add = await openDialog()
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(add)
  })

  it('says so when a typed date cannot be read, in English and in Arabic', async () => {
    await openDialog()
    const date = screen.getByRole('textbox', { name: 'Date' })
    fireEvent.change(date, { target: { value: '31/2/26' } })
    expect(screen.queryByText('Enter a real date as dd/mm/yyyy.')).toBeNull()
    fireEvent.blur(date)
    expect(await screen.findByText('Enter a real date as dd/mm/yyyy.')).toBeTruthy()
    await act(() => i18next.changeLanguage('ar'))
    fireEvent.change(date, { target: { value: '5/13/2030' } })
    fireEvent.blur(date)
    expect(await screen.findByText(i18next.t('catalog:dateInvalid', { lng: 'ar' }))).toBeTruthy()
  })

  it('refuses a date the venue does not sell, and its calendar opens on the first one it does', async () => {
    stubAvailability()
    await openDialog({ ...venue, sellsFrom: '2030-12-01', sellsUntil: '2030-12-31' })
    const date = screen.getByRole('textbox', { name: 'Date' })
    const notSold = i18next.t('catalog:dateNotSold')
    for (const typed of ['30/11/2030', '01/01/2031']) {
      fireEvent.change(date, { target: { value: typed } })
      fireEvent.blur(date)
      expect(await screen.findByText(notSold)).toBeTruthy()
      expect(screen.queryByRole('radio', { name: /09:00/ })).toBeNull()
    }
    await chooseDate()
    expect(screen.queryByText(notSold)).toBeNull()

    fireEvent.change(date, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: i18next.t('catalog:pickDate') }))
    expect(await screen.findByText('December 2030')).toBeTruthy()
  })

  it('reads a day and month typed with one digit', async () => {
    await openDialog()
    const date = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement
    fireEvent.change(date, { target: { value: '1/2/2099' } })
    fireEvent.blur(date)
    expect(date.value).toBe('01/02/2099')
    expect(screen.queryByText('Enter a real date as dd/mm/yyyy.')).toBeNull()
  })

  it('asks how many people, up to the venue’s cap and the places left, priced for them all', async () => {
    stubAvailability()
    await openDialog()
    await chooseDate()
    fireEvent.click(screen.getByRole('radio', { name: /09:00/ }))
    const people = screen.getByRole('spinbutton', { name: 'People' })
    const fewer = screen.getByRole('button', { name: 'One person fewer' })
    const more = screen.getByRole('button', { name: 'One person more' })
    expect(people.getAttribute('aria-valuenow')).toBe('1')
    expect(people.getAttribute('aria-valuetext')).toBe('1 person')
    expect((fewer as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(more)
    expect(people.getAttribute('aria-valuetext')).toBe('2 people')
    expect(screen.getByText('2 × BD 14.000')).toBeTruthy()
    expect(screen.getByText('BD 28.000')).toBeTruthy()
    // The keyboard: arrows step, End goes to the most (the venue's 4), Home back to 1.
    fireEvent.keyDown(people, { key: 'ArrowUp' })
    expect(people.getAttribute('aria-valuenow')).toBe('3')
    fireEvent.keyDown(people, { key: 'End' })
    expect(people.getAttribute('aria-valuenow')).toBe('4')
    expect(people.getAttribute('aria-valuemax')).toBe('4')
    expect((more as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('One booking can bring up to 4 people to one time.')).toBeTruthy()
    fireEvent.keyDown(people, { key: 'ArrowUp' })
    expect(people.getAttribute('aria-valuenow')).toBe('4')

    // 10:00 has 2 places left: the party shows, and books, as 2, and says why.
    fireEvent.click(screen.getByRole('radio', { name: /10:00/ }))
    expect(people.getAttribute('aria-valuenow')).toBe('2')
    expect(people.getAttribute('aria-valuemax')).toBe('2')
    expect(screen.getByText('Only 2 places are left at this time.')).toBeTruthy()
    expect(screen.getByText('BD 28.000')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Add to Cart' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([
      { passId: 'adult-day', date: '2030-12-01', time: '10:00', quantity: 2, passPrice: 'BD 14.000' },
    ])
  })

  it('labels the stepper in Arabic', async () => {
    stubAvailability()
    await openDialog()
    await act(() => i18next.changeLanguage('ar'))
    await chooseDate()
    fireEvent.click(screen.getByRole('radio', { name: /09:00/ }))
    const people = screen.getByRole('spinbutton', { name: 'عدد الأشخاص' })
    fireEvent.click(screen.getByRole('button', { name: 'شخص إضافي' }))
    expect(people.getAttribute('aria-valuetext')).toBe('شخصان')
    fireEvent.keyDown(people, { key: 'ArrowUp' })
    expect(people.getAttribute('aria-valuetext')).toBe('3 أشخاص')
    expect(screen.getByText('42.000 د.ب')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'شخص أقل' })).toBeTruthy()
  })

  it('counts the people the cart already brings to that time, and adds to their line', async () => {
    const saved = {
      id: 'line-1',
      gymId: 'vida-beach',
      passId: 'adult-day',
      gymName: 'Vida Beach Hotel',
      passName: 'Adult - Gym and pool',
      passPrice: 'BD 14.000',
      date: '2030-12-01',
      time: '09:00',
      location: 'Bahrain Bay',
      payAtVenueOnly: false,
      quantity: 3,
    }
    localStorage.setItem('cart', JSON.stringify([saved]))
    stubAvailability()
    await openDialog()
    await chooseDate()
    fireEvent.click(screen.getByRole('radio', { name: /09:00/ }))
    const people = screen.getByRole('spinbutton', { name: 'People' })
    expect(people.getAttribute('aria-valuemax')).toBe('1')
    expect(
      screen.getByText(
        'Your cart already has 3 people at this time. One booking can bring up to 4 people to one time.',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Add to Cart' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'line-1', quantity: 4 }])

    // Now the cart holds the venue's 4 for one booking at that time: nothing more can be added there.
    fireEvent.click(screen.getByRole('button', { name: i18next.t('catalog:addToCart') }))
    await screen.findByRole('dialog')
    await chooseDate()
    fireEvent.click(screen.getByRole('radio', { name: /09:00/ }))
    expect(screen.getByRole('button', { name: 'Confirm & Add to Cart' }).hasAttribute('disabled')).toBe(true)
  })

  it('starts the next pass at the date and time just added, and a second tap keeps a pass chosen', async () => {
    const family = {
      ...venue,
      passes: [
        ...venue.passes,
        {
          id: 'kids-day',
          type: 'Kids',
          name: { en: 'Kids', ar: 'أطفال' },
          description: { en: 'Kids’ pool', ar: 'مسبح الأطفال' },
          priceFils: 8000,
          price: 'BD 8.000',
        },
      ],
    } as unknown as Venue
    stubAvailability()
    await openDialog(family)
    await chooseDate()
    fireEvent.click(screen.getByRole('radio', { name: /09:00/ }))
    fireEvent.click(screen.getByRole('button', { name: 'One person more' }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Add to Cart' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const kids = screen.getByRole('button', { name: /Kids/ })
    fireEvent.click(kids)
    fireEvent.click(kids)
    expect(kids.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: i18next.t('catalog:addToCart') }))
    await screen.findByRole('dialog')
    // The date is there and 09:00 chosen: the children need only their number and Confirm.
    expect((screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe('01/12/2030')
    const chosen = await screen.findByRole('radio', { name: /09:00/ })
    expect((chosen as HTMLInputElement).checked || chosen.getAttribute('aria-checked') === 'true').toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'One person more' }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Add to Cart' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([
      { passId: 'adult-day', date: '2030-12-01', time: '09:00', quantity: 2 },
      { passId: 'kids-day', date: '2030-12-01', time: '09:00', quantity: 2 },
    ])
  })

  it('keeps the visitor’s choice when the list behind the open dialog moves its next slot', async () => {
    stubAvailability()
    let moveStart: (start: BookingStart) => void = () => {}
    function ListCard() {
      const [start, setStart] = useState<BookingStart>({ date: '2030-12-01' as IsoDate, time: '09:00' })
      moveStart = setStart
      return <BookingPanel venue={venue} start={start} />
    }
    renderRoutes([{ path: '/', element: <ListCard /> }])
    fireEvent.click(await screen.findByRole('button', { name: /Adult/ }))
    fireEvent.click(screen.getByRole('button', { name: i18next.t('catalog:addToCart') }))
    await screen.findByRole('dialog', {}, { timeout: 8000 })
    fireEvent.click(await screen.findByRole('radio', { name: /10:00/ }))
    fireEvent.click(screen.getByRole('button', { name: 'One person more' }))
    // The hour passes and the list, refetched, now starts at 10:00.
    act(() => moveStart({ date: '2030-12-01' as IsoDate, time: '10:00' }))
    act(() => moveStart({ date: '2030-12-01' as IsoDate, time: '11:00' }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Add to Cart' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([
      { passId: 'adult-day', date: '2030-12-01', time: '10:00', quantity: 2 },
    ])
  })

  it('names a weekend’s price as such', async () => {
    stubApi({
      'GET /api/gyms/vida-beach/availability?date=2030-12-06': () =>
        Response.json({
          gymId: 'vida-beach',
          date: '2030-12-06',
          dayType: 'weekend',
          holiday: null,
          bookable: true,
          slots: [{ time: '09:00', capacity: 20, remaining: 10, status: 'open' }],
          passes: [{ id: 'adult-day', priceFils: 16000, price: 'BD 16.000', priceNote: 'weekend' }],
          placesPerOrder: 4,
        }),
    })
    await openDialog()
    const date = screen.getByRole('textbox', { name: i18next.t('catalog:date') })
    fireEvent.change(date, { target: { value: '06/12/2030' } })
    fireEvent.blur(date)
    await screen.findByText('Weekend price')
    expect(screen.getByText('BD 16.000')).toBeTruthy()
  })

  it('names no weekend price when the weekend costs what a weekday does', async () => {
    stubApi({
      'GET /api/gyms/vida-beach/availability?date=2030-12-06': () =>
        Response.json({
          gymId: 'vida-beach',
          date: '2030-12-06',
          dayType: 'weekend',
          holiday: null,
          bookable: true,
          slots: [{ time: '09:00', capacity: 20, remaining: 10, status: 'open' }],
          passes: [{ id: 'adult-day', priceFils: 14000, price: 'BD 14.000', priceNote: null }],
          placesPerOrder: 4,
        }),
    })
    await openDialog()
    const date = screen.getByRole('textbox', { name: i18next.t('catalog:date') })
    fireEvent.change(date, { target: { value: '06/12/2030' } })
    fireEvent.blur(date)
    await screen.findByText('BD 14.000', { selector: '[aria-live]' })
    expect(screen.queryByText('Weekend price')).toBeNull()
  })
})
