import { act, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CartItem } from '../../../../shared/cart.ts'
import type { VenueDetail } from '../../../../shared/catalog-api.ts'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { stubApi } from '../../checkout/test-fixtures.ts'
import { CartPage } from './cart-page.tsx'

/** A line added while the site was in English: its saved display names are English. */
const englishLine: CartItem = {
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
  quantity: 1,
}

const pass = {
  id: 'adult-day',
  type: 'day-pass',
  name: { en: 'Adult', ar: 'بالغ' },
  description: { en: 'Gym and pool', ar: 'النادي والمسبح' },
  priceFils: 14000,
  price: 'BD 14.000',
}
const venue = {
  date: '2030-11-01',
  gym: {
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
    passes: [pass],
  },
} as unknown as VenueDetail

const availability = {
  gymId: 'vida-beach',
  date: '2030-12-01',
  dayType: 'weekday',
  holiday: null,
  bookable: true,
  slots: [],
  passes: [{ id: 'adult-day', priceFils: 14000, price: 'BD 14.000', priceNote: null }],
}

const catalog = {
  'GET /api/gyms/vida-beach': () => Response.json(venue),
  'GET /api/gyms/vida-beach/availability?date=2030-12-01': () => Response.json(availability),
}

function open(items: CartItem[]) {
  localStorage.setItem('cart', JSON.stringify(items))
  return renderRoutes([{ path: '/cart', element: <CartPage /> }], { path: '/cart', session: signedOut })
}

beforeEach(async () => {
  localStorage.clear()
  await i18next.changeLanguage('en')
  await i18next.loadNamespaces('cart')
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

describe('the cart page', () => {
  it('shows a line added in English with Arabic names once the site is in Arabic', async () => {
    stubApi(catalog)
    open([englishLine])
    expect(await screen.findByText('Vida Beach Hotel')).toBeTruthy()
    await act(() => i18next.changeLanguage('ar'))
    expect(await screen.findByText('فندق فيدا بيتش')).toBeTruthy()
    expect(screen.getByText('بالغ - النادي والمسبح')).toBeTruthy()
    expect(screen.getByText('خليج البحرين')).toBeTruthy()
    expect(screen.queryByText('Vida Beach Hotel')).toBeNull()
    expect(screen.queryByText('Adult - Gym and pool')).toBeNull()
  })

  it('shows a party’s line as its people × the pass, priced for them all, in English and Arabic', async () => {
    stubApi(catalog)
    open([{ ...englishLine, quantity: 2 }])
    const pass = await screen.findByText('Adult - Gym and pool', { exact: false })
    expect(pass.textContent).toBe('2 × 2 people: Adult - Gym and pool')
    expect(pass.querySelector('[aria-hidden="true"]')?.textContent).toBe('2 × ')
    // The line, and the total once the price has come.
    await waitFor(() => expect(screen.getAllByText('BD 28.000')).toHaveLength(2))
    await act(() => i18next.changeLanguage('ar'))
    const arabic = await screen.findByText('بالغ - النادي والمسبح', { exact: false })
    expect(arabic.textContent).toBe('2 × شخصان: بالغ - النادي والمسبح')
    await waitFor(() => expect(screen.getAllByText('28.000 د.ب')).toHaveLength(2))
  })

  it('names a weekend’s price beside the line, in English and Arabic', async () => {
    stubApi({
      ...catalog,
      'GET /api/gyms/vida-beach/availability?date=2030-12-01': () =>
        Response.json({
          ...availability,
          dayType: 'weekend',
          passes: [{ id: 'adult-day', priceFils: 16000, price: 'BD 16.000', priceNote: 'weekend' }],
        }),
    })
    open([englishLine])
    await screen.findByText('Weekend price')
    await act(() => i18next.changeLanguage('ar'))
    await screen.findByText('سعر عطلة نهاية الأسبوع')
  })

  it('says nothing of a weekend whose price is the weekday’s', async () => {
    stubApi({
      ...catalog,
      'GET /api/gyms/vida-beach/availability?date=2030-12-01': () =>
        Response.json({ ...availability, dayType: 'weekend' }),
    })
    open([englishLine])
    // The line's price and, once the day's prices have come, the total.
    await waitFor(() => expect(screen.getAllByText('BD 14.000')).toHaveLength(2))
    expect(screen.queryByText('Weekend price')).toBeNull()
  })

  it('says nothing of the day on a weekday', async () => {
    stubApi(catalog)
    open([englishLine])
    await waitFor(() => expect(screen.getAllByText('BD 14.000').length).toBeGreaterThan(0))
    expect(screen.queryByText('Weekend price')).toBeNull()
  })

  it('keeps the saved names when the catalog no longer lists the venue', async () => {
    stubApi({})
    open([englishLine])
    expect(await screen.findByText('Vida Beach Hotel')).toBeTruthy()
    expect(screen.getByText('Adult - Gym and pool')).toBeTruthy()
  })

  it('gives a line saved without a pass id its pass, matched by the saved name', async () => {
    stubApi(catalog)
    const { passId: _dropped, ...legacy } = englishLine
    open([{ ...legacy, passName: 'بالغ - النادي والمسبح' }])
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0]).toMatchObject({ passId: 'adult-day' }),
    )
    expect(await screen.findByText('Adult - Gym and pool')).toBeTruthy()
  })

  it('warns on a line whose slot filled, as the checkout does, with another time to pick', async () => {
    stubApi({
      ...catalog,
      'POST /api/checkout/quote': () =>
        Response.json({
          lines: [
            {
              gymId: 'vida-beach',
              passId: 'adult-day',
              date: '2030-12-01',
              time: '09:00',
              quantity: 1,
              gymName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
              passName: { en: 'Adult - Gym and pool', ar: 'بالغ - النادي والمسبح' },
              location: { en: 'Bahrain Bay', ar: 'خليج البحرين' },
              priceFils: 14000,
              price: 'BD 14.000',
              payAtVenueOnly: false,
              problem: { code: 'SLOT_FULL', message: 'x' },
            },
          ],
          totalFils: 0,
          total: 'BD 0.000',
          totalUsd: '0.00',
          payAtVenueOnly: false,
          bookable: false,
        }),
    })
    await i18next.loadNamespaces('checkout')
    open([englishLine])
    expect(await screen.findByText('This time slot is full. Please choose another time.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choose another time' })).toBeTruthy()
    await act(() => i18next.changeLanguage('ar'))
    expect(await screen.findByRole('button', { name: 'اختر وقتاً آخر' })).toBeTruthy()
  })
})
