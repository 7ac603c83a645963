import { fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CancellableBooking } from '../../../../shared/visits.ts'
import { renderRoutes } from '../../../testing/render.tsx'
import { stubApi } from '../../checkout/test-fixtures.ts'
import { ChangeDate } from './change-date.tsx'

/** A card-paid visit of a party of two on Thursday 5 December 2030 at 10:00, BD 14.000 each. */
function visit(id: number, fields: Partial<CancellableBooking> = {}): CancellableBooking {
  return {
    id,
    reference: `DP-7K3M-Q9A${id}`,
    orderId: '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11',
    gymId: 'vida-beach',
    gymName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
    passId: 'adult-day',
    passName: { en: 'Adult', ar: 'بالغ' },
    price: 'BD 14.000',
    priceFils: 14_000,
    date: '2030-12-05',
    time: '10:00',
    location: { en: 'Bahrain Bay', ar: 'خليج البحرين' },
    paymentStatus: 'paid',
    createdAt: '2030-11-01T08:00:00.000Z',
    cancellation: {
      deadline: '2030-12-04T07:00:00.000Z',
      noticeHours: 24,
      cancelledAt: null,
      cancelledByTeam: false,
      reason: null,
      refusal: null,
      refundFils: 14_000,
      refund: null,
    },
    ...fields,
  }
}

function day(date: string, priceFils: number, remaining = 10) {
  return () =>
    Response.json({
      gymId: 'vida-beach',
      date,
      dayType: priceFils > 14_000 ? 'weekend' : 'weekday',
      holiday: null,
      bookable: true,
      slots: [
        { time: '10:00', capacity: 20, remaining, status: 'open' },
        { time: '11:00', capacity: 20, remaining, status: 'open' },
      ],
      passes: [{ id: 'adult-day', priceFils, price: `BD ${(priceFils / 1000).toFixed(3)}` }],
      placesPerOrder: 8,
    })
}

beforeEach(async () => {
  await i18next.loadNamespaces(['bookings', 'catalog', 'errors'])
  stubApi({
    // Saturday is dearer, Tuesday cheaper, Wednesday has one place left.
    'GET /api/gyms/vida-beach/availability?date=2030-12-07': day('2030-12-07', 16_000),
    'GET /api/gyms/vida-beach/availability?date=2030-12-03': day('2030-12-03', 12_000),
    'GET /api/gyms/vida-beach/availability?date=2030-12-04': day('2030-12-04', 14_000, 1),
  })
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

function open(booking = visit(1), onChange = vi.fn(async () => ({}))) {
  renderRoutes([
    { path: '/', element: <ChangeDate booking={booking} siblings={[visit(2)]} onChange={onChange} /> },
  ])
  fireEvent.click(screen.getByRole('button', { name: i18next.t('bookings:changeDate.button') }))
  return onChange
}

async function choose(date: string, time = '11:00') {
  const field = await screen.findByRole('textbox', { name: i18next.t('bookings:changeDate.date') })
  fireEvent.change(field, { target: { value: date } })
  fireEvent.blur(field)
  fireEvent.click(await screen.findByRole('radio', { name: new RegExp(time) }))
}

const confirmButton = () => screen.getByRole('button', { name: i18next.t('bookings:changeDate.confirm') })

describe('the Change date dialog', () => {
  it('shows the refund for the whole party on a cheaper day, and moves the party when confirmed', async () => {
    const onChange = open()
    const party = (await screen.findByRole('checkbox', {
      name: /whole party \(2 people\)/,
    })) as HTMLInputElement
    expect(party.checked).toBe(true)
    await choose('03/12/2030')
    expect((await screen.findByTestId('price-difference')).textContent).toContain(
      'BD 4.000 will be refunded to your card.',
    )
    fireEvent.click(confirmButton())
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ date: '2030-12-03', time: '11:00', scope: 'order' }),
    )
  })

  it('says a dearer day paid by card cannot be changed: cancel and book again', async () => {
    const onChange = open()
    await choose('07/12/2030')
    expect((await screen.findByTestId('price-difference')).textContent).toContain('Cancel and book again.')
    expect(confirmButton().hasAttribute('disabled')).toBe(true)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('lets a pay-at-venue visit move to a dearer day, with the new price due at the venue', async () => {
    open(visit(1, { paymentStatus: 'pay at venue' }))
    await choose('07/12/2030')
    expect((await screen.findByTestId('price-difference')).textContent).toContain(
      'The new price is BD 16.000 per person (BD 4.000 more in all), paid at the venue.',
    )
    expect(confirmButton().hasAttribute('disabled')).toBe(false)
  })

  it('refuses a time without a place for everyone, naming the places left', async () => {
    open()
    await choose('04/12/2030')
    expect(await screen.findByText(/Only 1 place is left at this time/)).toBeTruthy()
    expect(confirmButton().hasAttribute('disabled')).toBe(true)
  })

  it('is in Arabic for an Arabic visitor', async () => {
    await i18next.changeLanguage('ar')
    open()
    expect(await screen.findByRole('dialog', { name: 'تغيير التاريخ أو الوقت' })).toBeTruthy()
  })

  it('is not offered once the visit can no longer be cancelled free', () => {
    const late = visit(1)
    renderRoutes([
      {
        path: '/',
        element: (
          <ChangeDate
            booking={{ ...late, cancellation: { ...late.cancellation, refusal: 'CANCEL_TOO_LATE' } }}
            siblings={[]}
            onChange={vi.fn()}
          />
        ),
      },
    ])
    expect(screen.queryByRole('button', { name: i18next.t('bookings:changeDate.button') })).toBeNull()
  })
})
