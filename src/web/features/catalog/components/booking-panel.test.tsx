import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { renderRoutes } from '../../../testing/render.tsx'
import { BookingPanel } from './booking-panel.tsx'

const venue = {
  id: 'vida-beach',
  name: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
  description: { en: '', ar: '' },
  area: 'Bahrain Bay',
  location: { en: 'Bahrain Bay', ar: 'خليج البحرين' },
  venueType: 'hotel',
  rating: 5,
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

async function openDialog() {
  renderRoutes([{ path: '/', element: <BookingPanel venue={venue} /> }])
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
  await i18next.changeLanguage('en')
})

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

  it('reads a day and month typed with one digit', async () => {
    await openDialog()
    const date = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement
    fireEvent.change(date, { target: { value: '1/2/2099' } })
    fireEvent.blur(date)
    expect(date.value).toBe('01/02/2099')
    expect(screen.queryByText('Enter a real date as dd/mm/yyyy.')).toBeNull()
  })
})
