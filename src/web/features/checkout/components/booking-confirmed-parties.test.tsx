import { act, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '../../../../shared/checkout.ts'
import { renderRoutes } from '../../../testing/render.tsx'
import { orderFor } from '../test-fixtures.ts'
import { BookingConfirmed } from './booking-confirmed.tsx'

beforeEach(async () => {
  await i18next.loadNamespaces(['checkout', 'visit'])
  // The venue's position for "Directions": none here.
  vi.stubGlobal('fetch', async () =>
    Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  )
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

/** An order of four people at 09:00 (Sunday 1 December 2030) and one more at 10:00. */
function partyOrder(): Order {
  const order = orderFor('confirmed', 'venue')
  const [visit] = order.bookings
  if (!visit) throw new Error('the fixture has a visit')
  const bookings = [1, 2, 3, 4, 5].map((id) => ({
    ...visit,
    id,
    reference: `DP-7K3M-QAB${id}`,
    time: id === 5 ? '10:00' : '09:00',
  }))
  return { ...order, bookings }
}

function renderConfirmed(order: Order) {
  renderRoutes([
    {
      path: '/',
      element: <BookingConfirmed order={order} email="sara@example.bh" justPlaced />,
    },
  ])
}

describe('the confirmation page groups a party', () => {
  it('lists the four tickets of one time under one heading, as the mail does, and the other alone', async () => {
    renderConfirmed(partyOrder())
    const party = await screen.findByRole('region', {
      name: 'Vida Beach Hotel · Sun 01/12 · 09:00 · 4 people',
    })
    const tickets = within(party).getAllByRole('listitem')
    expect(tickets.map((ticket) => ticket.getAttribute('data-reference'))).toEqual([
      'DP-7K3M-QAB1',
      'DP-7K3M-QAB2',
      'DP-7K3M-QAB3',
      'DP-7K3M-QAB4',
    ])
    for (const ticket of tickets)
      expect(within(ticket).getByRole('img', { name: /Ticket QR code/ })).toBeTruthy()
    // The visit booked alone at 10:00 is its own card, with no party heading.
    expect(screen.getAllByRole('region')).toHaveLength(1)
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
  })

  it('gives the heading in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'))
    renderConfirmed(partyOrder())
    expect(
      await screen.findByRole('region', { name: 'Vida Beach Hotel · الأحد 01/12 · 09:00 · 4 أشخاص' }),
    ).toBeTruthy()
  })
})
