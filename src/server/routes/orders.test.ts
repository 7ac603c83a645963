import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../tests/support/accounts.ts'
import { createCheckoutTestApp, guest, line, placeOrder } from '../../../tests/support/checkout.ts'
import type { TestApp } from '../../../tests/support/test-app.ts'
import { viewToken } from '../domain/visits/ticket-codes.ts'

/**
 * An order's own page (docs/booking.md, "An order's own page"): an account's order read by its
 * owner only, and a guest's whole order through one visit's signed link, never another order's.
 */
let t: TestApp
let client = 0
beforeAll(async () => {
  t = await createCheckoutTestApp()
})
afterAll(() => t.close())
beforeEach(() => {
  client++
})

const address = () => `10.78.0.${client}`
const get = (url: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: address(),
  })
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin }, remoteAddress: address() })

interface PlacedVisit {
  id: number
  reference: string
  manageToken: string | null
}

async function order(body: object, cookie?: string) {
  const placed = await placeOrder(t, body, { cookie })
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json() as { id: string; bookings: PlacedVisit[] }
}

describe('an account’s order', () => {
  it('is read by its owner with every visit as it stands, and is a 404 to anyone else', async () => {
    const owner = await signedInUser(t, 'order-owner@example.bh')
    const other = await signedInUser(t, 'order-other@example.bh')
    const placed = await order(
      {
        items: [line({ time: '09:00', quantity: 3 }), line({ time: '11:00' })],
        paymentMethod: 'venue',
      },
      owner.cookie,
    )
    const mine = await get(`/api/orders/${placed.id}`, owner.cookie)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.headers['cache-control']).toBe('no-store')
    const body = mine.json()
    expect(body.status).toBe('confirmed')
    expect(body.bookings.map((visit: PlacedVisit) => visit.reference)).toEqual(
      placed.bookings.map((visit) => visit.reference),
    )
    expect(body.bookings[0].cancellation.cancelledAt).toBeNull()
    expect(body.bookings.every((visit: PlacedVisit) => visit.manageToken === null)).toBe(true)

    const theirs = await get(`/api/orders/${placed.id}`, other.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error.code).toBe('ORDER_NOT_FOUND')
    expect((await get(`/api/orders/${placed.id}`)).statusCode).toBe(401)
  })

  it('is a 404 for a guest’s order and for one that does not exist', async () => {
    const someone = await signedInUser(t, 'order-curious@example.bh')
    const guestOrder = await order({
      items: [line({ time: '12:00' })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect((await get(`/api/orders/${guestOrder.id}`, someone.cookie)).statusCode).toBe(404)
    expect((await get('/api/orders/7d3f7c1e-0000-4000-8000-000000000000', someone.cookie)).statusCode).toBe(
      404,
    )
  })
})

describe('a guest’s order page', () => {
  it('shows every visit of the order, each with its own manage link, and none of another order', async () => {
    const details = guest(t)
    const family = await order({
      items: [line({ time: '09:00', quantity: 4 }), line({ time: '13:00' })],
      paymentMethod: 'venue',
      guest: details,
    })
    // The same guest's next order is another page.
    const later = await order({ items: [line({ time: '14:00' })], paymentMethod: 'venue', guest: details })
    const [first, second] = family.bookings
    if (!first?.manageToken || !second?.manageToken) throw new Error('guest visits expected')

    const page = await get(`/api/manage/${first.manageToken}`)
    expect(page.statusCode, page.body).toBe(200)
    const visits = page.json().order as PlacedVisit[]
    expect(visits.map((visit) => visit.id)).toEqual(family.bookings.map((visit) => visit.id))
    expect(visits.map((visit) => visit.manageToken)).toEqual(
      family.bookings.map((visit) => visit.manageToken),
    )
    expect(visits.some((visit) => later.bookings.some((other) => other.id === visit.id))).toBe(false)

    // Each visit's own link shows the same order and acts on that visit: here it cancels the second.
    const cancelled = await post(`/api/manage/${second.manageToken}/cancel`, { scope: 'visit' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().cancelledIds).toEqual([second.id])
    const after = (await get(`/api/manage/${first.manageToken}`)).json().order as (PlacedVisit & {
      cancellation: { cancelledAt: string | null }
    })[]
    expect(after.find((visit) => visit.id === second.id)?.cancellation.cancelledAt).not.toBeNull()
    // Its link was revoked by the cancel, and a cancelled visit is given no link to act on any more.
    expect(after.find((visit) => visit.id === second.id)?.manageToken).toBeNull()
    expect((await get(`/api/manage/${second.manageToken}`)).statusCode).toBe(404)
  })

  it('stays read-only through a view link: the order is shown without links, and the link cannot cancel', async () => {
    const family = await order({
      items: [line({ time: '15:00', quantity: 2 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    const [first, second] = family.bookings
    if (!first?.manageToken || !second) throw new Error('guest visits expected')
    // The read-only link a calendar entry or the cancellation mail carries.
    const viewLink = viewToken(t.config.AUTH_SECRET, { id: first.id, manage_version: 1 })
    const page = await get(`/api/manage/${encodeURIComponent(viewLink)}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().access).toBe('view')
    const visits = page.json().order as PlacedVisit[]
    expect(visits.map((visit) => visit.id)).toEqual([first.id, second.id])
    expect(visits.every((visit) => visit.manageToken === null)).toBe(true)
    expect(page.json().orderVisits).toEqual([])

    const refused = await post(`/api/manage/${encodeURIComponent(viewLink)}/cancel`, { scope: 'order' })
    expect(refused.statusCode).toBe(404)
    expect((await get(`/api/manage/${first.manageToken}`)).json().booking.cancellation.cancelledAt).toBeNull()
  })
})
